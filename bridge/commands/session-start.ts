/**
 * The SessionStart hook: whatever arrives on stdin, print exactly one pure-ASCII JSON
 * object and exit 0. An error outside the items keeps every line made so far.
 */
import { stringFlag, type Args } from '../args';
import { agentOrDefault, hostTextLimit, sessionStartOutput } from '../../src/core/hosts/agent-contracts';
import { alreadyGivenLine, netLine, outsideVaultLine, withLineAfterHeading } from '../../src/core/trail/session-notes';
import { beginSessionStart, DOCTOR_RUN_ENV, readSessionInput } from '../../src/node/journal/session-record';
import { escapeControls } from '../../src/core/quote';
import { isoDate } from '../../src/core/brief/dates';
import { formatBrief } from '../../src/core/brief/format';
import { strings, type Lang } from '../../src/core/i18n';
import { clock, contextFor } from '../context';
import { readStdin, writeOut } from '../io';
import * as path from 'node:path';
import { getBrief } from '../../src/node/tiers/brief-pipeline';
import { startBaseline } from '../../src/node/journal/session-baseline-start';
import { netState } from '../../src/node/journal/net-blind';

function firstLine(error: unknown): string {
	const text = error instanceof Error ? error.message : String(error);
	return escapeControls((text.split('\n')[0] ?? '').slice(0, 300)) || 'unknown error';
}

export async function sessionStart(args: Args, scriptPath: string, env: NodeJS.ProcessEnv): Promise<number> {
	// No field of the input is trusted for the vault root (docs/design.md, "Where the vault is"); session
	// id, source and `cwd` are kept as hints, and `source` says whether a new conversation starts.
	const stdin = await readStdin(2000);
	const now = clock(env);
	let lang: Lang = 'en';
	const lines: string[] = [];
	// Work done after the answer is out: the session net's baseline (src/node/journal/session-baseline-start.ts),
	// and a compaction of the session starts record when nothing else did it for a long while.
	const afterAnswer: (() => void)[] = [];
	try {
		const ctx = contextFor(args, scriptPath, env);
		lang = ctx.lang;
		// The firing recorded, one brief per session, the `cwd` hint (docs/design.md, "Proof that sessions got the brief").
		const agent = agentOrDefault(stringFlag(args, 'agent'));
		const input = readSessionInput(stdin, agent);
		const start = beginSessionStart(ctx.root, ctx.pluginDir, ctx.settings, input, agent, now, env);
		if (start.afterAnswer !== null) afterAnswer.push(start.afterAnswer);
		if (start.duplicate) {
			writeOut(sessionStartOutput(stringFlag(args, 'agent'), alreadyGivenLine(lang), lang));
			for (const work of afterAnswer) work();
			return 0;
		}
		// doctor's own test run is no session. The baseline comes from the index the brief was made
		// from when that index was current (tier 1, the verified cache, or the scan's own), else from a walk.
		let indexId: string | null = null;
		if (ctx.pluginDir !== null && env[DOCTOR_RUN_ENV] !== '1') afterAnswer.push(() => startBaseline(ctx.root, stringFlag(args, 'config-dir'), input.session_id ?? null, scriptPath, env, indexId));
		// The firing's record is also that of a new conversation (`startup`, `clear`), which the brief's
		// news compare with the one before (docs/design.md, "What agents changed").
		// Tier 1 needs no scan code; the pipeline loads the other tiers only when the plugin's cache cannot serve.
		const sourced = await getBrief(ctx, 'auto', now, false);
		indexId = sourced.source === 'cache' ? (sourced.cache?.indexId ?? null) : (sourced.indexWritten ?? null);
		if (sourced.cache?.lang !== undefined && ctx.settings.language === 'auto' && !args.flags.has('lang')) lang = sourced.cache.lang;
		const net = env[DOCTOR_RUN_ENV] === '1' ? null : netState(ctx.root, ctx.pluginDir, env);
		const notes = [start.outside === null ? null : outsideVaultLine(lang, start.outside.cwd, start.outside.readFirst), net === null ? null : netLine(lang, net)].filter((l): l is string => l !== null);
		const note = notes.length === 0 ? null : notes.join('\n');
		const limit = hostTextLimit(stringFlag(args, 'agent')) - (note === null ? 0 : note.length + 1);
		lines.push(
			withLineAfterHeading(formatBrief(sourced.brief, ctx.settings, lang, { source: sourced.source, generatedAt: sourced.generatedAt, vaultName: path.basename(ctx.root), cacheRejected: sourced.cacheRejected }, now.getTime(), limit), note),
		);
	} catch (error) {
		if (lines.length === 0) lines.push(`${strings(lang).date}: ${isoDate(now)} (${strings(lang).weekdays[now.getDay()] ?? ''})`);
		lines.push(`Session brief: ${firstLine(error)}`);
	}
	writeOut(sessionStartOutput(stringFlag(args, 'agent'), lines.join('\n'), lang));
	for (const work of afterAnswer) work();
	return 0;
}

export { sessionStartCrashOutput } from '../hook-output';
