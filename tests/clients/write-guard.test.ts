/**
 * The opt-in Write guard with the real Claude Code CLI (print mode) against the model-API stand-in:
 * the agent's Write over an existing session file is refused before it happens, the model reads
 * why and which name to use, and the file keeps its bytes; with the setting off the same Write goes
 * through.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, test } from 'vitest';
import { bridgeOk, expectClean, probe, runClaude, skipReason, type Workspace } from './support/clients';
import { claudeLastToolResult } from './support/requests';
import { clientSuite } from './support/suite';

const client = await probe('claude');
const skip = skipReason('claude', client);

function setGuard(ws: Workspace, on: boolean): void {
	const file = path.join(ws.vault, '.obsidian', 'plugins', 'session-brief', 'data.json');
	const current = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>) : {};
	fs.mkdirSync(path.dirname(file), { recursive: true });
	fs.writeFileSync(file, JSON.stringify({ ...current, writeGuard: on }, null, 2));
}

describe.skipIf(skip !== undefined)(`Write guard with Claude Code ${client.version || `(skipped: ${skip ?? ''})`}`, () => {
	const s = clientSuite();

	async function overwriteSession(ws: Workspace) {
		const file = path.join(ws.vault, 'AI', 'sessions', '2026-11-29-morning.md');
		const before = fs.readFileSync(file);
		// Read first: Claude Code's own Write refuses a file it has not read.
		s.api.script([{ tool: 'Read', input: { file_path: file } }, { tool: 'Write', input: { file_path: file, content: '# This session\n' } }, { text: 'Done.' }]);
		const run = await runClaude(ws, s.api, s.guard, 'Write the session log.');
		expectClean('claude', run);
		const last = run.conversation.at(-1);
		if (last === undefined) throw new Error(`no request after the Write; stderr: ${run.stderr.slice(-1500)}`);
		return { file, before, result: claudeLastToolResult(last)?.text ?? '' };
	}

	test('guard on: the Write over an existing session file is refused, with a free name, and the file keeps its bytes', async () => {
		const ws = s.ws();
		await bridgeOk(ws, ['install']);
		setGuard(ws, true);
		const { file, before, result } = await overwriteSession(ws);
		expect(fs.readFileSync(file).equals(before)).toBe(true);
		expect(result).toContain('already exists in the sessions folder (AI/sessions)');
		expect(result).toContain('2026-11-29-morning 2.md');
	});

	test('guard off: the same Write goes through', async () => {
		const ws = s.ws();
		await bridgeOk(ws, ['install']);
		setGuard(ws, false);
		const { file, result } = await overwriteSession(ws);
		expect(fs.readFileSync(file, 'utf8')).toBe('# This session\n');
		expect(result).not.toContain('already exists in the sessions folder');
	});
});
