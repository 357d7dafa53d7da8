/**
 * The real Claude Code, interactive in a pseudo-terminal, runs the `statusLine` command of its
 * settings (print mode never does) and shows what it prints under the prompt.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, test } from 'vitest';
import { probe, skipReason, type Workspace } from './support/clients';
import { startClaudeTui } from './support/claude-tui';
import { clientSuite } from './support/suite';
import { terminalUnavailable } from './support/terminal';

const client = await probe('claude');
const noTerminal = terminalUnavailable();
const skip = skipReason('claude', noTerminal === undefined ? client : { ok: false, version: '', reason: noTerminal });

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

describe.skipIf(skip !== undefined)(`Claude Code ${client.version || `(skipped: ${skip ?? ''})`}, interactive: the status line`, () => {
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
});
