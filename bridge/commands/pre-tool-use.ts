/**
 * The PreToolUse hook of the opt-in Write guard (docs/design.md, "The Write guard"): refuses a
 * `Write` over an existing file in the sessions folder. Claude Code only. Everything it cannot
 * read, every other tool and every path outside the sessions folder is allowed silently: exit 0
 * with no output, so Claude Code goes on with its normal permission flow. The setting is read on
 * every run, so turning it on or off needs no new registration.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { stringFlag, type Args } from '../args';
import { contextFor } from '../context';
import { readStdin, writeOut } from '../io';
import { DEFAULT_AGENT, translateHookInput } from '../../src/core/agent-contracts';
import { vaultRelative } from '../../src/core/rules/scope';
import { denyOutput, freeName, guardApplies, GUARDED_TOOL, refusal } from '../../src/core/write-guard';
import { parseHookJson } from '../../src/node/hook-input';
import { defaultVaultRoot } from '../../src/node/vault-config';

/** The tool and its target file from Claude Code's hook input; null for anything else. */
export function writeAttempt(stdin: Buffer): { tool: string; filePath: string } | null {
	const hook = translateHookInput(DEFAULT_AGENT, parseHookJson(stdin));
	const filePath = hook.tool_input?.file_path;
	if (hook.tool_name === undefined || typeof filePath !== 'string' || filePath.trim() === '') return null;
	return { tool: hook.tool_name, filePath };
}

function isFile(p: string): boolean {
	try {
		return fs.statSync(p).isFile();
	} catch {
		return false;
	}
}

function exists(p: string): boolean {
	try {
		fs.lstatSync(p);
		return true;
	} catch (error) {
		// Anything but "not there" (no permission, a broken disk) counts as taken: never suggest it.
		return (error as NodeJS.ErrnoException).code !== 'ENOENT';
	}
}

export async function preToolUse(args: Args, scriptPath: string, env: NodeJS.ProcessEnv): Promise<number> {
	try {
		const stdin = await readStdin(2000);
		const attempt = writeAttempt(stdin);
		if (attempt === null || attempt.tool !== GUARDED_TOOL) return 0;
		// The root comes from the script's place (or --vault), never from the input's `cwd` (docs/design.md, "Where the vault is").
		const given = stringFlag(args, 'vault');
		const root = given !== undefined ? path.resolve(given) : defaultVaultRoot(scriptPath);
		if (root === null) return 0;
		const rel = vaultRelative(root, attempt.filePath) ?? (await import('../../src/node/real-path')).vaultRelativeReal(root, attempt.filePath);
		if (rel === null) return 0;
		const ctx = contextFor(args, scriptPath, env);
		if (!guardApplies(attempt.tool, rel, ctx.settings)) return 0;
		const target = path.resolve(root, attempt.filePath);
		if (!isFile(target)) return 0;
		const dir = path.dirname(target);
		const name = freeName(path.basename(target), (candidate) => exists(path.join(dir, candidate)));
		writeOut(denyOutput(refusal(attempt.filePath, rel, ctx.settings.sessionsFolder, name === null ? null : path.join(dir, name), ctx.lang)));
	} catch {
		// Fail open: a guard that cannot decide lets the Write through.
	}
	return 0;
}
