/**
 * `check [--json] [paths…]`: the rule check from a terminal, CI or a git pre-commit hook. Exit 0
 * when clean, 1 with findings, 2 for a usage or vault error. Paths (files or folders inside the
 * vault; a relative one is relative to the vault, as every path the bridge prints is) replace the
 * rule scope as what is checked.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { UsageError, type Args } from '../args';
import { clock, contextFor } from '../context';
import { writeJson, writeOut } from '../io';
import { formatFindings } from '../../src/core/rules/report-text';
import { vaultRelative } from '../../src/core/rules/scope';
import { quoteName, safeLines } from '../../src/core/quote';
import { checkJson } from '../../src/node/check/check-report';
import { checkVault, listVaultFiles, targetsUnder } from '../../src/node/check/rule-files';
import { attributeFindings } from '../../src/node/check/last-check';

function targetsFrom(root: string, given: string[], cwd: string): string[] {
	const files = listVaultFiles(root).files;
	const rels = given.map((arg) => {
		const absolute = path.resolve(root, arg);
		const rel = absolute === path.resolve(root) ? '' : vaultRelative(root, absolute);
		if (rel === null) throw new UsageError(`${quoteName(arg)} is not inside the vault ${quoteName(root)}`);
		if (!fs.existsSync(absolute)) throw new UsageError(`${quoteName(arg)} does not exist in the vault ${quoteName(root)}${fromHere(root, arg, cwd)}`);
		return rel;
	});
	return targetsUnder(root, rels, files);
}

/** For a relative path that exists from the working folder: how to name it from the vault. */
function fromHere(root: string, arg: string, cwd: string): string {
	if (path.isAbsolute(arg)) return '';
	const here = path.resolve(cwd, arg);
	const rel = vaultRelative(root, here);
	if (rel === null || rel === '' || !fs.existsSync(here)) return '';
	return `; paths are relative to the vault: did you mean ${quoteName(rel)}?`;
}

export async function check(args: Args, scriptPath: string, env: NodeJS.ProcessEnv, cwd = process.cwd()): Promise<number> {
	const ctx = contextFor(args, scriptPath, env);
	const targets = args.positional.length > 0 ? targetsFrom(ctx.root, args.positional, cwd) : undefined;
	const timeout = Number(env.SESSION_BRIEF_EXTERNAL_TIMEOUT_MS);
	const result = await checkVault(ctx, { env, lang: ctx.lang, targets, externalTimeoutMs: timeout > 0 ? timeout : undefined });
	// Only a check of the whole rule scope becomes the record the next edit is compared with.
	const diff = attributeFindings(ctx.root, ctx.pluginDir, ctx.lang, result.findings, clock(env), targets === undefined);
	if (args.flags.has('json')) {
		writeJson(checkJson(ctx, result, ctx.lang, diff));
	} else {
		writeOut(`${safeLines(formatFindings(result.findings, result.checksRun, ctx.lang).join('\n'))}\n`);
	}
	return result.findings.length > 0 ? 1 : 0;
}
