/**
 * Doctor's word on the session net (docs/design.md, "What agents changed"): said only when the net
 * is off or its last walk could not see everything, in the words the session start's brief uses.
 */
import { netLine } from '../../../core/trail/session-notes';
import { netFolder, netState } from '../../journal/net-blind';
import { BASELINE_ENV } from '../../journal/session-baseline-start';
import { loadVaultContext } from '../../vault-config';
import type { Check } from './doctor-report';

export function sessionNetChecks(vault: string, env: NodeJS.ProcessEnv): Check[] {
	const ctx = loadVaultContext(vault, { env });
	// Without a plugin folder other checks say what to do; doctor's own environment is not the hooks'.
	if (ctx.pluginDir === null) return [];
	const state = netState(vault, ctx.pluginDir, { ...env, [BASELINE_ENV]: undefined });
	if (state === null) return [];
	return [
		{
			id: 'session-net',
			status: 'warn',
			message: netLine('en', state),
			fix: `Notes changed through an agent's shell where the net cannot look are not recorded for review: make the folders named readable (or less deep). The net keeps its files in ${netFolder(vault, env)}.`,
		},
	];
}
