/**
 * `session-brief mcp` through the official SDK's client, with the built bridge as a child process:
 * the tools it lists, each tool against the command-line output it must equal, bad arguments and
 * paths that escape the vault, the one write, a vault changing under a long-running server.
 */
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, describe, expect, it } from 'vitest';
import { BUNDLE, FIXED_NOW, hookScript, makeVault, run, writeFiles, type Files } from '../helpers/bridge';
import { TOOLS } from '../helpers/registries';
import { mcpClients } from '../helpers/mcp-client';

const made: string[] = [];
const connectMcp = mcpClients();
afterAll(() => {
	for (const d of made) fs.rmSync(d, { recursive: true, force: true, maxRetries: 30 });
});

function vault(files: Files): string {
	const v = makeVault(files);
	made.push(v);
	return v;
}

const env = (): Record<string, string> => ({ ...(process.env as Record<string, string>), SESSION_BRIEF_NOW: FIXED_NOW });

const connect = (v: string, args?: string[]): Promise<Client> => connectMcp(v, env(), args);

interface Result {
	isError?: boolean;
	content: Array<{ type: string; text: string }>;
	structuredContent?: Record<string, unknown>;
}

function item(r: Result, id: string): { count: number; paths: string[]; omitted?: number } {
	const items = r.structuredContent?.items as Record<string, { count: number; paths: string[]; omitted?: number }> | undefined;
	const found = items?.[id];
	if (found === undefined) throw new Error(`no item ${id} in ${JSON.stringify(r)}`);
	return found;
}

async function call(client: Client, name: string, args: Record<string, unknown> = {}): Promise<Result> {
	return (await client.callTool({ name, arguments: args })) as Result;
}

/** The first run scans and writes the cache the later runs (and the server) serve. */
const warm = (v: string): void => void run(BUNDLE, ['report', '--vault', v]);

const cli = (v: string, args: string[]): string => {
	const r = run(BUNDLE, [...args, '--vault', v]);
	return r.stdout.toString('utf8');
};

const NOTES: Files = {
	'Inbox/idea.md': 'An idea\n',
	'Notes/fm.md': '---\ntags: [review]\ntitle: "Keep: me"\n---\nBody stays.\n',
	'Notes/inline.md': '# Inline\n\nPlease look #review\n\n```\n#review in code\n```\n',
	'Notes/done.md': '---\ntags:\n  - review\n  - review-done\n---\n',
	'Notes/flag.md': 'Text #needs-review here\n',
	'CLAUDE.md': 'See [[Missing note]] and [[Notes/fm]].\n',
};

describe('mcp server', () => {
	it('lists its tools with input schemas and descriptions; only mark_reviewed writes', async () => {
		const client = await connect(vault(NOTES));
		const { tools } = await client.listTools();
		expect(tools.map((t) => t.name)).toEqual(TOOLS);
		for (const t of tools) {
			expect(t.inputSchema.type).toBe('object');
			expect((t.description ?? '').length).toBeGreaterThan(80);
			expect(t.annotations?.readOnlyHint).toBe(t.name !== 'mark_reviewed');
		}
		const queue = tools.find((t) => t.name === 'review_queue');
		expect(Object.keys(queue?.inputSchema.properties ?? {})).toEqual(['items', 'pathPrefix', 'limit']);
		const mark = tools.find((t) => t.name === 'mark_reviewed');
		expect(mark?.inputSchema.required).toEqual(['path']);
	});

	it('brief equals report (text) and report --json (structured)', async () => {
		const v = vault(NOTES);
		warm(v);
		const json = JSON.parse(cli(v, ['report', '--json'])) as Record<string, unknown>;
		const text = cli(v, ['report']);
		const client = await connect(v);
		const r = await call(client, 'brief');
		expect(r.isError).toBeFalsy();
		expect(r.structuredContent).toEqual(json);
		expect(r.content[0]?.text).toBe(text.trimEnd());
		expect(item({ content: [], structuredContent: json }, 'reviewOpen').count).toBe(2);
	});

	it('review_queue equals report --json --review, and filters by item, folder and limit', async () => {
		const v = vault(NOTES);
		warm(v);
		const json = JSON.parse(cli(v, ['report', '--json', '--review'])) as { items: Record<string, unknown> };
		const client = await connect(v);
		const all = await call(client, 'review_queue');
		expect(all.structuredContent).toEqual(json);
		expect(all.content[0]?.text).toContain('Notes/inline.md');
		expect(all.content[0]?.text).toContain('line 3: Please look #review');

		const some = await call(client, 'review_queue', { items: ['reviewOpen'], pathPrefix: 'Notes/', limit: 1 });
		expect(Object.keys(some.structuredContent?.items ?? {})).toEqual(['reviewOpen']);
		expect(item(some, 'reviewOpen')).toMatchObject({ count: 2, paths: ['Notes/fm.md'], omitted: 1 });
		expect(some.content[0]?.text).toContain('and 1 more');
		const none = await call(client, 'review_queue', { pathPrefix: 'Inbox' });
		expect(item(none, 'reviewOpen').count).toBe(0);
		expect(item(none, 'inbox').count).toBe(1);
	});

	it('rule_check equals check --json over the rule scope, and checks given paths', async () => {
		const v = vault(NOTES);
		// check --json also says which findings are new since the last recorded check; the tool does not.
		const withoutNew = (j: { findings: Array<Record<string, unknown>> }) => ({ ...j, findings: j.findings.map(({ new: _new, status: _status, ...f }) => f) });
		const json = withoutNew(JSON.parse(cli(v, ['check', '--json'])) as { findings: Array<Record<string, unknown>> });
		expect(json.findings.length).toBeGreaterThan(0);
		const client = await connect(v);
		const r = await call(client, 'rule_check');
		const { targets, ...rest } = r.structuredContent ?? {};
		expect(targets).toBeNull();
		expect(rest).toEqual(json);
		expect(r.content[0]?.text).toContain('CLAUDE.md:1');

		const given = await call(client, 'rule_check', { paths: ['Notes'] });
		expect(given.structuredContent?.targets).toEqual(expect.arrayContaining(['Notes/fm.md', 'Notes/inline.md']));
		const cliGiven = withoutNew(JSON.parse(cli(v, ['check', '--json', path.join(v, 'Notes')])) as { findings: Array<Record<string, unknown>> });
		expect(given.structuredContent?.findings).toEqual(cliGiven.findings);
	});

	it('answers bad arguments and unknown tools with errors, and keeps serving', async () => {
		const client = await connect(vault(NOTES));
		for (const [name, args] of [
			['review_queue', { limit: 'ten' }],
			['review_queue', { items: ['everything'] }],
			['review_queue', { limit: 0 }],
			['rule_check', { paths: 'CLAUDE.md' }],
			['mark_reviewed', {}],
			['mark_reviewed', { path: 42 }],
			['agent_changes', { limit: -1 }],
		] as const) {
			const r = await call(client, name, args);
			expect(r.isError, `${name} ${JSON.stringify(args)}`).toBe(true);
			expect(r.content[0]?.text).toMatch(/invalid|expected|too small|required/i);
		}
		const unknown = await call(client, 'mark_agent_changes_reviewed');
		expect(unknown.isError).toBe(true);
		expect(unknown.content[0]?.text).toMatch(/mark_agent_changes_reviewed not found/);
		expect((await call(client, 'brief')).isError).toBeFalsy();
	});

	it('refuses paths that escape the vault: "..", absolute paths elsewhere, symlinks out', async () => {
		const outside = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-outside-'));
		made.push(outside);
		fs.writeFileSync(path.join(outside, 'secret.md'), 'x #review\n');
		const v = vault(NOTES);
		fs.symlinkSync(path.join(outside, 'secret.md'), path.join(v, 'Notes', 'link.md'));
		fs.symlinkSync(outside, path.join(v, 'Elsewhere'));
		const client = await connect(v);
		const cases: Array<[string, RegExp]> = [
			['../outside.md', /contains "\.\."/],
			['Notes/../../x.md', /contains "\.\."/],
			[path.join(outside, 'secret.md'), /outside the vault/],
			['/etc/passwd', /outside the vault/],
			['Notes/link.md', /symbolic link/],
			['Elsewhere/secret.md', /symbolic link/],
		];
		for (const [p, why] of cases) {
			const r = await call(client, 'mark_reviewed', { path: p });
			expect(r.isError, p).toBe(true);
			expect(r.content[0]?.text).toMatch(why);
			const c = await call(client, 'rule_check', { paths: [p] });
			expect(c.isError, p).toBe(true);
		}
		expect(fs.readFileSync(path.join(outside, 'secret.md'), 'utf8')).toBe('x #review\n');
	});

	it('mark_reviewed adds review-done like the sidebar, for a flag in frontmatter and inline', async () => {
		const v = vault(NOTES);
		const client = await connect(v);
		const fm = await call(client, 'mark_reviewed', { path: 'Notes/fm.md' });
		expect(fm.isError).toBeFalsy();
		expect(fm.structuredContent).toMatchObject({ path: 'Notes/fm.md', changed: true, hits: [{ where: 'frontmatter', line: 2 }] });
		// The flow list keeps its style; the other key and the body stay byte for byte.
		expect(fs.readFileSync(path.join(v, 'Notes/fm.md'), 'utf8')).toBe('---\ntags: [ review, review-done ]\ntitle: "Keep: me"\n---\nBody stays.\n');

		const inline = await call(client, 'mark_reviewed', { path: path.join(v, 'Notes', 'inline.md') });
		expect(inline.structuredContent).toMatchObject({ changed: true, hits: [{ where: 'body', line: 3 }] });
		expect(fs.readFileSync(path.join(v, 'Notes/inline.md'), 'utf8')).toBe(`---\ntags:\n  - review-done\n---\n${NOTES['Notes/inline.md'] as string}`);

		const again = await call(client, 'mark_reviewed', { path: 'Notes/fm.md' });
		expect(again.structuredContent).toMatchObject({ changed: false });
		const notFlagged = await call(client, 'mark_reviewed', { path: 'Notes/flag.md' });
		expect(notFlagged.structuredContent).toMatchObject({ changed: false });
		expect(notFlagged.content[0]?.text).toMatch(/no #review tag/);
		expect((await call(client, 'mark_reviewed', { path: 'Notes/missing.md' })).content[0]?.text).toMatch(/does not exist/);
		expect((await call(client, 'mark_reviewed', { path: 'Inbox' })).content[0]?.text).toMatch(/not a Markdown note/);

		const queue = await call(client, 'review_queue', { items: ['reviewOpen'] });
		expect(item(queue, 'reviewOpen').count).toBe(0);
	});

	it('agent_changes lists what post-tool-use recorded, by session, as report --json counts it; no tool marks it reviewed', async () => {
		const v = vault(NOTES);
		const edit = (rel: string, session: string, tool: string): void => {
			const input = { session_id: session, hook_event_name: 'PostToolUse', tool_name: tool, tool_input: { file_path: path.join(v, rel), content: 'x' }, tool_response: { success: true } };
			expect(run(BUNDLE, ['post-tool-use', '--vault', v], JSON.stringify(input), { env: env() }).status).toBe(0);
		};
		const client = await connect(v);
		expect((await call(client, 'agent_changes')).structuredContent).toEqual({ count: 0, sessions: [], total: { sessions: 0, changes: 0 } });
		edit('Notes/fm.md', 'first', 'Edit');
		edit('Notes/fm.md', 'first', 'Write');
		edit('Inbox/idea.md', 'second', 'Edit');
		// The server follows the journal as it grows: no restart between the edits and the call.
		const all = await call(client, 'agent_changes');
		expect(all.isError).toBeFalsy();
		const sessions = all.structuredContent?.sessions as Array<{ session: string; changes: Array<{ path: string; tool: string; edits: number }> }>;
		expect(all.structuredContent?.count).toBe(2);
		expect(sessions.map((s) => s.session).sort()).toEqual(['first', 'second']);
		expect(sessions.find((s) => s.session === 'first')?.changes).toMatchObject([{ path: 'Notes/fm.md', tool: 'Write', edits: 2 }]);
		expect(all.content[0]?.text).toMatch(/^Changed by agents, not yet reviewed: 2 note\(s\) in 2 session\(s\)/);
		expect(all.content[0]?.text).toContain('Notes/fm.md  (Write, 2 edit(s)');
		const reported = JSON.parse(cli(v, ['report', '--json'])) as { items: { agentChanges: { count: number; paths: string[] } } };
		expect(reported.items.agentChanges.count).toBe(2);
		const one = await call(client, 'agent_changes', { limit: 1 });
		expect((one.structuredContent?.sessions as unknown[]).length).toBe(1);
		expect(one.structuredContent).toMatchObject({ nextCursor: '1', remaining: { changes: 1, sessions: 1 } });
		expect((await call(client, 'agent_changes', { limit: 0 })).isError).toBe(true);
		// An agent cannot close the review of a note an agent changed: that is the human's check.
		const before = fs.readFileSync(path.join(v, 'Notes/fm.md'), 'utf8');
		const refused = await call(client, 'mark_reviewed', { path: 'Notes/fm.md' });
		expect(refused.isError).toBe(true);
		expect(refused.content[0]?.text).toMatch(/Notes\/fm\.md has a change by an agent that the human has not reviewed yet \(an agent's "Write" in session "first", .*\)\. An agent cannot mark its own work reviewed: ask the human to review that change in Obsidian first/);
		expect(fs.readFileSync(path.join(v, 'Notes/fm.md'), 'utf8')).toBe(before);
		// Its own write is an agent change like any other.
		expect((await call(client, 'mark_reviewed', { path: 'Notes/inline.md' })).structuredContent).toMatchObject({ changed: true });
		const after = await call(client, 'agent_changes');
		expect(after.structuredContent?.count).toBe(3);
		expect(after.content[0]?.text).toContain('Notes/inline.md  (mark_reviewed, 1 edit(s)');
	});

	it("agent_changes counts each change's lines against its session's before-version, as the diff view does; null where none was kept", async () => {
		const v = vault(NOTES);
		writeFiles(v, { 'Notes/plan.md': 'a\nb\nc\n' });
		const hook = (event: 'pre-tool-use' | 'post-tool-use', rel: string, tool: string): void => {
			const input = { session_id: 'counted', cwd: v, hook_event_name: event === 'pre-tool-use' ? 'PreToolUse' : 'PostToolUse', tool_name: tool, tool_input: { file_path: path.join(v, rel), content: 'x' }, tool_response: { success: true } };
			expect(run(BUNDLE, [event, '--vault', v], JSON.stringify(input), { env: env() }).status).toBe(0);
		};
		hook('pre-tool-use', 'Notes/plan.md', 'Edit');
		fs.writeFileSync(path.join(v, 'Notes/plan.md'), 'a\nB\nB2\nc\n');
		hook('post-tool-use', 'Notes/plan.md', 'Edit');
		// Changed with no pre-tool hook before it: no before-version, so nothing to count from.
		hook('post-tool-use', 'Inbox/idea.md', 'Write');
		const client = await connect(v);
		const r = await call(client, 'agent_changes');
		const changes = (r.structuredContent?.sessions as Array<{ changes: Array<{ path: string; lines: unknown }> }>)[0]?.changes ?? [];
		expect(changes.find((c) => c.path === 'Notes/plan.md')?.lines).toEqual({ added: 2, removed: 1 });
		expect(changes.find((c) => c.path === 'Inbox/idea.md')?.lines).toBeNull();
		expect(r.content[0]?.text).toContain('Notes/plan.md  (+2 -1 lines, Edit, 1 edit(s)');
		expect(r.content[0]?.text).toContain('Inbox/idea.md  (Write, 1 edit(s)');
	});

	it('refuses to rewrite a note whose frontmatter does not parse, and leaves it as it was', async () => {
		const broken = '---\ntags: [review\ntitle: x: y\n---\nBody\n';
		const v = vault({ 'Broken.md': broken });
		const client = await connect(v);
		const r = await call(client, 'mark_reviewed', { path: 'Broken.md' });
		expect(r.isError).toBe(true);
		expect(r.content[0]?.text).toMatch(/not valid YAML/);
		expect(fs.readFileSync(path.join(v, 'Broken.md'), 'utf8')).toBe(broken);
	});

	it('follows a vault that changes between calls, over hundreds of calls', async () => {
		const v = vault(NOTES);
		const client = await connect(v);
		const count = async (): Promise<number> => item(await call(client, 'brief'), 'needsReview').count;
		expect(await count()).toBe(1);
		writeFiles(v, { 'Notes/more.md': '#needs-review too\n' });
		expect(await count()).toBe(2);
		fs.rmSync(path.join(v, 'Notes/flag.md'));
		expect(await count()).toBe(1);
		for (let i = 0; i < 300; i++) {
			const r = await call(client, i % 3 === 0 ? 'brief' : i % 3 === 1 ? 'review_queue' : 'rule_check', {});
			expect(r.isError).toBeFalsy();
		}
		fs.rmSync(path.join(v, 'Notes'), { recursive: true });
		expect(await count()).toBe(0);
	}, 120_000);

	it('writes only protocol messages to stdout and exits when stdin closes', async () => {
		const v = vault(NOTES);
		const child = spawn(process.execPath, [BUNDLE, 'mcp', '--vault', v], { env: env(), stdio: ['pipe', 'pipe', 'pipe'] });
		let out = '';
		child.stdout.on('data', (d: Buffer) => (out += d.toString('utf8')));
		const init = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } } };
		child.stdin.write(`${JSON.stringify(init)}\nnot json at all\n`);
		child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
		child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'brief', arguments: {} } })}\n`);
		await new Promise((resolve) => setTimeout(resolve, 1500));
		const code = await new Promise<number | null>((resolve) => {
			const timer = setTimeout(() => resolve(-1), 10_000);
			child.on('exit', (c) => {
				clearTimeout(timer);
				resolve(c);
			});
			child.stdin.end();
		});
		expect(code).toBe(0);
		const lines = out.trim().split('\n');
		for (const l of lines) expect((JSON.parse(l) as { jsonrpc: string }).jsonrpc).toBe('2.0');
		expect(lines.map((l) => (JSON.parse(l) as { id?: number }).id)).toEqual(expect.arrayContaining([1, 2]));
	});

	it('runs through the installed hook entry as .mcp.json registers it (no --vault: the vault around the script)', async () => {
		const v = vault(NOTES);
		const client = await connect(v, [hookScript(v), 'mcp']);
		expect((await client.listTools()).tools.map((t) => t.name)).toEqual(TOOLS);
		expect(item(await call(client, 'brief'), 'needsReview').count).toBe(1);
	});

	it('without its server file beside the bridge, says which file is missing and what to do, before any message', () => {
		const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-mcp-alone-'));
		made.push(dir);
		const alone = path.join(dir, 'session-brief.cjs');
		fs.copyFileSync(BUNDLE, alone);
		const v = vault(NOTES);
		const missing = run(alone, ['mcp', '--vault', v]);
		expect(missing.status).toBe(2);
		expect(missing.stdout.length).toBe(0);
		expect(missing.stderr).toContain(`the MCP server file ${path.join(dir, 'session-brief.mcp.cjs')} is missing`);
		expect(missing.stderr).toMatch(/Run "install" again .* or put the session-brief\.mcp\.cjs of the same release beside the bridge file/);
		// The rest of the bridge does not need it.
		expect(run(alone, ['report', '--vault', v]).status).toBe(0);

		fs.writeFileSync(path.join(dir, 'session-brief.mcp.cjs'), "exports.version = '0.0.1';\nexports.runStdioServer = async () => undefined;\n");
		const other = run(alone, ['mcp', '--vault', v]);
		expect(other.status).toBe(2);
		expect(other.stderr).toMatch(/is version 0\.0\.1, the bridge \d+\.\d+\.\d+\. Run "install" again/);
		fs.writeFileSync(path.join(dir, 'session-brief.mcp.cjs'), 'throw new Error("broken copy");\n');
		const broken = run(alone, ['mcp', '--vault', v]);
		expect(broken.status).toBe(2);
		expect(broken.stderr).toMatch(/does not load \(broken copy\)/);
	});

	it('refuses a vault that does not exist before any message, with the usual usage error', () => {
		const r = run(BUNDLE, ['mcp', '--vault', path.join(os.tmpdir(), 'no-such-vault-sb')]);
		expect(r.status).toBe(2);
		expect(r.stderr).toMatch(/does not exist/);
		expect(r.stdout.length).toBe(0);
	});
});
