/**
 * The three hook commands decode their stdin one way (src/node/hosts/hook-input.ts): a payload that
 * starts with a UTF-8 byte-order mark works in each of them as it does without one, and input that
 * is no JSON fails open (exit 0, nothing said, nothing recorded).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { JOURNAL_FILE, parseJournal } from '../../../src/core/trail/agent-journal';
import { parseHookJson } from '../../../src/node/hosts/hook-input';
import { parseStartsLog, STARTS_LOG } from '../../../src/core/trail/session-starts';
import { exampleVault, removeTempDirs, runBridge, setPluginSettings } from '../../helpers/rule-vault';

afterAll(removeTempDirs, 60_000);

const SLOW = 120_000;
const BOM = Buffer.from([0xef, 0xbb, 0xbf]);
const withBom = (payload: unknown): Buffer => Buffer.concat([BOM, Buffer.from(JSON.stringify(payload), 'utf8')]);
const pluginDir = (v: string): string => path.join(v, '.obsidian', 'plugins', 'session-brief');

describe('hook stdin: one decoder, a byte-order mark dropped', () => {
	it('parseHookJson drops one leading BOM, replaces invalid bytes, and gives undefined for no JSON', () => {
		expect(parseHookJson(withBom({ a: 'ü' }))).toEqual({ a: 'ü' });
		expect(parseHookJson(Buffer.from('{"a":"\xff"}', 'latin1'))).toEqual({ a: '\ufffd' });
		expect(parseHookJson(Buffer.concat([BOM, BOM, Buffer.from('{}')]))).toBeUndefined();
		expect(parseHookJson(Buffer.alloc(0))).toBeUndefined();
		expect(parseHookJson(Buffer.from('not json'))).toBeUndefined();
	});

	it('pre-tool-use: a BOM-prefixed Write over a session log is refused as without the BOM', () => {
		const v = exampleVault();
		setPluginSettings(v, { writeGuard: true });
		const file = path.join(v, 'AI', 'sessions', '2026-11-29-morning.md');
		fs.mkdirSync(path.dirname(file), { recursive: true });
		fs.writeFileSync(file, '# log\n');
		const payload = { session_id: 't', hook_event_name: 'PreToolUse', tool_name: 'Write', tool_input: { file_path: file, content: 'x' } };
		const plain = runBridge(v, 'pre-tool-use', JSON.stringify(payload));
		const bom = runBridge(v, 'pre-tool-use', withBom(payload));
		expect(plain.code).toBe(0);
		expect(plain.text).toContain('"permissionDecision":"deny"');
		expect(bom).toMatchObject({ code: 0, text: plain.text });
		expect(runBridge(v, 'pre-tool-use', Buffer.concat([BOM, Buffer.from('{"tool_name":')]))).toMatchObject({ code: 0, text: '' });
	}, SLOW);

	it('post-tool-use: a BOM-prefixed edit is recorded in the agent changes journal', () => {
		const v = exampleVault();
		const note = path.join(v, 'Inbox', 'bom-note.md');
		fs.mkdirSync(path.dirname(note), { recursive: true });
		fs.writeFileSync(note, 'x\n');
		const out = runBridge(v, 'post-tool-use', withBom({ session_id: 'bom-session', hook_event_name: 'PostToolUse', tool_name: 'Edit', tool_input: { file_path: note } }));
		expect(out.code).toBe(0);
		const records = parseJournal(fs.readFileSync(path.join(pluginDir(v), JOURNAL_FILE), 'utf8'));
		expect(records.map((r) => [r.path, r.session, r.tool])).toEqual([['Inbox/bom-note.md', 'bom-session', 'Edit']]);
		expect(runBridge(v, 'post-tool-use', Buffer.concat([BOM, Buffer.from('nope')]))).toMatchObject({ code: 0, text: '' });
	}, SLOW);

	it('session-start: a BOM-prefixed start is recorded with its session id and source', () => {
		const v = exampleVault();
		const out = runBridge(v, 'session-start', withBom({ session_id: 'bom-start', hook_event_name: 'SessionStart', source: 'startup' }));
		expect(out.code).toBe(0);
		expect(out.text).toContain('additionalContext');
		const starts = parseStartsLog(fs.readFileSync(path.join(pluginDir(v), STARTS_LOG), 'utf8'));
		expect(starts.entries.map((e) => [e.sessionId, e.source])).toEqual([['bom-start', 'startup']]);
		expect(starts.conversations).toHaveLength(1);
	}, SLOW);
});
