/**
 * Hooks `install` registered that are gone from their settings file though `uninstall` never ran
 * (src/node/hosts/install/installed-hooks.ts): an agent or a tool rewrote the file, and sessions since run
 * without the brief, the fence or the review trail, which nothing else would tell the human.
 */
import { agentArgs, hostOf } from '../../../core/hosts/agent-contracts';
import type { Check } from './doctor-report';
import { hooksRemoved } from '../install/installed-hooks';
import { installedHooksFile } from '../../journal/installed-hooks-record';

export function removedHookChecks(vault: string, env: NodeJS.ProcessEnv): Check[] {
	return hooksRemoved(vault, env).map((r) => ({
		id: 'hooks-removed',
		status: 'fail',
		message: `${r.file} no longer holds the ${r.events.join(', ')} hook${r.events.length === 1 ? '' : 's'} "install" registered there for ${hostOf(r.agent).name}, and "uninstall" did not take ${r.events.length === 1 ? 'it' : 'them'} out: something else rewrote the file (an agent, a script, another tool). Sessions since ran without ${r.events.length === 1 ? 'it' : 'them'}. (What install registered is kept in ${installedHooksFile(vault, env)}, outside the vault.)`,
		fix: `Look at what changed ${r.file}, then run "install"${agentArgs(r.agent).map((a) => ` ${a}`).join('')} again.`,
	}));
}
