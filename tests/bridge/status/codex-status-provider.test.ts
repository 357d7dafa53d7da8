/**
 * The MCP server as Codex's status line provider: the `vault_status` tool advertises the status line
 * resource, and reading it (with Codex's snapshot of the thread in `_meta`) gives the status line's
 * words as a UI tree; a broken vault gives an empty footer, never an error that would stop Codex
 * asking.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, describe, expect, it } from 'vitest';
import { FIXED_NOW, hookScript, makeVault, run, type Files } from '../../helpers/bridge';
import { mcpClients } from '../../helpers/mcp-client';
import { cacheFile, keptCache, pluginDir } from '../../helpers/kept-cache';
import { STATUS_LINE_URI } from '../../../src/node/mcp/contract';

const made: string[] = [];
const connectMcp = mcpClients();
afterAll(() => {
	for (const d of made) fs.rmSync(d, { recursive: true, force: true, maxRetries: 30 });
});

const ENV = { ...(process.env as Record<string, string>), SESSION_BRIEF_NOW: FIXED_NOW, NO_COLOR: '1' };

function vault(files: Files): string {
	const v = makeVault(files);
	made.push(v);
	fs.mkdirSync(pluginDir(v), { recursive: true });
	return v;
}

const connect = (v: string): Promise<Client> => connectMcp(v, ENV);

/** A read as Codex makes it: the thread's snapshot rides in the request's `_meta`. */
async function readStatus(client: Client): Promise<unknown> {
	const state = { thread: { id: 't1', name: null, agent: { state: 'ready' }, model: { display_name: 'gpt', provider: 'openai' }, workspace: { cwd: '/elsewhere' }, usage: { context: {} } } };
	const r = await client.readResource({ uri: STATUS_LINE_URI, _meta: { 'com.openai/codex-statusline-state': state } });
	expect(r.contents).toHaveLength(1);
	const content = r.contents[0] as { uri: string; mimeType?: string; text?: string };
	expect([content.uri, content.mimeType]).toEqual([STATUS_LINE_URI, 'application/json']);
	return JSON.parse(content.text ?? 'undefined') as unknown;
}

const NOTES: Files = { 'Notes/a.md': '#needs-review\n', 'Notes/b.md': '#needs-review\n', 'CLAUDE.md': 'See [[Missing]].\n' };

describe('Codex status line provider', () => {
	it('advertises the resource on the vault_status tool, which answers the status line words', async () => {
		const v = vault(NOTES);
		expect(run(hookScript(v), ['check'], '', { env: ENV }).status).toBe(1);
		fs.writeFileSync(cacheFile(v), JSON.stringify(keptCache(v, ENV)));
		const client = await connect(v);
		const { tools } = await client.listTools();
		const tool = tools.find((t) => t.name === 'vault_status');
		expect(tool?._meta).toEqual({ 'openai/ui': { entrypoints: [{ type: 'statusline', resourceUri: STATUS_LINE_URI }] } });
		const { resources } = await client.listResources();
		expect(resources.map((r) => [r.uri, r.mimeType])).toEqual([[STATUS_LINE_URI, 'application/json']]);
		const called = (await client.callTool({ name: 'vault_status', arguments: {} })) as { content: { text: string }[]; structuredContent: Record<string, unknown> };
		const line = run(hookScript(v), ['statusline'], '{}', { env: ENV }).stdout.toString();
		expect(`${called.content[0]?.text}\n`).toBe(line);
		expect(line).toBe('vault: 2 to review · rules: 1 broken link\n');
		expect(called.structuredContent).toEqual({ toReview: 2, agentChanges: 0, rules: { findings: 1, complete: true, checks: ['broken-link'] }, stale: false });
		expect(await readStatus(client)).toEqual({
			type: 'row',
			props: { gap: 1, wrap: 'wrap' },
			children: ['vault:', { type: 'text', props: { color: 'yellow' }, children: ['2 to review'] }, '·', { type: 'text', props: { color: 'red' }, children: ['rules: 1 broken link'] }],
		});
	});

	it('follows the vault between reads, and clears the footer rather than fail when nothing is known', async () => {
		const v = vault(NOTES);
		const client = await connect(v);
		expect(await readStatus(client)).toEqual({ type: 'row', props: { gap: 1, wrap: 'wrap' }, children: ['vault:', { type: 'text', props: { italic: true, color: 'status-metadata' }, children: ['brief stale'] }] });
		fs.writeFileSync(cacheFile(v), JSON.stringify(keptCache(v, ENV)));
		expect(JSON.stringify(await readStatus(client))).toContain('2 to review');
		// Without a config folder no count is known: only that the brief may lag.
		fs.rmSync(path.join(v, '.obsidian'), { recursive: true });
		expect(JSON.stringify(await readStatus(client))).toBe('{"type":"row","props":{"gap":1,"wrap":"wrap"},"children":["vault:",{"type":"text","props":{"italic":true,"color":"status-metadata"},"children":["brief stale"]}]}');
		// A vault that is gone: an empty footer, and the server goes on answering.
		fs.rmSync(v, { recursive: true, force: true });
		expect(await readStatus(client)).toBeNull();
		expect(await readStatus(client)).toBeNull();
	});
});
