/**
 * `check [--json] [paths…]`: the rule check from a terminal, CI or a git pre-commit hook. Exit 0
 * when clean, 1 with findings, 2 for a usage or vault error. Paths (relative to the working
 * folder, files or folders inside the vault) replace the rule scope as what is checked.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { UsageError, type Args } from '../args';
import { clock, contextFor } from '../context';
import { writeOut } from '../io';
import { formatFindings } from '../../src/core/rules/report-text';
import { vaultRelative } from '../../src/core/rules/scope';
import { quoteName, safeLines } from '../../src/core/quote';
import { checkJson } from '../../src/node/check-report';
import { checkVault, listVaultFiles } from '../../src/node/rule-files';
import { attributeFindings } from '../../src/node/last-check';

/**
 * The listing indexed once, lower-cased and sorted, so each given path costs a binary search and
 * its own matches: N explicit paths stay linear in N plus the listing, not N times the listing.
 */
function listingIndex(files: string[]): { lower: string[]; original: string[] } {
	const order = files.map((f, i) => [f.toLowerCase(), i] as const).sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
	return { lower: order.map((o) => o[0]), original: order.map((o) => files[o[1]] ?? '') };
}

function firstAtLeast(sorted: string[], key: string): number {
	let lo = 0;
	let hi = sorted.length;
	while (lo < hi) {
		const mid = (lo + hi) >>> 1;
		if ((sorted[mid] ?? '') < key) lo = mid + 1;
		else hi = mid;
	}
	return lo;
}

/** Every listed file equal to `rel` or under it (case-insensitive), from the index. */
function matchesOf(index: ReturnType<typeof listingIndex>, rel: string): string[] {
	const key = rel.toLowerCase();
	const out: string[] = [];
	for (let i = firstAtLeast(index.lower, key); i < index.lower.length && (index.lower[i] ?? '') === key; i++) out.push(index.original[i] ?? '');
	if (key === '') return index.original;
	const prefix = `${key}/`;
	for (let i = firstAtLeast(index.lower, prefix); i < index.lower.length && (index.lower[i] ?? '').startsWith(prefix); i++) out.push(index.original[i] ?? '');
	return out;
}

function targetsFrom(root: string, given: string[], cwd: string): string[] {
	const index = listingIndex(listVaultFiles(root).files);
	const targets = new Set<string>();
	for (const arg of given) {
		const absolute = path.resolve(cwd, arg);
		const rel = absolute === path.resolve(root) ? '' : vaultRelative(root, absolute);
		if (rel === null) throw new UsageError(`${quoteName(arg)} is not inside the vault ${quoteName(root)}`);
		if (!fs.existsSync(absolute)) throw new UsageError(`${quoteName(arg)} does not exist`);
		const matches = matchesOf(index, rel);
		// A file the listing leaves out (in a dot folder) is still checked when named explicitly.
		if (matches.length === 0 && fs.statSync(absolute).isFile()) targets.add(rel);
		for (const m of matches) targets.add(m);
	}
	return [...targets];
}

export async function check(args: Args, scriptPath: string, env: NodeJS.ProcessEnv, cwd = process.cwd()): Promise<number> {
	const ctx = contextFor(args, scriptPath, env);
	const targets = args.positional.length > 0 ? targetsFrom(ctx.root, args.positional, cwd) : undefined;
	const timeout = Number(env.SESSION_BRIEF_EXTERNAL_TIMEOUT_MS);
	const result = await checkVault(ctx, { env, lang: ctx.lang, targets, externalTimeoutMs: timeout > 0 ? timeout : undefined });
	// Only a check of the whole rule scope becomes the record the next edit is compared with.
	const diff = attributeFindings(ctx.pluginDir, ctx.lang, result.findings, clock(env), targets === undefined);
	if (args.flags.has('json')) {
		writeOut(`${JSON.stringify(checkJson(ctx, result, ctx.lang, diff), null, 2)}\n`);
	} else {
		writeOut(`${safeLines(formatFindings(result.findings, result.checksRun, ctx.lang).join('\n'))}\n`);
	}
	return result.findings.length > 0 ? 1 : 0;
}
