/** `report [--json] [--review] [--source auto|cache|scan]`: the brief for a human or a program. */
import * as path from 'node:path';
import { UsageError, stringFlag, type Args } from '../args';
import { briefJson, formatBrief, formatReview } from '../../src/core/format';
import { getBrief, NoCurrentCache, NoLiveAnswer } from '../../src/node/brief-source';
import { escapeControls, safeLines } from '../../src/core/quote';
import { clock, contextFor } from '../context';
import { writeOut } from '../io';

export async function report(args: Args, scriptPath: string, env: NodeJS.ProcessEnv): Promise<number> {
	const source = stringFlag(args, 'source') ?? 'auto';
	if (source !== 'auto' && source !== 'cache' && source !== 'scan' && source !== 'live') throw new UsageError(`--source must be auto, cache, scan or live, not ${source}`);
	const ctx = contextFor(args, scriptPath, env);
	const now = clock(env);
	let sourced;
	try {
		sourced = await getBrief(ctx, source, now);
	} catch (error) {
		if (error instanceof NoCurrentCache) {
			process.stderr.write(`No current cached brief: ${escapeControls(error.message)}\nRun without --source cache to scan the vault.\n`);
			return 1;
		}
		if (error instanceof NoLiveAnswer) {
			process.stderr.write(`No live answer: ${escapeControls(error.message)}\nIs Obsidian open with Session Brief's live channel on, or "serve" running?\n`);
			return 1;
		}
		throw error;
	}
	const lang = sourced.cache?.lang !== undefined && ctx.settings.language === 'auto' && !args.flags.has('lang') ? sourced.cache.lang : ctx.lang;
	const origin = { source: sourced.source, generatedAt: sourced.generatedAt, vaultName: path.basename(ctx.root), cacheRejected: sourced.cacheRejected };
	const review = args.flags.has('review');
	if (args.flags.has('json')) {
		writeOut(`${JSON.stringify(briefJson(sourced.brief, ctx.root, origin, review), null, 2)}\n`);
		return 0;
	}
	let text = review ? formatReview(sourced.brief, ctx.settings, lang) : formatBrief(sourced.brief, ctx.settings, lang, origin, now.getTime());
	if (sourced.source === 'scan') text += `\n(read ${sourced.notesRead} note(s)${sourced.notes.length > 0 ? `; ${sourced.notes.join('; ')}` : ''})`;
	writeOut(`${safeLines(text)}\n`);
	return 0;
}
