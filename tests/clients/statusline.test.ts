/**
 * The real Claude Code, interactive in a pseudo-terminal, runs the `statusLine` command of its
 * settings (print mode never does) and shows what it prints under the prompt; Qwen Code runs its
 * `ui.statusLine` the same way (docs/real-clients.md, "Interactive runs").
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, test } from 'vitest';
import { bridgeOk, NOW, probe, run, runClaude, skipReason, type Workspace } from './support/clients';
import { startClaudeTui } from './support/claude-tui';
import { startQwenTui } from './support/qwen-tui';
import { clientSuite } from './support/suite';
import { drawn, terminalUnavailable, type Styled } from './support/terminal';

const noTerminal = terminalUnavailable();
const client = await probe('claude');
const skip = skipReason('claude', noTerminal === undefined ? client : { ok: false, version: '', reason: noTerminal });
const qwen = await probe('qwen');
const skipQwen = skipReason('qwen', noTerminal === undefined ? qwen : { ok: false, version: '', reason: noTerminal });

interface StatusInput {
	session_id?: string;
	cwd?: string;
	workspace?: { current_dir?: string; project_dir?: string };
}

/** A status line command of the test's own: it keeps each stdin it gets (one JSON per line) and prints `marker`. */
function recordingStatusLine(ws: Workspace, marker: string): { command: string; inputs(): StatusInput[] } {
	const log = path.join(ws.home, `${marker}.jsonl`);
	const script = path.join(ws.home, `${marker}.sh`);
	fs.writeFileSync(script, `cat >> '${log}'\necho >> '${log}'\necho '${marker}'\n`);
	return {
		command: `sh '${script}'`,
		inputs: () =>
			fs.existsSync(log)
				? fs
						.readFileSync(log, 'utf8')
						.split('\n')
						.filter((l) => l.trim() !== '')
						.map((l) => JSON.parse(l) as StatusInput)
				: [],
	};
}

function writeSettings(file: string, settings: Record<string, unknown>): void {
	fs.mkdirSync(path.dirname(file), { recursive: true });
	const current = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>) : {};
	fs.writeFileSync(file, JSON.stringify({ ...current, ...settings }, null, 2));
}

const shows = (text: string) => (rows: string[]) => rows.some((r) => r.includes(text));

/** The installed hook file, as the settings entry names it. */
const hookFile = (ws: Workspace): string => path.join(ws.vault, '.claude', 'hooks', 'session-brief.cjs');

/**
 * Our status line as it stands on the screen (the row that begins with `vault:`, up to a wide gap:
 * Qwen Code draws its own indicators on the right of the same row), or undefined.
 */
function ourRow(rows: string[]): string | undefined {
	return rows.map((r) => r.trim().split(/\s{3,}/)[0] ?? '').find((r) => r.startsWith('vault:'));
}

/**
 * Our line once the session start has cached the brief (it always names the count to review then):
 * a run before that, which a client may make at start, shows less.
 */
const counted = (rows: string[]): boolean => /to review/.test(ourRow(rows) ?? '');

/** `statusline` run by hand on the same vault, in the environment Claude Code gives its status line. */
async function byHand(ws: Workspace, o: { colour?: boolean } = {}): Promise<string> {
	const env: NodeJS.ProcessEnv = { PATH: process.env.PATH ?? '', HOME: ws.home, SESSION_BRIEF_NOW: NOW, ...(o.colour === true ? {} : { NO_COLOR: '1' }) };
	const r = await run(process.execPath, [hookFile(ws), 'statusline'], { cwd: ws.vault, env, input: '{}' });
	expect(r.status).toBe(0);
	return o.colour === true ? r.stdout : r.stdout.trim();
}

/** The `statusLine` of the vault's project settings. */
function statusLineOf(ws: Workspace): unknown {
	return (JSON.parse(fs.readFileSync(path.join(ws.vault, '.claude', 'settings.json'), 'utf8')) as { statusLine?: unknown }).statusLine;
}

/** A word for sh, quoted as `install --statusline --chain` quotes the command it chains. */
const shQuote = (word: string): string => `'${word.replaceAll("'", `'\\''`)}'`;

/** The status line entry `install --statusline` writes for our command (docs/install.md). */
function ourEntry(ws: Workspace): { type: 'command'; command: string; padding: number } {
	return { type: 'command', command: `"${process.execPath}" "${hookFile(ws)}" statusline`, padding: 0 };
}

// A session in a terminal waits for several screens in turn: more time than a print-mode run needs.
const INTERACTIVE = { timeout: 240_000 };

describe.skipIf(skip !== undefined)(`Claude Code ${client.version || `(skipped: ${skip ?? ''})`}, interactive: the status line`, INTERACTIVE, () => {
	const s = clientSuite();

	test('the harness: a status line of the test runs with the session JSON on stdin, and its line is on the screen', async () => {
		const ws = s.ws();
		const own = recordingStatusLine(ws, 'TEST-STATUS-MARK');
		writeSettings(path.join(ws.vault, '.claude', 'settings.json'), { statusLine: { type: 'command', command: own.command } });
		s.api.script([{ text: 'The answer of the stand-in.' }]);
		const claude = startClaudeTui(ws, s.api, s.guard);
		try {
			await claude.term.waitFor('the status line', shows('TEST-STATUS-MARK'));
			claude.send('What is the state of the vault?');
			await claude.term.waitFor("the stand-in's answer", shows('The answer of the stand-in.'));
			await claude.term.waitFor('a run after the answer', () => own.inputs().length >= 2);
		} finally {
			await claude.quit();
		}
		const inputs = own.inputs();
		const vault = fs.realpathSync(ws.vault);
		expect(inputs[0]?.session_id).toMatch(/^[\w-]+$/);
		expect(inputs[0]?.workspace?.current_dir).toBe(vault);
		expect(new Set(inputs.map((i) => i.session_id)).size).toBe(1);
		expect(s.api.conversation().length).toBeGreaterThan(0);
	});

	test('install, then a session: Claude Code runs our statusline and shows its line; after an agent edit it runs it again', async () => {
		const ws = s.ws();
		await bridgeOk(ws, ['install', '--agent', 'claude-code', '--statusline']);
		// What Claude Code will run: our hook entry, as install writes every hook command.
		expect(statusLineOf(ws)).toEqual(ourEntry(ws));
		const note = path.join(ws.vault, 'Notes', 'Reading list.md');
		s.api.script([{ tool: 'Read', input: { file_path: note } }, { tool: 'Edit', input: { file_path: note, old_string: 'Reading list', new_string: 'Reading list (sorted)' } }, { text: 'Edited the note.' }]);
		const claude = startClaudeTui(ws, s.api, s.guard, { permissionMode: 'acceptEdits' });
		let first: string | undefined;
		let second: string | undefined;
		try {
			first = ourRow(await claude.term.waitFor('our status line', counted));
			expect(first).toBe(await byHand(ws));
			claude.send('Sort the reading list.');
			await claude.term.waitFor("the stand-in's answer", shows('Edited the note.'));
			second = ourRow(await claude.term.waitFor('our line with the agent change', (rows) => /agent change/.test(ourRow(rows) ?? '')));
		} finally {
			await claude.quit();
		}
		expect(fs.readFileSync(note, 'utf8')).toContain('Reading list (sorted)');
		expect(second).not.toBe(first);
		expect(second).toBe(await byHand(ws));
	});

	test("with the user's own status line, chained: the screen shows theirs and ours, and theirs got Claude Code's JSON", async () => {
		const ws = s.ws();
		const theirs = recordingStatusLine(ws, 'MY-OWN-STATUS');
		const their = { type: 'command', command: theirs.command, padding: 1 };
		writeSettings(path.join(ws.vault, '.claude', 'settings.json'), { statusLine: their });
		await bridgeOk(ws, ['install', '--agent', 'claude-code', '--statusline', '--chain']);
		// Their object stays; its command becomes ours, then theirs as one word for sh.
		expect(statusLineOf(ws)).toEqual({ ...their, command: `${ourEntry(ws).command} --before ${shQuote(theirs.command)}` });
		s.api.script([{ text: 'The answer of the stand-in.' }]);
		const claude = startClaudeTui(ws, s.api, s.guard);
		let rows: string[] = [];
		try {
			rows = await claude.term.waitFor('both lines', (now) => shows('MY-OWN-STATUS')(now) && counted(now));
			claude.send('What is the state of the vault?');
			await claude.term.waitFor("the stand-in's answer", shows('The answer of the stand-in.'));
			await claude.term.waitFor('a run after the answer', () => theirs.inputs().length >= 2);
		} finally {
			await claude.quit();
		}
		// Theirs first, ours on the row below it.
		const at = rows.findIndex((r) => r.trim() === 'MY-OWN-STATUS');
		expect(at, rows.join('\n')).toBeGreaterThanOrEqual(0);
		expect(rows[at + 1]?.trim()).toBe(await byHand(ws));
		// What their command got on stdin is Claude Code's JSON about the session, passed on by ours.
		const inputs = theirs.inputs();
		expect(inputs[0]?.session_id).toMatch(/^[\w-]+$/);
		expect(inputs[0]?.workspace?.current_dir).toBe(fs.realpathSync(ws.vault));
		// And uninstall gives them their own status line back.
		await bridgeOk(ws, ['uninstall', '--agent', 'claude-code']);
		expect(statusLineOf(ws)).toEqual(their);
	});

	test('install --scope user --statusline: a session started in a subfolder shows the vault\'s line', async () => {
		const ws = s.ws();
		await bridgeOk(ws, ['install', '--scope', 'user', '--statusline']);
		const user = JSON.parse(fs.readFileSync(path.join(ws.home, '.claude', 'settings.json'), 'utf8')) as { statusLine?: unknown };
		expect(user.statusLine).toEqual(ourEntry(ws));
		const claude = startClaudeTui(ws, s.api, s.guard, { cwd: path.join(ws.vault, 'Notes') });
		let row: string | undefined;
		try {
			row = ourRow(await claude.term.waitFor('our status line', counted));
		} finally {
			await claude.quit();
		}
		expect(row).toBe(await byHand(ws));
	});

	test('print mode (-p) never runs the status line: only the interactive UI does', async () => {
		const ws = s.ws();
		const own = recordingStatusLine(ws, 'PRINT-MODE-MARK');
		writeSettings(path.join(ws.vault, '.claude', 'settings.json'), { statusLine: { type: 'command', command: own.command } });
		const r = await runClaude(ws, s.api, s.guard, 'What is the state of the vault?');
		expect(r.status, r.stderr).toBe(0);
		expect(r.conversation.length).toBeGreaterThan(0);
		expect(own.inputs()).toEqual([]);
	});

	test('without NO_COLOR the line keeps its colours on the screen, drawn as a terminal draws our output', async () => {
		const ws = s.ws();
		await bridgeOk(ws, ['install', '--agent', 'claude-code', '--statusline']);
		const claude = startClaudeTui(ws, s.api, s.guard, { colour: true });
		let row: Styled[] | undefined;
		try {
			await claude.term.waitFor('our status line', counted);
			row = (await claude.term.styled()).find((r) => r[0]?.text.startsWith('vault:') === true);
		} finally {
			await claude.quit();
		}
		const ours = await drawn(await byHand(ws, { colour: true }));
		expect(ours.some((r) => r.fg !== 'default' || r.dim)).toBe(true);
		// Claude Code draws text that sets no colour in its theme's own; a colour we set stays ours.
		const unsetAsTheme = (runs: Styled[]): Styled[] => runs.map((r, i) => (ours[i]?.fg === 'default' ? { ...r, fg: "the theme's" } : r));
		expect(unsetAsTheme(row ?? []), JSON.stringify(row)).toEqual(unsetAsTheme(ours));
	});
});

describe.skipIf(skipQwen !== undefined)(`Qwen Code ${qwen.version || `(skipped: ${skipQwen ?? ''})`}, interactive: the status line`, INTERACTIVE, () => {
	const s = clientSuite();

	test('install --agent qwen --statusline: Qwen Code runs our command and shows its line', async () => {
		const ws = s.ws();
		await bridgeOk(ws, ['install', '--agent', 'qwen', '--statusline']);
		const file = path.join(ws.vault, '.qwen', 'settings.json');
		const settings = JSON.parse(fs.readFileSync(file, 'utf8')) as { ui?: Record<string, unknown> };
		expect(settings.ui?.statusLine).toEqual({ type: 'command', command: ourEntry(ws).command });
		s.api.script([{ text: 'The answer of the stand-in.' }]);
		const qwenTui = startQwenTui(ws, s.api, s.guard);
		let row: string | undefined;
		try {
			await qwenTui.term.waitFor('our status line', (rows) => ourRow(rows) !== undefined);
			await qwenTui.send('What is the state of the vault?');
			await qwenTui.term.waitFor("the stand-in's answer", shows('The answer of the stand-in.'));
			// Its first run comes before the session start has cached the brief; a later one counts.
			row = ourRow(await qwenTui.term.waitFor('our line with the count to review', counted));
		} finally {
			await qwenTui.quit();
		}
		expect(row).toBe(await byHand(ws));
	});
});
