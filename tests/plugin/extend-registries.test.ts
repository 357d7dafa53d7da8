/**
 * A rule check, an MCP tool and an agent host added as docs/contributing.md says, through their
 * registries alone: the check list (src/core/rules/check-list.ts), the tool names, handlers and
 * registrations (src/node/mcp/contract.ts, tools.ts, server.ts) and the two host tables
 * (src/core/hosts/list.ts, src/node/hosts/index.ts). Each is picked up where the guide says, and
 * the lists and counts the other tests take from tests/helpers/registries.ts follow. The item table
 * is extended the same way in tests/plugin/registries.test.ts.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RuleCheck } from '../../src/core/rules/types';
import type { ToolAnswer, ToolHandlers } from '../../src/node/mcp/contract';
import type { HostSpec } from '../../src/node/hosts/host-spec';
import { FAKE_HOST } from '../helpers/fake-host';
import { HANG_MS } from '../helpers/patience';
import { CHECK_COUNT, CHECK_COUNT_WITH_EXTERNAL, HOST_IDS, TOOLS } from '../helpers/registries';
import { Modal, Notice } from '../../stand-in/obsidian';
import { settle, type Started, startPlugin, stopPlugin, tempVault } from './harness';
import { HOOK_FILE_HASHES, HOOK_FILE_TEXTS } from '../../bridge/hook-file-texts';

// Hoisted with the mocks below, which run before any import.
const { FAKE_CHECK } = vi.hoisted(() => ({
	FAKE_CHECK: {
		id: 'fake-todo',
		severity: 'warning',
		explain: { en: 'A FAKE-TODO line is a rule nobody wrote yet.', de: 'Eine FAKE-TODO-Zeile ist eine noch ungeschriebene Regel.' },
		run: (ctx) =>
			ctx.files.flatMap((f) =>
				f.text
					.split('\n')
					.flatMap((line, i) => (line.includes('FAKE-TODO') ? [{ check: 'fake-todo', severity: 'warning' as const, path: f.path, line: i + 1, message: 'FAKE-TODO left in a rule file.' }] : [])),
			),
	} satisfies RuleCheck,
}));

/** The fake tool's handler, beside the real ones (contract.ts's ToolHandlers gains it). */
type FakeHandlers = ToolHandlers & { fakeRoot(): ToolAnswer };

vi.mock('../../src/core/rules/check-list', async (original) => {
	const real = await original<typeof import('../../src/core/rules/check-list')>();
	return { ...real, BUILT_IN_CHECKS: [...real.BUILT_IN_CHECKS, FAKE_CHECK] };
});

vi.mock('../../src/node/mcp/contract', async (original) => {
	const real = await original<typeof import('../../src/node/mcp/contract')>();
	return { ...real, TOOL_NAMES: [...real.TOOL_NAMES, 'fake_root'] };
});

vi.mock('../../src/node/mcp/tools', async (original) => {
	const real = await original<typeof import('../../src/node/mcp/tools')>();
	return {
		...real,
		toolHandlers: (t: Parameters<typeof real.toolHandlers>[0]): FakeHandlers => ({ ...real.toolHandlers(t), fakeRoot: () => ({ text: `vault: ${t.context().root}`, structured: { root: t.context().root } }) }),
	};
});

vi.mock('../../src/core/hosts/list', async (original) => {
	const real = await original<typeof import('../../src/core/hosts/list')>();
	const { FAKE_HOST } = await import('../helpers/fake-host');
	return { ...real, HOSTS: [...real.HOSTS, FAKE_HOST] };
});

vi.mock('../../src/node/hosts/index', async (original) => {
	const real = await original<typeof import('../../src/node/hosts/index')>();
	const { fakeHostSpec } = await import('../helpers/fake-host');
	const fake = fakeHostSpec(real.specFor('claude-code'));
	return { ...real, specFor: (agent: string) => (agent === 'fake-host' ? fake : real.specFor(agent as HostSpec['agent'])) };
});

const made: string[] = [];
let started: Started | null = null;
afterEach(async () => {
	await stopPlugin(started);
	started = null;
	Modal.open = [];
	for (const d of made.splice(0)) fs.rmSync(d, { recursive: true, force: true, maxRetries: 30 });
});

function vault(files: Record<string, string>): string {
	const v = tempVault(files);
	made.push(v);
	return v;
}

const RULES = { 'CLAUDE.md': '# Rules\n\nFAKE-TODO: the naming rule.\n' };

/** The MCP server as `session-brief mcp` builds it, with the fake tool's registration beside the real ones, and a client on it. */
async function mcpClient(root: string): Promise<Client> {
	const { createServer, TOOL_REGISTRATIONS } = await import('../../src/node/mcp/server');
	const { toolHandlers } = await import('../../src/node/mcp/tools');
	const { loadVaultContext } = await import('../../src/node/vault-config');
	const registrations = {
		...TOOL_REGISTRATIONS,
		fake_root: (server, tools) =>
			server.registerTool('fake_root', { title: 'Vault root', description: 'The folder of the vault this server was started for.', inputSchema: {}, annotations: { readOnlyHint: true, openWorldHint: false } }, () => {
				const a = (tools as FakeHandlers).fakeRoot();
				return { content: [{ type: 'text', text: a.text }], structuredContent: a.structured };
			}),
	} satisfies typeof TOOL_REGISTRATIONS & Record<string, (server: import('@modelcontextprotocol/sdk/server/mcp.js').McpServer, tools: ToolHandlers) => void>;
	const handlers = toolHandlers({ context: () => loadVaultContext(root, { env: {} }), now: () => new Date(), env: {}, langGiven: false });
	const server = createServer(handlers, '0.0.0', registrations);
	const [a, b] = InMemoryTransport.createLinkedPair();
	const client = new Client({ name: 'test', version: '0' });
	await Promise.all([server.connect(a), client.connect(b)]);
	return client;
}

describe('a rule check added to the check list alone', () => {
	it('runs in every run of the engine, with its explanation in the JSON and its count in the summary', async () => {
		const real = await vi.importActual<typeof import('../../src/core/rules/check-list')>('../../src/core/rules/check-list');
		expect(CHECK_COUNT).toBe(real.BUILT_IN_CHECKS.length + 1);
		const { checkVault } = await import('../../src/node/check/rule-files');
		const { checkJson } = await import('../../src/node/check/check-report');
		const { loadVaultContext } = await import('../../src/node/vault-config');
		const ctx = loadVaultContext(vault(RULES), { env: {} });
		const result = await checkVault(ctx, { env: {}, lang: 'en', external: false });
		expect(result.findings).toEqual([{ check: 'fake-todo', severity: 'warning', path: 'CLAUDE.md', line: 3, message: 'FAKE-TODO left in a rule file.' }]);
		const json = checkJson(ctx, result, 'en');
		// As tests/bridge/cli/check.test.ts asserts of the built bridge.
		expect(json.checksRun).toHaveLength(CHECK_COUNT);
		expect(json.checks.map((c) => c.id)).toEqual(json.checksRun);
		expect(json.checks.find((c) => c.id === 'fake-todo')?.explanation).toBe('A FAKE-TODO line is a rule nobody wrote yet.');
		expect(json.summary).toBe(`1 of the ${CHECK_COUNT} checks that ran found something: 0 errors, 1 warning.`);
		const clean = await checkVault(loadVaultContext(vault({ 'CLAUDE.md': '# Rules\n' }), { env: {} }), { env: {}, lang: 'en', external: false });
		expect(checkJson(ctx, clean, 'en').summary).toBe(`None of the ${CHECK_COUNT} checks that ran found anything.`);
		const { ALL_CHECKS } = await import('../../src/core/rules/engine');
		expect(ALL_CHECKS.map((c) => c.id)).toContain('fake-todo');
		expect(ALL_CHECKS).toHaveLength(CHECK_COUNT_WITH_EXTERNAL);
	});

	it('reports through the MCP tool rule_check', async () => {
		const client = await mcpClient(vault(RULES));
		const r = (await client.callTool({ name: 'rule_check', arguments: {} })) as unknown as { structuredContent: { findings: Array<{ check: string }>; checksRun: string[] } };
		expect(r.structuredContent.findings.map((f) => f.check)).toEqual(['fake-todo']);
		expect(r.structuredContent.checksRun).toHaveLength(CHECK_COUNT);
		await client.close();
	});

	it("shows its finding in the plugin's rule check view and counts it in the notice", async () => {
		started = await startPlugin(vault(RULES));
		const before = Notice.shown.length;
		started.stub.commands.find((c) => c.id === 'run-rule-check')?.callback?.();
		await vi.waitFor(() => expect(Notice.shown.length).toBeGreaterThan(before), { timeout: HANG_MS });
		await settle(started.app);
		expect(Notice.shown).toContain(`1 of the ${CHECK_COUNT} checks that ran found something: 0 errors, 1 warning.`);
		const view = started.app.workspace.getLeavesOfType('session-brief-rule-check')[0]?.view.containerEl;
		expect(view?.querySelector('.session-brief-finding')?.textContent).toContain('FAKE-TODO left in a rule file.');
	});
});

describe('an MCP tool added through its name, handler and registration alone', () => {
	it('is listed in TOOL_NAMES order and answers when called', async () => {
		const root = vault({});
		const client = await mcpClient(root);
		const { tools } = await client.listTools();
		// As tests/bridge/mcp.test.ts asserts of the built server.
		expect(tools.map((t) => t.name)).toEqual(TOOLS);
		expect(TOOLS.at(-1)).toBe('fake_root');
		const r = (await client.callTool({ name: 'fake_root', arguments: {} })) as unknown as { content: Array<{ text: string }>; structuredContent: { root: string } };
		expect(r.structuredContent).toEqual({ root });
		expect(r.content[0]?.text).toBe(`vault: ${root}`);
		await client.close();
	});

	it("is in the mcp command's help, and doctor misses it in a server that lacks it", async () => {
		const { commandHelp } = await import('../../bridge/help');
		expect(commandHelp('mcp', 'session-brief')).toContain(TOOLS.join(', '));
		// The server built from the real registries lacks the fake: doctor names it as missing.
		const { install } = await import('../../src/node/hosts/install/install');
		const { doctor, formatDoctor } = await import('../../src/node/hosts/doctor/doctor');
		const root = vault({});
		const home = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-extend-home-'));
		made.push(home);
		const dist = path.resolve(__dirname, '../../bridge/dist');
		const scriptSource = fs.readFileSync(path.join(dist, 'session-brief.cjs'));
		const mcpSource = fs.readFileSync(path.join(dist, 'session-brief.mcp.cjs'));
		// The server file refuses a bridge of another version.
		const version = (JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../package.json'), 'utf8')) as { version: string }).version;
		const r = install({ hookFiles: HOOK_FILE_TEXTS, vault: root, home, scope: 'project', agent: 'claude-code', scriptSource, mcpSource, version, nodePath: process.execPath, env: {} });
		expect(r.code, r.lines.join('\n')).toBe(0);
		const report = await doctor({ hookFileHashes: HOOK_FILE_HASHES, vault: root, home, agent: 'claude-code', version, scriptSource, mcpSource, env: {} });
		const run = report.checks.find((c) => c.id === 'mcp-run');
		expect(run?.status, formatDoctor(report)).toBe('fail');
		expect(run?.message).toContain('started but does not list fake_root');
	}, HANG_MS);
});

describe('an agent host added to the two host tables alone', () => {
	it('is an --agent value, in the help of each hook it registers, and in the help of install', async () => {
		expect(HOST_IDS.at(-1)).toBe('fake-host');
		const { USAGE, commandHelp } = await import('../../bridge/help');
		expect(USAGE).toContain(`Agents (--agent): ${HOST_IDS.map((id) => (id === 'claude-code' ? `${id} (default)` : id)).join(', ')}\n`);
		expect(USAGE).toMatch(/PostToolUse hook \([^)]*Fake Agent CLI[^)]*\)/);
		expect(commandHelp('install', 'session-brief')).toContain('fake-host');
		const { chooseAgent } = await import('../../src/node/hosts/install/options');
		expect(chooseAgent('fake-host')).toEqual({ ok: true, agent: 'fake-host' });
	});

	it("is offered by the plugin's install dialog, with its own scopes, and its command installs it", async () => {
		started = await startPlugin(vault({ 'Note.md': '# Note\n' }));
		started.stub.commands.find((c) => c.id === 'install-agent-hooks')?.callback?.();
		await vi.waitFor(() => expect(Modal.open.length).toBeGreaterThan(0), { timeout: HANG_MS });
		const modal = Modal.open[Modal.open.length - 1] as Modal;
		const selects = (): HTMLSelectElement[] => Array.from(modal.contentEl.querySelectorAll('select'));
		expect(Array.from(selects()[0]?.options ?? []).map((o) => o.value)).toEqual(HOST_IDS);
		const agent = selects()[0] as HTMLSelectElement;
		agent.value = 'fake-host';
		agent.dispatchEvent(new Event('change'));
		expect(Array.from(selects()[1]?.options ?? []).map((o) => o.value)).toEqual(['project']);
		expect(modal.contentEl.querySelector('pre.session-brief-command')?.textContent).toMatch(/ --agent fake-host --scope project$/);
	});

	it('install writes its settings file and plans its hooks; doctor checks that file by the host name', async () => {
		const { install } = await import('../../src/node/hosts/install/install');
		const { doctor, formatDoctor } = await import('../../src/node/hosts/doctor/doctor');
		const root = vault({});
		const home = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-extend-home-'));
		made.push(home);
		const scriptSource = fs.readFileSync(path.resolve(__dirname, '../../bridge/dist/session-brief.cjs'));
		const r = install({ hookFiles: HOOK_FILE_TEXTS, vault: root, home, scope: 'project', agent: 'fake-host' as never, scriptSource, version: '0.0.0', nodePath: process.execPath, env: {} });
		expect(r.code, r.lines.join('\n')).toBe(0);
		const settings = JSON.parse(fs.readFileSync(path.join(root, '.fake-agent', 'settings.json'), 'utf8')) as { hooks: Record<string, Array<{ hooks: Array<{ command: string }> }>> };
		expect(Object.keys(settings.hooks)).toEqual(Object.keys(FAKE_HOST.events));
		expect(settings.hooks.PostToolUse?.[0]?.hooks[0]?.command).toMatch(/post-tool-use --agent fake-host/);
		const report = await doctor({ hookFileHashes: HOOK_FILE_HASHES, vault: root, home, agent: 'fake-host' as never, version: '0.0.0', scriptSource, env: {} });
		const text = formatDoctor(report);
		expect(text.split('\n')[0]).toBe(`Session Brief doctor: Fake Agent CLI, vault ${root}`);
		expect(text).toContain(path.join('.fake-agent', 'settings.json'));
	}, HANG_MS);
});
