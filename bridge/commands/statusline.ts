/**
 * `statusline`: one line for the agent's status bar (Claude Code's `statusLine` runs it whenever the
 * conversation updates, with JSON about the session on stdin). Whatever happens it prints one line
 * and exits 0: a vault it cannot read gives an empty line (docs/status-line.md).
 */
import { stringFlag, type Args } from '../args';
import { statusLineText } from '../../src/core/status/status-line';
import { readVaultStatus, statusLang } from '../../src/node/status/vault-status';
import { clock, contextFor } from '../context';
import { readStdin, writeOut } from '../io';

/** NO_COLOR set to anything but the empty string turns colour off (no-color.org). */
export function colorWanted(env: NodeJS.ProcessEnv): boolean {
	return env.NO_COLOR === undefined || env.NO_COLOR === '';
}

export async function statusline(args: Args, scriptPath: string, env: NodeJS.ProcessEnv): Promise<number> {
	// The session's JSON names the folder Claude Code runs in, which says nothing about the vault
	// (docs/design.md, "Where the vault is"); it is read so the writer is never left blocked.
	const stdin = readStdin(1000);
	// The user's own status line, chained before ours by install --statusline --chain: it gets the same input.
	const before = stringFlag(args, 'before');
	const theirs = before === undefined || before === '' ? Promise.resolve('') : stdin.then(async (input) => (await import('../../src/node/status/their-status-line')).runTheirStatusLine(before, input, env));
	let line = '';
	try {
		const ctx = contextFor(args, scriptPath, env);
		const status = readVaultStatus(ctx, clock(env));
		line = statusLineText(status, statusLang(ctx, status, args.flags.has('lang')), colorWanted(env) && !args.flags.has('no-color'));
	} catch {
		// A broken vault: the empty line says nothing rather than something wrong.
	}
	await stdin;
	writeOut(`${await theirs.catch(() => '')}${line}\n`);
	return 0;
}
