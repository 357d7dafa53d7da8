/**
 * What install writes into a vault is source a user can read: the hook entry, the bridge beside
 * it and the MCP server file, not minified, no program in a string. The MCP SDK is in the server
 * file only, never in the bridge every hook run loads. An install over the single-file bridge of
 * earlier versions upgrades it losslessly, and uninstall removes the files and their caches.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { HANG_MS } from '../../helpers/patience';
import { BUNDLE, MCP_FILE, run, codeCacheOf } from '../../helpers/bridge';
import { LIBRARY_MARK } from '../../../src/node/agent-library';
import { LOAD_BRIDGE } from '../../../bridge/bridge-file';

function emptyVault(): string {
	const v = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-readable-'));
	fs.mkdirSync(path.join(v, '.obsidian'));
	fs.mkdirSync(path.join(v, 'Notes'));
	fs.writeFileSync(path.join(v, 'Notes', 'a.md'), '#needs-review\n');
	return v;
}

const hooks = (v: string): string => path.join(v, '.claude', 'hooks');
const INSTALLED = ['session-brief.bridge.cjs', 'session-brief.cjs', 'session-brief.edit.cjs', 'session-brief.json', 'session-brief.mcp.cjs', 'session-brief.start.cjs'];

/**
 * Not minified: a few library lines are long by nature (date and schema regular expressions, a
 * message template); minified code would be nearly all long lines. At most one in 500, and a
 * handful in a small file, which a smaller build must not fail for.
 */
function expectReadable(text: string, minLines: number): void {
	const lines = text.split('\n');
	expect(lines.length).toBeGreaterThan(minLines);
	const long = lines.filter((l) => l.length > 300 && !/^\s*(\/\/|\*)/.test(l));
	expect(long.length).toBeLessThan(Math.max(5, lines.length / 500));
}
const home = (): string => fs.mkdtempSync(path.join(os.tmpdir(), 'sb-readable-home-'));

describe('the installed hook is readable', () => {
	it('writes a short hook entry, the session start file, the edit hooks file and the bridge as readable source, the bridge with its licenses', () => {
		const v = emptyVault();
		const r = run(BUNDLE, ['install', '--vault', v], '', { env: { ...process.env, HOME: home() } });
		expect(r.status).toBe(0);
		expect(fs.readdirSync(hooks(v)).sort()).toEqual(INSTALLED);
		const entry = fs.readFileSync(path.join(hooks(v), 'session-brief.cjs'), 'utf8');
		const bridge = fs.readFileSync(path.join(hooks(v), 'session-brief.bridge.cjs'), 'utf8');
		// Each file's opening comment names only files install writes beside it (or, for the
		// bridge, the name a release gives it), and the bridge's names the name it has here.
		for (const file of INSTALLED.filter((f) => f.endsWith('.cjs'))) {
			const banner = /^(?:#!.*\n)?\/\*[\s\S]*?\*\//.exec(fs.readFileSync(path.join(hooks(v), file), 'utf8'))?.[0] ?? '';
			for (const named of banner.match(/session-brief(?:\.[a-z]+)?\.cjs/g) ?? []) expect(INSTALLED, `${file} names ${named}`).toContain(named);
		}
		expect(/^#!.*\n\/\*[\s\S]*?\*\//.exec(bridge)?.[0]).toContain('as session-brief.bridge.cjs');
		const run2 = run(path.join(hooks(v), 'session-brief.bridge.cjs'), ['--help']);
		expect(String(run2.stdout)).toContain('Usage:');
		// Short enough to read whole: what it runs, its code cache, and how it refuses planted files.
		expect(entry.split('\n').length).toBeLessThan(180);
		expect(entry).toContain("path.join(__dirname, 'session-brief.bridge.cjs')");
		expect(entry).toContain("path.join(__dirname, 'session-brief.start.cjs')");
		expect(entry).toContain("path.join(__dirname, 'session-brief.edit.cjs')");
		// The names the entry shares with the files it runs.
		expect(entry).toContain(`'${LIBRARY_MARK}'`);
		expect(entry).toContain(`'${LOAD_BRIDGE}'`);
		// The session start file holds tier 1 and the status line only: readable, ASCII, and without the
		// scan, the YAML parser or the date library, which the bridge beside it serves.
		const start = fs.readFileSync(path.join(hooks(v), 'session-brief.start.cjs'), 'utf8');
		expectReadable(start, 500);
		expect(start.length).toBeLessThan(160_000);
		expect(start).toContain('async function sessionStart(');
		expect(start).toContain('async function statusline(');
		expect(start.match(/[\u0080-\uffff]/g) ?? []).toEqual([]);
		for (const heavy of ['function scanVault(', 'function walkStamp(', 'Licenses of the packages bundled']) expect(start).not.toContain(heavy);
		// The edit hooks file holds their common path only: readable, ASCII, and without the check
		// engine, which the bridge beside it serves.
		const edit = fs.readFileSync(path.join(hooks(v), 'session-brief.edit.cjs'), 'utf8');
		expectReadable(edit, 500);
		expect(edit.length).toBeLessThan(150_000);
		expect(edit).toContain('async function postToolUse(');
		expect(edit).toContain('async function preToolUse(');
		expect(edit.match(/[\u0080-\uffff]/g) ?? []).toEqual([]);
		for (const heavy of ['function checkVault(', 'function runRuleCheck(', 'function attributeFindings(']) expect(edit).not.toContain(heavy);
		// One package only, the fence's shell reader, with its license.
		expect(edit.split('Licenses of the packages bundled into this file')[1]?.match(/^\S+ \d+\.\d+\.\d+ \(/gm)).toEqual(['shell-quote 1.12.0 (']);
		// Not minified: many short lines, indented, with the sources' own names.
		expectReadable(bridge, 10_000);
		const lines = bridge.split('\n');
		expect(bridge).toContain('function parseArgs(');
		expect(bridge).toContain('async function sessionStart(');
		// Pure ASCII: one other character and V8 decodes the whole file into two-byte text at every hook start.
		expect(bridge.match(/[\u0080-\uffff]/g) ?? []).toEqual([]);
		// No program held in a string to be run: the one string with code in it is the hook entry's
		// text, which install writes out as a file (the bridge never runs it).
		const withCode = lines.filter((l) => /new vm\.Script\(|runInThisContext|\beval\(|new Function\(/.test(l));
		expect(withCode).toHaveLength(1);
		expect(withCode[0]).toMatch(/^\s*module2?\.exports = ["']#!\/usr\/bin\/env node\\n\/\*\\n \* Session Brief: the entry point agents run as a hook/);
		expect(bridge).toContain('Licenses of the packages bundled into this file');
		for (const pkg of ['yaml', 'moment', 'jsonc-parser', 'ws']) expect(bridge).toMatch(new RegExp(`^${pkg} [0-9.]+ \\(`, 'm'));
	});

	it('keeps the MCP SDK out of the bridge: the MCP server file beside it holds it, readable, with its licenses', () => {
		const v = emptyVault();
		expect(run(BUNDLE, ['install', '--vault', v], '', { env: { ...process.env, HOME: home() } }).status).toBe(0);
		const bridge = fs.readFileSync(path.join(hooks(v), 'session-brief.bridge.cjs'), 'utf8');
		const server = fs.readFileSync(path.join(hooks(v), 'session-brief.mcp.cjs'));
		expect(server.equals(fs.readFileSync(MCP_FILE))).toBe(true);
		for (const library of ['@modelcontextprotocol/sdk', 'zod']) {
			expect(bridge).not.toMatch(new RegExp(`^${library} [0-9.]+ \\(`, 'm'));
			expect(server.toString('utf8')).toMatch(new RegExp(`^${library} [0-9.]+ \\(`, 'm'));
		}
		expect(bridge).not.toMatch(/\bMcpServer\b|StdioServerTransport/);
		expect(server.toString('utf8')).toContain('var McpServer = class');
		expect(server.toString('utf8')).toMatch(/^\/\*\n \* Session Brief MCP server \d+\.\d+\.\d+/);
		expectReadable(server.toString('utf8'), 10_000);
		// No code generated from strings: the SDK's one use of ajv is stubbed out.
		expect(server.toString('utf8')).not.toMatch(/new Function\(|\beval\(|runInThisContext/);
	});

	it('the hook entry runs the bridge beside it, with a code cache made on the first run', () => {
		const v = emptyVault();
		expect(run(BUNDLE, ['install', '--vault', v], '', { env: { ...process.env, HOME: home() } }).status).toBe(0);
		const first = run(path.join(hooks(v), 'session-brief.cjs'), ['session-start'], '{}');
		expect(first.status).toBe(0);
		expect(first.stderr).toBe('');
		const context = (JSON.parse(first.stdout.toString()) as { hookSpecificOutput: { additionalContext: string } }).hookSpecificOutput.additionalContext;
		expect(context).toContain('needs-review: 1 (Notes/a.md)');
		expect(fs.existsSync(codeCacheOf(path.join(hooks(v), 'session-brief.bridge.cjs')))).toBe(true);
		// The bridge alone runs the same code, without the cache.
		const direct = run(path.join(hooks(v), 'session-brief.bridge.cjs'), ['report', '--vault', v]);
		expect(direct.status).toBe(0);
		expect(String(direct.stdout)).toContain('needs-review: 1 (Notes/a.md)');
	});
});

describe('upgrade from the single-file bridge of earlier versions', () => {
	it('install replaces it by the current files, keeps the registration and drops the old code cache; uninstall removes all', () => {
		const v = emptyVault();
		const h = home();
		const env = { ...process.env, HOME: h };
		const settingsFile = path.join(v, '.claude', 'settings.json');
		fs.mkdirSync(path.dirname(settingsFile), { recursive: true });
		const original = '{\n  "permissions": { "allow": ["Read"] }\n}\n';
		fs.writeFileSync(settingsFile, original);
		expect(run(BUNDLE, ['install', '--vault', v], '', { env }).status).toBe(0);
		const registered = fs.readFileSync(settingsFile, 'utf8');
		// Make the vault look like an earlier version's install: one bundle file and its cache.
		fs.rmSync(path.join(hooks(v), 'session-brief.bridge.cjs'));
		fs.writeFileSync(path.join(hooks(v), 'session-brief.cjs'), '#!/usr/bin/env node\nconst SOURCE = "old minified bundle";\n');
		fs.writeFileSync(path.join(hooks(v), 'session-brief.cjs.v8cache'), 'old cache');
		const check = run(BUNDLE, ['doctor', '--vault', v], '', { env });
		expect(String(check.stdout)).toMatch(/the bridge it runs is not \(.*session-brief\.bridge\.cjs is missing\)/);
		expect(check.status).toBe(1);

		const upgrade = run(BUNDLE, ['install', '--vault', v], '', { env });
		expect(upgrade.status).toBe(0);
		expect(fs.readdirSync(hooks(v)).sort()).toEqual(INSTALLED);
		expect(fs.readFileSync(settingsFile, 'utf8')).toBe(registered);
		expect(run(BUNDLE, ['doctor', '--vault', v], '', { env }).status).toBe(0);

		expect(run(path.join(hooks(v), 'session-brief.cjs'), ['session-start'], '{}').status).toBe(0);
		const removed = run(BUNDLE, ['uninstall', '--vault', v], '', { env });
		expect(removed.status).toBe(0);
		expect(fs.existsSync(hooks(v))).toBe(false);
		expect(fs.readFileSync(settingsFile, 'utf8')).toBe(original);
		// Two installs, two doctor runs (each runs the hook and starts the MCP server), a hook and an uninstall, as child processes.
	}, HANG_MS);
});
