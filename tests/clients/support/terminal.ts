/**
 * An interactive CLI in a pseudo-terminal, read the way a person sees it: the program runs under
 * `pty-relay.py` (Python's pty module: no native Node add-on to build), and what it writes goes
 * through a headless xterm, so a test reads the screen's rows rather than the escape stream.
 * The terminal answers the program's queries (cursor position, device attributes) as xterm does.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import * as path from 'node:path';

const RELAY = path.join(__dirname, 'pty-relay.py');

/** The part of `@xterm/headless` used here. */
interface HeadlessCell {
	getChars(): string;
	getFgColor(): number;
	isFgDefault(): boolean;
	isFgPalette(): boolean;
	isDim(): number;
}
interface HeadlessLine {
	length: number;
	translateToString(trimRight: boolean): string;
	getCell(x: number): HeadlessCell | undefined;
}
interface HeadlessTerminal {
	write(data: Uint8Array | string, done: () => void): void;
	onData(listener: (reply: string) => void): void;
	buffer: { active: { viewportY: number; getLine(y: number): HeadlessLine | undefined } };
}
type HeadlessTerminalClass = new (options: { rows: number; cols: number; allowProposedApi: boolean; scrollback: number }) => HeadlessTerminal;

/**
 * Loaded at run time from tests/clients' own packages: they are installed by the suite's `npm ci`,
 * after the type check, so the type check must not need them.
 */
function loadTerminalClass(): HeadlessTerminalClass {
	return (createRequire(__filename)('@xterm/headless') as { Terminal: HeadlessTerminalClass }).Terminal;
}

/** A stretch of a row drawn alike: `fg` is `default`, `palette:N` or `rgb:N`. */
export interface Styled {
	text: string;
	fg: string;
	dim: boolean;
}

function styledLine(line: HeadlessLine | undefined): Styled[] {
	const runs: Styled[] = [];
	for (let x = 0; line !== undefined && x < line.length; x++) {
		const cell = line.getCell(x);
		if (cell === undefined) continue;
		const fg = cell.isFgDefault() ? 'default' : `${cell.isFgPalette() ? 'palette' : 'rgb'}:${cell.getFgColor()}`;
		const dim = cell.isDim() !== 0;
		const last = runs.at(-1);
		if (last !== undefined && last.fg === fg && last.dim === dim) last.text += cell.getChars() || ' ';
		else runs.push({ text: cell.getChars() || ' ', fg, dim });
	}
	return runs.map((r) => ({ ...r, text: r.text.trim() })).filter((r) => r.text !== '');
}

/** How a terminal draws `text` (escape sequences and all): the styled stretches of its first row. */
export async function drawn(text: string): Promise<Styled[]> {
	const term = new (loadTerminalClass())({ rows: 4, cols: 200, allowProposedApi: true, scrollback: 0 });
	await new Promise<void>((resolve) => term.write(text, resolve));
	return styledLine(term.buffer.active.getLine(0));
}

export interface TerminalOptions {
	cwd: string;
	env: NodeJS.ProcessEnv;
	rows?: number;
	cols?: number;
}

export interface Terminal {
	/** Types into the terminal (`\r` is Enter). */
	type(keys: string): void;
	/** The visible rows, trailing blanks trimmed, once everything written so far is on the screen. */
	screen(): Promise<string[]>;
	/** The styled stretches of the visible rows (blank stretches left out). */
	styled(): Promise<Styled[][]>;
	/** Waits until the screen satisfies `test`; fails with the screen as it was after `timeoutMs`. */
	waitFor(what: string, test: (rows: string[]) => boolean, timeoutMs?: number): Promise<string[]>;
	/** Resolves with the exit code once the program has ended. */
	exited: Promise<number | null>;
	/** Ends the program if it still runs (the relay's end hangs up its terminal). */
	kill(): void;
}

/** Why no terminal can be had here (python3 or the headless xterm missing), or undefined when one can. */
export function terminalUnavailable(): string | undefined {
	try {
		loadTerminalClass();
	} catch {
		return '@xterm/headless is not installed in tests/clients (run "npm run test:clients", which installs it)';
	}
	const r = spawnSync('python3', ['-c', 'import pty, termios, fcntl'], { encoding: 'utf8', timeout: 30_000 });
	if (r.status === 0) return undefined;
	return `python3 with its pty module is needed for an interactive run: ${(r.error?.message ?? r.stderr).trim().split('\n').at(-1) ?? ''}`;
}

export function startTerminal(command: string, args: string[], o: TerminalOptions): Terminal {
	const rows = o.rows ?? 40;
	const cols = o.cols ?? 120;
	const term = new (loadTerminalClass())({ rows, cols, allowProposedApi: true, scrollback: 1000 });
	const child = spawn('python3', [RELAY, String(rows), String(cols), '--', command, ...args], { cwd: o.cwd, env: o.env, stdio: ['pipe', 'pipe', 'pipe'] });
	let pending = Promise.resolve();
	let stderr = '';
	child.stdout.on('data', (chunk: Buffer) => {
		pending = pending.then(() => new Promise<void>((resolve) => term.write(chunk, resolve)));
	});
	child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
	child.stdin.on('error', () => undefined);
	// The program's queries (cursor position, device attributes) get the answers a terminal gives.
	term.onData((reply) => {
		if (child.exitCode === null && !child.stdin.destroyed) child.stdin.write(reply);
	});
	const exited = new Promise<number | null>((resolve) => {
		child.on('error', (e) => {
			stderr += e.message;
			resolve(null);
		});
		child.on('close', (code) => resolve(code));
	});

	async function screen(): Promise<string[]> {
		await pending;
		const buffer = term.buffer.active;
		const out: string[] = [];
		for (let y = buffer.viewportY; y < buffer.viewportY + rows; y++) out.push(buffer.getLine(y)?.translateToString(true) ?? '');
		return out;
	}

	async function styled(): Promise<Styled[][]> {
		await pending;
		const buffer = term.buffer.active;
		const out: Styled[][] = [];
		for (let y = buffer.viewportY; y < buffer.viewportY + rows; y++) out.push(styledLine(buffer.getLine(y)));
		return out;
	}

	return {
		styled,
		type(keys) {
			if (child.exitCode === null && !child.stdin.destroyed) child.stdin.write(keys);
		},
		screen,
		async waitFor(what, test, timeoutMs = 60_000) {
			const until = Date.now() + timeoutMs;
			for (;;) {
				const now = await screen();
				if (test(now)) return now;
				const ended = child.exitCode !== null;
				if (ended || Date.now() > until) {
					const why = ended ? `the program exited (${String(child.exitCode)})` : 'timed out';
					throw new Error(`waiting for ${what}: ${why}. Screen:\n${now.join('\n').trimEnd()}\n${stderr ? `stderr: ${stderr.slice(-1500)}` : ''}`);
				}
				await new Promise((r) => setTimeout(r, 200));
			}
		},
		exited,
		kill() {
			if (child.exitCode === null) child.kill('SIGTERM');
		},
	};
}
