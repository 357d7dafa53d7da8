/**
 * `install --agent qwen --statusline`: Qwen Code keeps its status line inside `ui`
 * (`ui.statusLine`), beside the user's other interface settings; ours goes in there, chains after
 * theirs, and uninstall gives the file back byte for byte.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { install } from '../../../src/node/hosts/install/install';
import { uninstall } from '../../../src/node/hosts/install/uninstall';
import { FIXED_NOW } from '../../helpers/bridge';
import { HANG_MS } from '../../helpers/patience';
import { installOptions, installVault, readJson, type Json } from '../../helpers/install-vault';
import { removeTempDirs, tempDir } from '../../helpers/rule-vault';

afterAll(removeTempDirs);

const SCRIPT = (v: string): string => path.join(v, '.claude', 'hooks', 'session-brief.cjs');
const OURS = (v: string): string => `"${process.execPath}" "${SCRIPT(v)}" statusline`;
const settingsOf = (v: string): string => path.join(v, '.qwen', 'settings.json');
const ui = (v: string): Json => readJson(settingsOf(v)).ui as Json;

function vaultWith(settings?: string): string {
	const v = installVault();
	if (settings !== undefined) {
		fs.mkdirSync(path.join(v, '.qwen'), { recursive: true });
		fs.writeFileSync(settingsOf(v), settings);
	}
	return v;
}

describe('install --agent qwen --statusline', () => {
	it('writes ui.statusLine beside the user\'s other interface settings, and takes it out again', () => {
		const original = '{\n  "ui": { "theme": "Dracula" },\n  "model": { "name": "qwen3-coder" }\n}\n';
		const v = vaultWith(original);
		const home = tempDir('sb-slq-home-');
		expect(install(installOptions(v, home, { agent: 'qwen', statusLine: true })).code).toBe(0);
		expect(ui(v)).toEqual({ theme: 'Dracula', statusLine: { type: 'command', command: OURS(v) } });
		expect(install(installOptions(v, home, { agent: 'qwen', statusLine: true })).changed).toEqual([]);
		expect(uninstall({ vault: v, home, env: {} }).code).toBe(0);
		expect(fs.readFileSync(settingsOf(v), 'utf8')).toBe(original);
	});

	it('chains after a status line of the user\'s: theirs first, then ours, and uninstall gives theirs back', () => {
		const theirs = `printf 'theirs %s' "$(cat | head -c 12)"`;
		const original = `{\n  "ui": {\n    "statusLine": { "type": "command", "command": ${JSON.stringify(theirs)}, "refreshInterval": 5 }\n  }\n}\n`;
		const v = vaultWith(original);
		const home = tempDir('sb-slq-home-');
		const untouched = install(installOptions(v, home, { agent: 'qwen', statusLine: true }));
		expect(untouched.lines.join('\n')).toContain('--statusline --chain');
		expect((ui(v).statusLine as Json).command).toBe(theirs);
		expect(install(installOptions(v, home, { agent: 'qwen', statusLine: true, chain: true })).code).toBe(0);
		const entry = ui(v).statusLine as Json;
		expect(entry).toEqual({ type: 'command', command: `${OURS(v)} --before '${theirs.replace(/'/g, `'\\''`)}'`, refreshInterval: 5 });
		// As Qwen Code runs it on POSIX (`exec`: /bin/sh -c), the session JSON on stdin.
		const r = spawnSync('/bin/sh', ['-c', String(entry.command)], { input: '{"session_id":"q1"}', timeout: HANG_MS, env: { ...process.env, NO_COLOR: '1', SESSION_BRIEF_NOW: FIXED_NOW } });
		expect(r.status).toBe(0);
		const lines = String(r.stdout).split('\n');
		expect(lines[0]).toBe('theirs {"session_id');
		expect(lines[1]).toMatch(/^vault: /);
		expect(lines.length).toBe(3);
		expect(uninstall({ vault: v, home, env: {} }).code).toBe(0);
		expect(fs.readFileSync(settingsOf(v), 'utf8')).toBe(original);
	});
});
