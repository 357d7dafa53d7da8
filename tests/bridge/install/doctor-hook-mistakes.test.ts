/**
 * doctor reads every file Claude Code takes hooks from, the managed folder's drop-ins too (a temp
 * folder here, never the real system one), and names each hook-entry mistake with its fix.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { doctor, formatDoctor } from '../../../src/node/hosts/doctor/doctor';
import { claudeCode } from '../../../src/node/hosts/claude-code';
import { managedSettingsDir, managedSettingsFiles } from '../../../src/node/hosts/managed-settings';
import { install } from '../../../src/node/hosts/install/install';
import { BUNDLE, FIXED_NOW, MCP_FILE } from '../../helpers/bridge';
import { removeTempDirs, tempDir } from '../../helpers/rule-vault';
import { HOOK_FILE_HASHES, HOOK_FILE_TEXTS } from '../../../bridge/hook-file-texts';

afterAll(removeTempDirs);

const tmp = (): string => tempDir('sb-dhm-');

const SOURCE = fs.readFileSync(BUNDLE);
const MCP_SOURCE = fs.readFileSync(MCP_FILE);

function write(file: string, value: unknown): void {
	fs.mkdirSync(path.dirname(file), { recursive: true });
	fs.writeFileSync(file, typeof value === 'string' ? value : JSON.stringify(value, null, 2));
}

function setup(): { v: string; home: string; managed: string } {
	const v = path.join(tmp(), 'vault');
	fs.mkdirSync(path.join(v, '.obsidian'), { recursive: true });
	const home = tmp();
	const r = install({ hookFiles: HOOK_FILE_TEXTS, vault: v, home, scope: 'project', agent: 'claude-code', scriptSource: SOURCE, mcpSource: MCP_SOURCE, version: '0.1.0', nodePath: process.execPath, env: {} });
	expect(r.code).toBe(0);
	return { v, home, managed: tmp() };
}

function run(s: { v: string; home: string; managed: string }) {
	return doctor({ hookFileHashes: HOOK_FILE_HASHES, vault: s.v, home: s.home, agent: 'claude-code', version: '0.1.0', scriptSource: SOURCE, mcpSource: MCP_SOURCE, env: { PATH: process.env.PATH, HOME: s.home, SESSION_BRIEF_NOW: FIXED_NOW }, runFrom: tmp(), managedDir: s.managed });
}

const hook = (matcher: string, handler: Record<string, unknown>) => [{ matcher, hooks: [{ type: 'command', command: 'node x.js', ...handler }] }];

describe('doctor: hook-entry mistakes in every file Claude Code reads', () => {
	it('a fresh install has none', async () => {
		const s = setup();
		const report = await run(s);
		expect(report.ok, formatDoctor(report)).toBe(true);
		expect(report.checks.filter((c) => c.id.startsWith('hook-mistake'))).toEqual([]);
	});

	it('names each mistake in the user file, with the file and the fix', async () => {
		const s = setup();
		write(path.join(s.home, '.claude', 'settings.json'), {
			hooks: {
				PostToolUse: hook('edit|write', { command: 'prettier --write "$FILEPATH"', timeout: '30' }),
				PreToolUse: hook('Bash', { command: 'node "${CLAUDE_PLUGIN_ROOT}/guard.js"', timeout: 60000 }),
			},
		});
		const found = (await run(s)).checks.filter((c) => c.id === 'hook-mistake:user');
		const user = path.join(s.home, '.claude', 'settings.json');
		expect(found.every((c) => c.status === 'warn' && c.message.startsWith(`${user}: `))).toBe(true);
		expect(found.map((c) => c.fix)).toEqual([
			'Write "Edit" in that matcher.',
			'Write "Write" in that matcher.',
			'Write a number of seconds without quotes or units, e.g. "timeout": 30.',
			"Read the hook's input as JSON from stdin instead, e.g. jq -r '.tool_input.file_path'.",
			'Write "timeout": 60 for 60 seconds.',
			'Use "$CLAUDE_PROJECT_DIR"/… or an absolute path.',
		]);
		expect(found[0]?.message).toContain('names "edit"; tool names match case-sensitively');
		expect(found[4]?.message).toContain('that is 1000 minutes, not 60 seconds');
	});

	it('reads the managed folder\'s drop-ins: their mistakes and their policy keys count', async () => {
		const s = setup();
		write(path.join(s.managed, 'managed-settings.d', '10-hooks.json'), { hooks: { PostToolUse: hook('write', {}) } });
		let report = await run(s);
		const mistake = report.checks.find((c) => c.id === 'hook-mistake:managed');
		expect(mistake?.message).toContain(path.join(s.managed, 'managed-settings.d', '10-hooks.json'));
		expect(mistake?.fix).toBe('Write "Write" in that matcher.');
		write(path.join(s.managed, 'managed-settings.d', '50-policy.json'), { allowManagedHooksOnly: true });
		report = await run(s);
		expect(report.ok).toBe(false);
		expect(report.checks.find((c) => c.id === 'settings:managed' && c.status === 'fail')?.message).toContain('50-policy.json allows only managed hooks');
	});

	it('a drop-in that is not valid JSON is named; hidden files and other extensions are not read', async () => {
		const s = setup();
		write(path.join(s.managed, 'managed-settings.d', '.20-hidden.json'), { disableAllHooks: true });
		write(path.join(s.managed, 'managed-settings.d', '30-notes.txt'), { disableAllHooks: true });
		let report = await run(s);
		expect(report.ok, formatDoctor(report)).toBe(true);
		write(path.join(s.managed, 'managed-settings.d', '40-broken.json'), '{ "hooks": ');
		report = await run(s);
		expect(report.checks.find((c) => c.status === 'fail')?.message).toContain('40-broken.json is not valid JSON');
	});
});

describe('managed settings files', () => {
	it('are the base file, then the drop-ins in name order', () => {
		const dir = tmp();
		for (const n of ['b.json', 'a.json', '10-x.json', '.hidden.json', 'c.json.bak']) write(path.join(dir, 'managed-settings.d', n), '{}');
		expect(managedSettingsFiles(dir).map((f) => path.relative(dir, f.file))).toEqual(['managed-settings.json', ...['10-x.json', 'a.json', 'b.json'].map((n) => path.join('managed-settings.d', n))]);
		expect(managedSettingsFiles(dir).every((f) => f.managed === true && f.label === 'managed')).toBe(true);
		expect(managedSettingsFiles(path.join(dir, 'missing')).map((f) => path.basename(f.file))).toEqual(['managed-settings.json']);
	});

	it('live in the documented system folder per platform unless one is given', () => {
		expect(managedSettingsDir('linux')).toBe('/etc/claude-code');
		expect(managedSettingsDir('darwin')).toBe('/Library/Application Support/ClaudeCode');
		expect(managedSettingsDir('win32')).toBe('C:\\Program Files\\ClaudeCode');
		const files = claudeCode.readFiles({ vault: '/v', home: '/h', env: {}, platform: 'linux' });
		// Only the first one is certain: the machine running this may have drop-ins of its own.
		expect(files.find((f) => f.managed)?.file).toBe(path.join('/etc/claude-code', 'managed-settings.json'));
	});
});
