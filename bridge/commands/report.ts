/** `report [--json] [--review] [--source auto|cache|scan]`: the brief for a human or a program. */
import { UsageError, stringFlag, type Args } from '../args';
import { getBrief, NoCurrentCache, NoLiveAnswer } from '../../src/node/tiers/brief-pipeline';
import { reportJson, reportLang, reportText } from '../../src/node/tiers/brief-report';
import { escapeControls } from '../../src/core/quote';
import { clock, contextFor } from '../context';
import { writeJson, writeOut } from '../io';

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
	const review = args.flags.has('review');
	if (args.flags.has('json')) {
		writeJson(reportJson(ctx, sourced, review));
		return 0;
	}
	writeOut(`${reportText(ctx, sourced, reportLang(ctx, sourced, args.flags.has('lang')), review, now)}\n`);
	return 0;
}
