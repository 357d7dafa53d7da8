/** doctor: each thing that silently stops the brief is found and named with its fix; a healthy install passes. */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { HANG_MS } from '../../helpers/patience';
import { parseArgs } from '../../../bridge/args';
import type { AgentOptions } from '../../../src/node/hosts/install/options';
import { runAgentCommand } from '../../../bridge/commands/agents-cli';
import { doctor, formatDoctor, type DoctorOptions } from '../../../src/node/hosts/doctor/doctor';
import { stateFolderChecks } from '../../../src/node/hosts/doctor/doctor-state';
import { CODE_CACHE_FOLDER, CODE_CACHE_SUFFIX, hooksState, pluginState } from '../../../src/node/state-registry';
import { install } from '../../../src/node/hosts/install/install';
import { BUNDLE, FIXED_NOW, HOOK_ENTRY, MCP_FILE, REPO } from '../../helpers/bridge';
import { TOOLS } from '../../helpers/registries';
import { HOOK_FILE_HASHES, HOOK_FILE_TEXTS } from '../../../bridge/hook-file-texts';

const made: string[] = [];
afterAll(() => {
	for (const d of made) fs.rmSync(d, { recursive: true, force: true, maxRetries: 30 });
});

function tmp(): string {
	const d = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-doc-'));
	made.push(d);
	return d;
}

const SOURCE = fs.readFileSync(BUNDLE);
const MCP_SOURCE = fs.readFileSync(MCP_FILE);

function setup(extra: Partial<AgentOptions> = {}): { v: string; home: string } {
	const v = path.join(tmp(), 'vault');
	fs.mkdirSync(path.join(v, '.obsidian'), { recursive: true });
	fs.writeFileSync(path.join(v, 'note.md'), '#needs-review');
	const home = tmp();
	const r = install({ hookFiles: HOOK_FILE_TEXTS, vault: v, home, scope: 'project', agent: 'claude-code', scriptSource: SOURCE, mcpSource: MCP_SOURCE, version: '0.1.0', nodePath: process.execPath, env: {}, ...extra });
	expect(r.code).toBe(0);
	return { v, home };
}

function check(v: string, home: string, extra: Partial<DoctorOptions> = {}): ReturnType<typeof doctor> {
	return doctor({ hookFileHashes: HOOK_FILE_HASHES, vault: v, home, agent: 'claude-code', version: '0.1.0', scriptSource: SOURCE, mcpSource: MCP_SOURCE, env: { PATH: process.env.PATH, HOME: home, SESSION_BRIEF_NOW: FIXED_NOW }, runFrom: tmp(), ...extra });
}

function settings(v: string): string {
	return path.join(v, '.claude', 'settings.json');
}

describe('doctor', () => {
	it('passes a fresh project install and explains the working-directory trap with the fix', async () => {
		const { v, home } = setup();
		const report = await check(v, home);
		expect(report.ok, formatDoctor(report)).toBe(true);
		const byId = (id: string) => report.checks.filter((c) => c.id === id);
		expect(byId('script')[0]?.status).toBe('ok');
		expect(byId('registration:project')[0]?.status).toBe('ok');
		expect(byId('interpreter')[0]?.message).toMatch(/runs \(v\d+/);
		expect(byId('hook-run')[0]?.status).toBe('ok');
		expect(byId('hook-run')[0]?.message).toContain('Session brief for vault "vault"');
		const trap = byId('working-directory')[0];
		expect(trap?.message).toMatch(/only when it is started in .*vault.*silently missing/s);
		expect(trap?.fix).toContain(`cd "${v}" && claude`);
		expect(trap?.fix).toContain('install --scope user');
	});

	it('with a user-scope install says any folder works', async () => {
		const { v, home } = setup({ scope: 'user' });
		const report = await check(v, home);
		expect(report.ok, formatDoctor(report)).toBe(true);
		expect(report.checks.find((c) => c.id === 'working-directory')?.message).toMatch(/any folder/);
	});

	it('fails without an installation, and the CLI exits 1 with --json machine output', async () => {
		const v = tmp();
		const home = tmp();
		const report = await check(v, home);
		expect(report.ok).toBe(false);
		expect(report.checks.map((c) => `${c.id}:${c.status}`)).toEqual(expect.arrayContaining(['script:fail', 'registration:fail']));
		let out = '';
		const code = await runAgentCommand(parseArgs(['doctor', '--json', '--vault', v]), BUNDLE, { HOME: home, PATH: process.env.PATH }, { out: (t) => (out += t), err: () => undefined });
		expect(code).toBe(1);
		const json = JSON.parse(out) as { ok: boolean; checks: Array<{ id: string }> };
		expect(json.ok).toBe(false);
		expect(json.checks.length).toBeGreaterThan(0);
	});

	it('passes through the CLI with exit 0 and readable text', async () => {
		const { v, home } = setup();
		let out = '';
		const code = await runAgentCommand(parseArgs(['doctor', '--vault', v]), BUNDLE, { HOME: home, PATH: process.env.PATH }, { out: (t) => (out += t), err: () => undefined });
		expect(code, out).toBe(0);
		expect(out).toMatch(/^Session Brief doctor: Claude Code/);
		expect(out).toContain('No problem found.');
	});

	it('finds an outdated script', async () => {
		const { v, home } = setup();
		fs.appendFileSync(path.join(v, '.claude', 'hooks', 'session-brief.cjs'), '\n// old\n');
		const report = await check(v, home);
		expect(report.ok).toBe(false);
		expect(report.checks.find((c) => c.id === 'script')?.fix).toMatch(/install/);
	});

	it('finds an entry that points to where the vault used to be', async () => {
		const { v, home } = setup();
		const moved = path.join(tmp(), 'moved');
		fs.cpSync(v, moved, { recursive: true });
		fs.rmSync(v, { recursive: true });
		const report = await check(moved, home);
		expect(report.ok).toBe(false);
		const stale = report.checks.find((c) => c.status === 'fail' && c.id === 'registration:project');
		expect(stale?.message).toMatch(/does not exist \(the vault was moved/);
		expect(stale?.fix).toMatch(/updates that entry/);
	});

	it('finds a missing interpreter', async () => {
		const { v, home } = setup();
		const text = fs.readFileSync(settings(v), 'utf8').split(process.execPath).join('/nonexistent/node');
		fs.writeFileSync(settings(v), text);
		const report = await check(v, home);
		expect(report.checks.find((c) => c.id === 'interpreter')?.status).toBe('fail');
		expect(report.checks.find((c) => c.id === 'hook-run')?.status).toBe('fail');
	});

	it('finds a hook whose output the host cannot use', async () => {
		const { v, home } = setup();
		fs.writeFileSync(path.join(v, '.claude', 'hooks', 'session-brief.cjs'), "console.log('hello from a profile');\n");
		const report = await check(v, home, { scriptSource: undefined });
		expect(report.checks.find((c) => c.id === 'hook-run')?.message).toMatch(/not one JSON object/);
	});

	it('finds an unparseable local settings file, disableAllHooks and a narrow matcher', async () => {
		const { v, home } = setup();
		fs.writeFileSync(path.join(v, '.claude', 'settings.local.json'), '{ "a": 1, }');
		fs.mkdirSync(path.join(home, '.claude'));
		fs.writeFileSync(path.join(home, '.claude', 'settings.json'), '{ "disableAllHooks": true }');
		const s = JSON.parse(fs.readFileSync(settings(v), 'utf8')) as { hooks: { SessionStart: Array<{ matcher?: string }> } };
		const first = s.hooks.SessionStart[0];
		if (first !== undefined) first.matcher = 'startup';
		fs.writeFileSync(settings(v), JSON.stringify(s));
		const report = await check(v, home);
		const ids = report.checks.map((c) => `${c.id}:${c.status}`);
		expect(ids).toEqual(expect.arrayContaining(['settings:local:fail', 'settings:user:fail', 'matcher:project:warn']));
	});

	it('checks another host: Cursor registration and its file', async () => {
		const { v, home } = setup({ agent: 'cursor' });
		const report = await check(v, home, { agent: 'cursor' });
		expect(report.checks.find((c) => c.id === 'registration:project')?.status).toBe('ok');
		expect(report.checks.find((c) => c.id === 'working-directory')?.fix).toContain('--agent cursor');
	});
});

describe('doctor and the MCP server', () => {
	const VERSION = (JSON.parse(fs.readFileSync(path.join(REPO, 'package.json'), 'utf8')) as { version: string }).version;
	const mcpJson = (v: string): string => path.join(v, '.mcp.json');
	const serverFile = (v: string): string => path.join(v, '.claude', 'hooks', 'session-brief.mcp.cjs');
	const byId = (report: Awaited<ReturnType<typeof doctor>>, id: string) => report.checks.filter((c) => c.id === id);

	it('starts the registered server once and lists its tools', async () => {
		const { v, home } = setup();
		const report = await check(v, home);
		expect(report.ok, formatDoctor(report)).toBe(true);
		expect(byId(report, 'mcp-registration')[0]).toMatchObject({ status: 'ok', message: `${mcpJson(v)} registers the MCP server (project).` });
		const ran = byId(report, 'mcp-run');
		expect(ran).toHaveLength(1);
		expect(ran[0]?.status).toBe('ok');
		expect(ran[0]?.message).toContain(`(${process.execPath} ${path.join(v, '.claude', 'hooks', 'session-brief.cjs')} mcp) started and lists its tools: ${TOOLS.join(', ')}.`);
	});

	it('finds a server file that is missing or not the current one, and the CLI exits 1 as for any problem', async () => {
		const { v, home } = setup();
		fs.rmSync(serverFile(v));
		const missing = await check(v, home);
		expect(missing.ok).toBe(false);
		expect(byId(missing, 'mcp-file')[0]).toMatchObject({ status: 'fail', fix: expect.stringMatching(/Run install again/) as unknown, command: expect.stringMatching(/ install --vault "[^"]+" --agent claude-code --scope project$/) as unknown });
		expect(byId(missing, 'mcp-file')[0]?.message).toContain(`${serverFile(v)} is missing`);
		let out = '';
		const code = await runAgentCommand(parseArgs(['doctor', '--vault', v]), BUNDLE, { HOME: home, PATH: process.env.PATH }, { out: (t) => (out += t), err: () => undefined });
		expect(code).toBe(1);
		expect(out).toMatch(/\[FAIL\] The MCP server file is not in the vault/);
		expect(out).toContain('Problems found; see FAIL above.');

		fs.writeFileSync(serverFile(v), `${MCP_SOURCE.toString('utf8')}\n// changed\n`);
		const changed = await check(v, home);
		expect(byId(changed, 'mcp-file')[0]?.message).toMatch(/differs from the MCP server file of this bridge .*older or changed copy/);
	});

	it('reports a registered server that exits before answering, with its error', async () => {
		const { v, home } = setup();
		const registered = JSON.parse(fs.readFileSync(mcpJson(v), 'utf8')) as { mcpServers: Record<string, { args: string[] }> };
		const ours = registered.mcpServers['session-brief'];
		if (ours === undefined) throw new Error('not registered');
		ours.args.push('--vault', path.join(v, 'no-such-folder'));
		fs.writeFileSync(mcpJson(v), JSON.stringify(registered));
		const report = await check(v, home);
		expect(report.ok).toBe(false);
		const ran = byId(report, 'mcp-run')[0];
		expect(ran?.status).toBe('fail');
		expect(ran?.message).toMatch(/failed: it exited \(code 2\) before answering the initialize request: session-brief: .*no-such-folder.*does not exist/);
		expect(ran?.fix).toMatch(/install/);
	});

	it('reports a server that writes anything but protocol messages to stdout, or lists other tools', async () => {
		const { v, home } = setup();
		fs.writeFileSync(serverFile(v), `exports.version = ${JSON.stringify(VERSION)};\nexports.runStdioServer = async () => { process.stdout.write('Loading vault...\\n'); await new Promise((r) => process.stdin.on('end', r).resume()); };\n`);
		const noisy = await check(v, home, { mcpSource: undefined });
		expect(byId(noisy, 'mcp-run')[0]?.message).toMatch(/not a protocol message to stdout.*Loading vault/);
		expect(noisy.ok).toBe(false);

		// A server that answers but lacks tools (an older or foreign file).
		const fake = `exports.version = ${JSON.stringify(VERSION)};
exports.runStdioServer = async () => {
	let buf = '';
	const say = (m) => process.stdout.write(JSON.stringify({ jsonrpc: '2.0', ...m }) + '\\n');
	process.stdin.setEncoding('utf8').on('data', (c) => {
		buf += c;
		for (let i = buf.indexOf('\\n'); i >= 0; i = buf.indexOf('\\n')) {
			const m = JSON.parse(buf.slice(0, i));
			buf = buf.slice(i + 1);
			if (m.method === 'initialize') say({ id: m.id, result: { protocolVersion: '2025-06-18', capabilities: { tools: {} }, serverInfo: { name: 'x', version: '1' } } });
			if (m.method === 'tools/list') say({ id: m.id, result: { tools: [{ name: 'brief', inputSchema: { type: 'object' } }] } });
		}
	});
	await new Promise((r) => process.stdin.on('end', r));
};
`;
		fs.writeFileSync(serverFile(v), fake);
		const old = await check(v, home, { mcpSource: undefined });
		expect(byId(old, 'mcp-run')[0]).toMatchObject({ status: 'fail', message: expect.stringMatching(new RegExp(`started but does not list ${TOOLS.filter((t) => t !== 'brief').join(', ')} \\(it lists: brief\\)`)) as unknown });

		// All the tools, but it stays when its input closes: a warning, and doctor ends it.
		const lingering = fake
			.replace("tools: [{ name: 'brief', inputSchema: { type: 'object' } }]", `tools: ${JSON.stringify(TOOLS)}.map((name) => ({ name, inputSchema: { type: 'object' } }))`)
			.replace("await new Promise((r) => process.stdin.on('end', r));", 'setInterval(() => undefined, 1000);\n\tawait new Promise(() => undefined);');
		expect(lingering).not.toBe(fake);
		fs.writeFileSync(serverFile(v), lingering);
		const stays = await check(v, home, { mcpSource: undefined });
		expect(stays.ok, formatDoctor(stays)).toBe(true);
		expect(byId(stays, 'mcp-run').map((c) => c.status)).toEqual(['ok', 'warn']);
		expect(byId(stays, 'mcp-run')[1]?.message).toMatch(/did not exit within 5 s after its input closed/);
	}, HANG_MS);

	it('warns, without failing, when the server is not registered for the vault', async () => {
		const { v, home } = setup({ mcpSource: undefined });
		expect(fs.existsSync(mcpJson(v))).toBe(false);
		const report = await check(v, home);
		expect(report.ok, formatDoctor(report)).toBe(true);
		expect(byId(report, 'mcp-registration')[0]).toMatchObject({ status: 'warn', fix: expect.stringMatching(/install/) as unknown });
		expect(byId(report, 'mcp-run')).toEqual([]);
	});

	it('does not look for an MCP server where install does not register one (Gemini CLI)', async () => {
		const { v, home } = setup({ agent: 'gemini' });
		const report = await check(v, home, { agent: 'gemini' });
		expect(report.checks.filter((c) => c.id.startsWith('mcp'))).toEqual([]);
	});
});

describe("doctor's look at Session Brief's own folders, by the state registry", () => {
	function plugin(v: string, ...names: string[]): string {
		return path.join(v, '.obsidian', 'plugins', 'session-brief', ...names);
	}

	/** A vault whose plugin folder and `.claude/hooks` hold every name of the registry, each the kind it names. */
	function everyName(): string {
		const v = path.join(tmp(), 'vault');
		fs.mkdirSync(plugin(v), { recursive: true });
		fs.mkdirSync(path.join(v, '.claude', 'hooks'), { recursive: true });
		for (const s of pluginState()) {
			if (s.kind === 'folder') {
				fs.mkdirSync(plugin(v, s.name));
				fs.writeFileSync(plugin(v, s.name, 'an-entry'), '');
			} else fs.writeFileSync(plugin(v, s.name), '{}');
		}
		for (const s of hooksState()) fs.writeFileSync(path.join(v, '.claude', 'hooks', s.name), '');
		return v;
	}

	function failure(v: string): string {
		const [c] = stateFolderChecks(v, {});
		expect(c?.status).toBe('fail');
		expect(c?.fix).toContain('remove them');
		return c?.message ?? '';
	}

	it('takes every file and folder of the registry, a temp file of a write under way and other tools\' hooks for what they are', () => {
		const v = everyName();
		expect(pluginState().filter((s) => s.kind === 'folder').map((s) => s.name).sort()).toEqual(['before-versions', 'session-baselines', 'session-marks']);
		fs.writeFileSync(plugin(v, 'brief-cache.json.1234.abcdef.tmp'), '');
		fs.symlinkSync('/etc/passwd', path.join(v, '.claude', 'hooks', 'other-tool.sh'));
		expect(stateFolderChecks(v, {})).toEqual([expect.objectContaining({ id: 'state-files', status: 'ok' })]);
	});

	it('the hook entry, which loads nothing, names its code caches as the registry does', () => {
		expect(fs.readFileSync(HOOK_ENTRY, 'utf8')).toContain(`path.join(state, '${CODE_CACHE_FOLDER}', \`\${h.toString(16).padStart(16, '0')}-\${path.basename(file)}${CODE_CACHE_SUFFIX}\`)`);
	});

	it.skipIf(process.platform === 'win32')('names a registry folder that is a file or a link, and what lies in one that is not a regular file', () => {
		const v = everyName();
		fs.rmSync(plugin(v, 'session-marks'), { recursive: true });
		fs.writeFileSync(plugin(v, 'session-marks'), '');
		fs.rmSync(plugin(v, 'session-baselines'), { recursive: true });
		fs.symlinkSync(tmp(), plugin(v, 'session-baselines'));
		spawnSync('mkfifo', [plugin(v, 'before-versions', 'x.before')]);
		const message = failure(v);
		expect(message).toContain(`${plugin(v, 'session-marks')} is a file where Session Brief keeps the session marks (a folder)`);
		expect(message).toContain(`${plugin(v, 'session-baselines')} is a symbolic link where Session Brief keeps`);
		expect(message).toContain(`${plugin(v, 'before-versions', 'x.before')} is a FIFO (named pipe)`);
	});

	it.skipIf(process.platform === 'win32')('names a registry file that is not a regular file, and anything but a regular file under a name Session Brief does not write', () => {
		const v = everyName();
		fs.rmSync(plugin(v, 'editor-writes.json'));
		fs.mkdirSync(plugin(v, 'editor-writes.json'));
		fs.mkdirSync(plugin(v, 'planted-folder'));
		fs.rmSync(path.join(v, '.claude', 'hooks', 'session-brief.edit.cjs.v8cache'));
		fs.symlinkSync('/etc/passwd', path.join(v, '.claude', 'hooks', 'session-brief.edit.cjs.v8cache'));
		fs.symlinkSync('/etc/passwd', path.join(v, '.claude', 'hooks', 'session-brief.extra'));
		const message = failure(v);
		expect(message).toContain(`${plugin(v, 'editor-writes.json')} is a folder;`);
		expect(message).toContain(`${plugin(v, 'planted-folder')} is a folder, under a name Session Brief does not write`);
		expect(message).toContain(`${path.join(v, '.claude', 'hooks', 'session-brief.edit.cjs.v8cache')} is a symbolic link;`);
		expect(message).toContain(`${path.join(v, '.claude', 'hooks', 'session-brief.extra')} is a symbolic link, under a name Session Brief does not write`);
	});
});
