/**
 * The end-of-turn hook (Claude Code `Stop` and `SessionEnd`, the other hosts' equivalents) and the
 * `baseline` command a session start leaves behind: the session net (src/core/trail/session-net.ts), which
 * journals the notes a session changed that no tool event reported (the shell, `mv`, `rm`, scripts).
 * The hook prints `{}` (every host that reads its output reads an empty object as "go on") and exits 0.
 */
import { stringFlag, type Args } from '../args';
import { clock, contextFor } from '../context';
import { readStdin, writeOut } from '../io';
import { agentOrDefault, translateHookInput } from '../../src/core/hosts/agent-contracts';
import { parseHookJson } from '../../src/node/hosts/hook-input';
import { BASELINE_INDEX_ENV, BASELINE_SESSION_ENV, BASELINE_STARTED_ENV } from '../../src/node/journal/session-baseline-start';
import { closeTurn, takeBaseline, type BaselineRows } from '../../src/node/journal/session-net';
import { usableCache } from '../../src/node/tiers/plugin-tier';
import { readBriefIndex } from '../../src/node/tiers/cache-read';
import type { VaultContext } from '../../src/node/vault-config';

/** What the end-of-turn hook prints: nothing to say, nothing to block. */
export const TURN_END_OUTPUT = '{}\n';

function sessionOf(value: string | undefined): string | null {
	return value === undefined || value === '' ? null : value;
}

export async function turnEnd(args: Args, scriptPath: string, env: NodeJS.ProcessEnv): Promise<number> {
	const stdin = await readStdin(2000);
	try {
		const input = translateHookInput(agentOrDefault(stringFlag(args, 'agent')), parseHookJson(stdin));
		await closeTurn(contextFor(args, scriptPath, env), sessionOf(input.session_id), clock(env), env);
	} catch {
		// Fail open: a turn the net missed is never worth the host's turn.
	}
	writeOut(TURN_END_OUTPUT);
	return 0;
}

/**
 * The rows of the index the session start named, when it is still the cache's and every note in
 * it was looked at; otherwise the baseline walks.
 */
function indexRows(ctx: VaultContext, indexId: string | undefined, now: Date): BaselineRows {
	if (indexId === undefined || indexId === '' || ctx.pluginDir === null) return { from: 'walk' };
	const cache = usableCache(ctx, now, []);
	if (cache === null || cache.indexId !== indexId) return { from: 'walk' };
	const index = readBriefIndex(ctx.root, ctx.pluginDir, indexId);
	if (index === null || index.notes.some((r) => r[2] < 0 || r[1] <= 0)) return { from: 'walk' };
	return { from: 'index', rows: index.notes.map((r) => [r[0], r[1], r[2]]) };
}

/** The detached process a session start leaves behind (src/node/journal/session-baseline-start.ts). Prints nothing. */
export function baseline(args: Args, scriptPath: string, env: NodeJS.ProcessEnv): number {
	try {
		const started = Number(env[BASELINE_STARTED_ENV]);
		const ctx = contextFor(args, scriptPath, env);
		const now = clock(env);
		takeBaseline(ctx, sessionOf(env[BASELINE_SESSION_ENV]), now, Number.isFinite(started) && started > 0 ? started : Date.now(), env, indexRows(ctx, env[BASELINE_INDEX_ENV], now));
	} catch {
		// Nothing to tell: the first end of a turn takes a baseline instead.
	}
	return 0;
}
