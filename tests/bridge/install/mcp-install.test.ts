/** install/uninstall of the MCP server: Claude Code's `.mcp.json` (project) and `~/.claude.json` (user), Cursor's `.cursor/mcp.json` and `~/.cursor/mcp.json`, as round trips. */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, describe, expect, it } from 'vitest';
import { BUNDLE, run } from '../../helpers/bridge';
import { TOOLS } from '../../helpers/registries';

const made: string[] = [];
afterAll(() => {
	for (const d of made) fs.rmSync(d, { recursive: true, force: true, maxRetries: 30 });
});

function temp(prefix: string): string {
	const d = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
	made.push(d);
	return d;
}

function setup(): { vault: string; home: string; env: NodeJS.ProcessEnv } {
	const vault = temp('sb-mcp-vault-');
	fs.mkdirSync(path.join(vault, '.obsidian'));
	fs.writeFileSync(path.join(vault, 'Note.md'), 'Look #review\n');
	const home = temp('sb-mcp-home-');
	return { vault, home, env: { ...process.env, HOME: home, USERPROFILE: home } };
}

const bridge = (cmd: string, s: ReturnType<typeof setup>, extra: string[] = []) => run(BUNDLE, [cmd, '--vault', s.vault, ...extra], '', { env: s.env });
const mcpFile = (s: ReturnType<typeof setup>): string => path.join(s.vault, '.mcp.json');

interface Entry {
	type: string;
	command: string;
	args: string[];
}

describe('install registers the MCP server for Claude Code', () => {
	it('creates .mcp.json, changes nothing the second time, and uninstall removes the file it made', () => {
		const s = setup();
		const first = bridge('install', s);
		expect(first.status).toBe(0);
		const json = JSON.parse(fs.readFileSync(mcpFile(s), 'utf8')) as { mcpServers: Record<string, Entry> };
		expect(Object.keys(json)).toEqual(['mcpServers']);
		const entry = json.mcpServers['session-brief'];
		expect(entry?.type).toBe('stdio');
		expect(entry?.args).toEqual([path.join(s.vault, '.claude', 'hooks', 'session-brief.cjs'), 'mcp']);
		const bytes = fs.readFileSync(mcpFile(s));
		const second = bridge('install', s);
		expect(second.stdout.toString()).toContain('already has the MCP server');
		expect(fs.readFileSync(mcpFile(s)).equals(bytes)).toBe(true);
		expect(bridge('uninstall', s).status).toBe(0);
		expect(fs.existsSync(mcpFile(s))).toBe(false);
	});

	it("keeps every other server and key, and uninstall restores an untouched .mcp.json byte for byte", () => {
		const s = setup();
		const original = '{\n    "mcpServers": {\n        "other": { "command": "npx", "args": ["-y", "other-server"] }\n    },\n    "note": "theirs"\n}\n';
		fs.writeFileSync(mcpFile(s), original);
		expect(bridge('install', s).status).toBe(0);
		const json = JSON.parse(fs.readFileSync(mcpFile(s), 'utf8')) as { mcpServers: Record<string, unknown>; note: string };
		expect(Object.keys(json.mcpServers)).toEqual(['other', 'session-brief']);
		expect(json.note).toBe('theirs');
		expect(fs.readFileSync(`${mcpFile(s)}.session-brief.bak`, 'utf8')).toBe(original);
		expect(bridge('install', s).status).toBe(0);
		expect(bridge('uninstall', s).status).toBe(0);
		expect(fs.readFileSync(mcpFile(s), 'utf8')).toBe(original);
		expect(fs.existsSync(`${mcpFile(s)}.session-brief.bak`)).toBe(false);
	});

	it('removes only its server from a .mcp.json someone changed after install', () => {
		const s = setup();
		fs.writeFileSync(mcpFile(s), '{ "mcpServers": { "other": { "command": "x" } } }\n');
		bridge('install', s);
		const changed = JSON.parse(fs.readFileSync(mcpFile(s), 'utf8')) as { mcpServers: Record<string, unknown> };
		changed.mcpServers.added = { command: 'y' };
		fs.writeFileSync(mcpFile(s), JSON.stringify(changed, null, 2));
		expect(bridge('uninstall', s).status).toBe(0);
		expect(JSON.parse(fs.readFileSync(mcpFile(s), 'utf8'))).toEqual({ mcpServers: { other: { command: 'x' }, added: { command: 'y' } } });
	});

	it('refuses a .mcp.json it cannot parse, leaving it as it was, and still installs the hooks', () => {
		const s = setup();
		fs.writeFileSync(mcpFile(s), '{ "mcpServers": { broken');
		const r = bridge('install', s);
		expect(r.status).toBe(0);
		expect(r.stderr + r.stdout.toString()).toMatch(/MCP server not registered/);
		expect(fs.readFileSync(mcpFile(s), 'utf8')).toBe('{ "mcpServers": { broken');
		expect(fs.existsSync(path.join(s.vault, '.claude', 'settings.json'))).toBe(true);
		const array = setup();
		fs.writeFileSync(mcpFile(array), '{ "mcpServers": [] }');
		expect(bridge('install', array).stderr + bridge('install', array).stdout.toString()).toMatch(/"mcpServers" is not an object/);
		expect(fs.readFileSync(mcpFile(array), 'utf8')).toBe('{ "mcpServers": [] }');
	});

	it('leaves a server of the same name that is not ours alone', () => {
		const s = setup();
		const theirs = '{ "mcpServers": { "session-brief": { "command": "their-own" } } }\n';
		fs.writeFileSync(mcpFile(s), theirs);
		const r = bridge('install', s);
		expect(r.stderr + r.stdout.toString()).toMatch(/not ours/);
		bridge('uninstall', s);
		expect(fs.readFileSync(mcpFile(s), 'utf8')).toBe(theirs);
	});

	it('user scope: adds mcpServers to ~/.claude.json, keeps its other keys, and uninstall takes out only ours', () => {
		const s = setup();
		const file = path.join(s.home, '.claude.json');
		fs.writeFileSync(file, JSON.stringify({ numStartups: 3, projects: { '/x': { mcpServers: {} } }, mcpServers: { mine: { command: 'z' } } }, null, 2));
		expect(bridge('install', s, ['--scope', 'user']).status).toBe(0);
		const after = JSON.parse(fs.readFileSync(file, 'utf8')) as { numStartups: number; mcpServers: Record<string, unknown> };
		expect(after.numStartups).toBe(3);
		expect(Object.keys(after.mcpServers)).toEqual(['mine', 'session-brief']);
		expect(fs.existsSync(mcpFile(s))).toBe(false);
		expect(bridge('uninstall', s, ['--scope', 'user']).status).toBe(0);
		expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toEqual({ numStartups: 3, projects: { '/x': { mcpServers: {} } }, mcpServers: { mine: { command: 'z' } } });
	});

	it('the registered command starts a server an MCP client can list tools from', async () => {
		const s = setup();
		bridge('install', s);
		const entry = (JSON.parse(fs.readFileSync(mcpFile(s), 'utf8')) as { mcpServers: Record<string, Entry> }).mcpServers['session-brief'];
		if (entry === undefined) throw new Error('no entry');
		const client = new Client({ name: 'test', version: '1' });
		await client.connect(new StdioClientTransport({ command: entry.command, args: entry.args, cwd: os.tmpdir(), env: s.env as Record<string, string>, stderr: 'pipe' }));
		try {
			expect((await client.listTools()).tools.map((t) => t.name)).toEqual(TOOLS);
			const queue = (await client.callTool({ name: 'review_queue', arguments: { items: ['reviewOpen'] } })) as unknown as { structuredContent: { items: { reviewOpen: { paths: string[] } } } };
			expect(queue.structuredContent.items.reviewOpen.paths).toEqual(['Note.md']);
		} finally {
			await client.close();
		}
	});
});

describe('install registers the MCP server for Cursor', () => {
	const cursorMcp = (base: string): string => path.join(base, '.cursor', 'mcp.json');

	it('creates .cursor/mcp.json beside hooks.json, changes nothing the second time, and uninstall removes it', () => {
		const s = setup();
		const r = bridge('install', s, ['--agent', 'cursor']);
		expect(r.status, r.stderr).toBe(0);
		const json = JSON.parse(fs.readFileSync(cursorMcp(s.vault), 'utf8')) as { mcpServers: Record<string, unknown> };
		expect(json).toEqual({ mcpServers: { 'session-brief': { command: process.execPath, args: [path.join(s.vault, '.claude', 'hooks', 'session-brief.cjs'), 'mcp'] } } });
		expect(fs.existsSync(path.join(s.vault, '.cursor', 'hooks.json'))).toBe(true);
		expect(fs.existsSync(mcpFile(s))).toBe(false);
		const bytes = fs.readFileSync(cursorMcp(s.vault));
		expect(bridge('install', s, ['--agent', 'cursor']).stdout.toString()).toContain('already has the MCP server');
		expect(fs.readFileSync(cursorMcp(s.vault)).equals(bytes)).toBe(true);
		expect(bridge('uninstall', s, ['--agent', 'cursor']).status).toBe(0);
		expect(fs.existsSync(cursorMcp(s.vault))).toBe(false);
	});

	it('keeps the other servers of a project file and restores it byte for byte; user scope writes ~/.cursor/mcp.json', () => {
		const s = setup();
		const original = '{\n\t"mcpServers": {\n\t\t"browser": { "command": "npx", "args": ["-y", "browser-mcp"] }\n\t}\n}\n';
		fs.mkdirSync(path.join(s.vault, '.cursor'));
		fs.writeFileSync(cursorMcp(s.vault), original);
		expect(bridge('install', s, ['--agent', 'cursor']).status).toBe(0);
		expect(Object.keys((JSON.parse(fs.readFileSync(cursorMcp(s.vault), 'utf8')) as { mcpServers: object }).mcpServers)).toEqual(['browser', 'session-brief']);
		expect(bridge('uninstall', s, ['--agent', 'cursor']).status).toBe(0);
		expect(fs.readFileSync(cursorMcp(s.vault), 'utf8')).toBe(original);

		expect(bridge('install', s, ['--agent', 'cursor', '--scope', 'user']).status).toBe(0);
		expect(Object.keys((JSON.parse(fs.readFileSync(cursorMcp(s.home), 'utf8')) as { mcpServers: object }).mcpServers)).toEqual(['session-brief']);
		expect(fs.readFileSync(cursorMcp(s.vault), 'utf8')).toBe(original);
		const doctor = run(BUNDLE, ['doctor', '--agent', 'cursor', '--vault', s.vault], '', { env: s.env });
		expect(doctor.stdout.toString()).toMatch(new RegExp(`\\[ok {2}\\] The MCP server \\(.* mcp\\) started and lists its tools: ${TOOLS.join(', ')}\\.`));
		expect(bridge('uninstall', s, ['--agent', 'cursor', '--scope', 'user']).status).toBe(0);
		expect(fs.existsSync(cursorMcp(s.home))).toBe(false);
	});
});
