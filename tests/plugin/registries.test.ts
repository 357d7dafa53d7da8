/**
 * A brief item and an agent host added through their registries alone (src/core/brief/brief-item-list.ts,
 * src/core/hosts/list.ts with src/node/hosts/index.ts) reach every place that lists items or
 * hosts: the brief's text and JSON, the news, the MCP tools' enum and descriptions, the sidebar,
 * the command line's help and `--agent`, install and doctor. The registries are replaced for this
 * file only (vi.mock), so a list written out by hand anywhere fails here.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ListItemDescriptor } from '../../src/core/brief/brief-items';
import type { HostSpec } from '../../src/node/hosts/host-spec';
import type { ToolHandlers } from '../../src/node/mcp/contract';
import { openReviewView, type Started, startPlugin, stopPlugin, tempVault } from './harness';
import { HOOK_FILE_HASHES, HOOK_FILE_TEXTS } from '../../bridge/hook-file-texts';

// Hoisted with the mocks below, which run before any import.
const { FAKE_ITEM } = vi.hoisted(() => ({
	FAKE_ITEM: {
	id: 'fakeItem',
	about: 'notes in the Fake folder',
	holds: (n) => n.path.startsWith('Fake/'),
	hits: () => [],
	label: { en: () => 'Fake item label', de: () => 'Fake-Eintrag' },
	sidebar: {
		order: 9,
		title: { en: 'Fake section', de: 'Fake-Abschnitt' },
		tag: { en: () => 'Fake/', de: () => 'Fake/' },
		empty: { en: () => 'No fake note.', de: () => 'Keine Fake-Notiz.' },
	},
} satisfies ListItemDescriptor,
}));

vi.mock('../../src/core/brief/brief-item-list', async (original) => {
	const real = await original<typeof import('../../src/core/brief/brief-item-list')>();
	return { ...real, LIST_ITEMS: [...real.LIST_ITEMS, FAKE_ITEM] };
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

let started: Started | null = null;
afterEach(async () => {
	await stopPlugin(started);
	started = null;
});

describe('a brief item added to the item table alone', () => {
	it('is in the brief, its text and JSON, the JSON schema and the news', async () => {
		const { computeBrief } = await import('../../src/core/brief/brief');
		const { formatBrief, briefJson } = await import('../../src/core/brief/format');
		const { resolveSettings } = await import('../../src/core/settings');
		const { checkBrief } = await import('../../src/core/schemas/brief');
		const { NEWS_ITEMS } = await import('../../src/core/trail/what-changed');
		const now = new Date(2026, 10, 29, 10, 0, 0);
		const settings = resolveSettings({});
		const brief = computeBrief({ now, settings, dailyNote: { folder: '', format: 'YYYY-MM-DD' }, notes: [{ path: 'Fake/one.md', mtime: 0, flags: null }], exists: () => false });
		expect(brief.items).toHaveProperty('fakeItem');
		expect((brief.items as Record<string, { count: number } | null>).fakeItem?.count).toBe(1);
		expect(formatBrief(brief, settings, 'en', { source: 'scan', generatedAt: now.getTime(), vaultName: 'v' }, now.getTime())).toContain('Fake item label: 1');
		const json = briefJson(brief, '/v', { source: 'scan', generatedAt: now.getTime(), vaultName: 'v' }, false);
		expect(json.items).toHaveProperty('fakeItem');
		expect(checkBrief(brief, 'brief')).toBeNull();
		expect(NEWS_ITEMS).toContain('fakeItem');
	});

	it("is in the MCP review queue's enum and in both tools' descriptions", async () => {
		const { createServer } = await import('../../src/node/mcp/server');
		// Every handler, whatever the tools: none is called here.
		const unused = new Proxy({}, { get: () => (): never => { throw new Error('not called'); } }) as ToolHandlers;
		const server = createServer(unused, '0.0.0');
		const [a, b] = InMemoryTransport.createLinkedPair();
		const client = new Client({ name: 'test', version: '0' });
		await Promise.all([server.connect(a), client.connect(b)]);
		const { tools } = await client.listTools();
		// The tool list doctor checks against is the server's.
		const { TOOL_NAMES } = await import('../../src/node/mcp/contract');
		expect(tools.map((t) => t.name)).toEqual([...TOOL_NAMES]);
		const queue = tools.find((t) => t.name === 'review_queue');
		const items = (queue?.inputSchema.properties as { items: { items: { enum: string[] } } }).items.items.enum;
		expect(items).toContain('fakeItem');
		expect(queue?.description).toContain('fakeItem (notes in the Fake folder)');
		expect(tools.find((t) => t.name === 'brief')?.description).toContain('fakeItem (notes in the Fake folder)');
		await client.close();
		await server.close();
	});

	it('has its own section in the sidebar', async () => {
		started = await startPlugin(tempVault({ 'Fake/one.md': 'a fake note\n', 'Notes/plain.md': 'nothing\n' }));
		const root = await openReviewView(started);
		const section = root.querySelector<HTMLElement>('.session-brief-section[data-section="fakeItem"]');
		expect(section?.textContent).toContain('Fake section');
		expect(Array.from(section?.querySelectorAll<HTMLElement>('.session-brief-item') ?? []).map((e) => e.dataset.path)).toEqual(['Fake/one.md']);
	});
});

describe('an agent host added to the host registries alone', () => {
	it('is in the help, with its alias and its hooks, and --agent takes it', async () => {
		const { USAGE } = await import('../../bridge/help');
		expect(USAGE).toMatch(/Agents \(--agent\):.*, fake-host\n.*also .*fakey \(fake-host\)/);
		expect(USAGE).toMatch(/PostToolUse hook \([^)]*Fake Agent CLI[^)]*\)/);
		const { chooseAgent } = await import('../../src/node/hosts/install/options');
		expect(chooseAgent('fakey')).toEqual({ ok: true, agent: 'fake-host' });
	});

	it('is installed into its own settings file, and doctor reports on it by name', async () => {
		const { install } = await import('../../src/node/hosts/install/install');
		const { doctor, formatDoctor } = await import('../../src/node/hosts/doctor/doctor');
		const vault = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-registry-'));
		const home = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-registry-home-'));
		try {
			fs.mkdirSync(path.join(vault, '.obsidian'));
			const bridge = fs.readFileSync(path.resolve(__dirname, '../../bridge/dist/session-brief.cjs'));
			const r = install({ hookFiles: HOOK_FILE_TEXTS, vault, home, scope: 'project', agent: 'fake-host' as never, scriptSource: bridge, version: '0.0.0', nodePath: process.execPath, env: {} });
			expect(r.code, r.lines.join('\n')).toBe(0);
			expect(r.lines.join('\n')).toContain('for Fake Agent CLI in');
			const settings = JSON.parse(fs.readFileSync(path.join(vault, '.fake-agent', 'settings.json'), 'utf8')) as { hooks: Record<string, unknown> };
			expect(Object.keys(settings.hooks)).toEqual(['SessionStart', 'PostToolUse']);
			const report = await doctor({ hookFileHashes: HOOK_FILE_HASHES, vault, home, agent: 'fake-host' as never, version: '0.0.0', scriptSource: bridge, env: {} });
			expect(formatDoctor(report).split('\n')[0]).toBe(`Session Brief doctor: Fake Agent CLI, vault ${vault}`);
		} finally {
			fs.rmSync(vault, { recursive: true, force: true, maxRetries: 30 });
			fs.rmSync(home, { recursive: true, force: true, maxRetries: 30 });
		}
	});
});
