/**
 * install keeps the operator's settings file as written (tabs, key order, one-line objects, CRLF,
 * a missing final newline, a BOM): it inserts its entries and changes no byte of theirs; uninstall
 * gives the file back byte for byte. A file with comments, which Claude Code does not read, is
 * refused unchanged with the reason.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUNDLE, run } from '../../helpers/bridge';

function vaultWith(settings: string | Buffer): { vault: string; file: string; env: NodeJS.ProcessEnv } {
	const vault = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'sb-format-')));
	fs.mkdirSync(path.join(vault, '.obsidian'));
	fs.mkdirSync(path.join(vault, '.claude'));
	const file = path.join(vault, '.claude', 'settings.json');
	fs.writeFileSync(file, settings);
	const home = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-format-home-'));
	return { vault, file, env: { ...process.env, HOME: home, USERPROFILE: home } };
}

/** Whether `inner`'s characters all appear in `outer` in order: install only inserted text. */
function onlyInserted(inner: string, outer: string): boolean {
	let i = 0;
	for (const ch of outer) if (ch === inner[i]) i++;
	return i === inner.length;
}

const FILES: Record<string, string> = {
	tabs: '{\n\t"model": "opus",\n\t"env": {\n\t\t"B": "2",\n\t\t"A": "1"\n\t}\n}\n',
	'odd key order and a one-line object': '{\n    "permissions": {"allow": ["Read"], "deny": []},\n    "$schema": "https://json.schemastore.org/claude-code-settings.json",\n    "hooks": {"Stop": [{"hooks": [{"type": "command", "command": "echo bye"}]}]}\n}\n',
	'no final newline': '{\n  "model": "sonnet"\n}',
	CRLF: '{\r\n  "model": "opus",\r\n  "env": {\r\n    "A": "1"\r\n  }\r\n}\r\n',
	'a BOM': '\uFEFF{\n  "model": "opus"\n}\n',
	'one line': '{"model":"opus","env":{"A":"1"}}',
};

describe('install keeps the settings file as written', () => {
	for (const [name, original] of Object.entries(FILES)) {
		it(
			name,
			() => {
				const { vault, file, env } = vaultWith(original);
				expect(run(BUNDLE, ['install', '--vault', vault], '', { env }).status).toBe(0);
				const installed = fs.readFileSync(file, 'utf8');
				expect(JSON.parse(installed.replace(/^\uFEFF/, ''))).toHaveProperty('hooks.SessionStart');
				expect(onlyInserted(original, installed)).toBe(true);
				expect(installed.startsWith('\uFEFF')).toBe(original.startsWith('\uFEFF'));
				expect(installed.endsWith('\n')).toBe(original.endsWith('\n'));
				if (original.includes('\r\n')) expect(installed.replace(/\r\n/g, '')).not.toContain('\n');
				if (original.includes('\n\t')) expect(installed).not.toMatch(/\n +\S/);
				expect(run(BUNDLE, ['uninstall', '--vault', vault], '', { env }).status).toBe(0);
				expect(fs.readFileSync(file, 'utf8')).toBe(original);
			},
			60_000,
		);
	}

	it('a file with comments is left unchanged, and the message says why', () => {
		const original = '{\n  // the model for this vault\n  "model": "opus", /* pinned */\n}\n';
		const { vault, file, env } = vaultWith(original);
		const r = run(BUNDLE, ['install', '--vault', vault], '', { env });
		expect(r.status).toBe(4);
		expect(r.stderr).toContain('holds comments or trailing commas, which plain JSON does not allow (Claude Code ignores such a file');
		expect(fs.readFileSync(file, 'utf8')).toBe(original);
	});
});
