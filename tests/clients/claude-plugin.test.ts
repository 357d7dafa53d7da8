/**
 * The Claude Code plugin (claude-plugin/ and the marketplace file .claude-plugin/marketplace.json),
 * through the real CLI: the repository's marketplace added from a local folder, its plugin cloned
 * from the plugin branch of a local repository the release script committed (the entry's ref), and
 * the plugin installed with `claude plugin`, as `/plugin marketplace add` and
 * `/plugin install` do. The brief and the rule-check finding reach the model exactly once, with
 * and without the hooks `install` registers in the vault.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, test } from 'vitest';
import { binary, bridge, bridgeOk, claudeEnv, expectClean, localMarketplace, probe, reportLines, run, runClaude, skipReason, type Session, type Workspace } from './support/clients';
import { claudeAfterLastToolResult, claudeBriefs, countBriefHeaders, excerpt } from './support/requests';
import { briefBody, clientSuite } from './support/suite';

const client = await probe('claude');
const skip = skipReason('claude', client);

/** The repository's marketplace, its plugin branch in a local repository (no run-time caches). */
function marketplaceCopy(ws: Workspace): string {
	const dir = path.join(path.dirname(ws.home), 'marketplace');
	localMarketplace(dir);
	return dir;
}

describe.skipIf(skip !== undefined)(`Claude Code ${client.version || `(skipped: ${skip ?? ''})`} with the Session Brief plugin`, () => {
	const s = clientSuite();

	async function claude(ws: Workspace, args: string[]): Promise<string> {
		const r = await run(binary('claude'), args, { cwd: ws.vault, env: claudeEnv(ws, s.api, s.guard), timeoutMs: 60_000 });
		if (r.status !== 0) throw new Error(`claude ${args.join(' ')} exited ${String(r.status)}: ${r.stderr}${r.stdout}`);
		return r.stdout;
	}

	/** `/plugin marketplace add <folder>`, then `/plugin install session-brief` (user scope, the default). */
	async function installPlugin(ws: Workspace): Promise<void> {
		await claude(ws, ['plugin', 'marketplace', 'add', marketplaceCopy(ws)]);
		await claude(ws, ['plugin', 'install', 'session-brief@session-brief']);
		const settings = JSON.parse(fs.readFileSync(path.join(ws.home, '.claude', 'settings.json'), 'utf8')) as { enabledPlugins?: Record<string, boolean> };
		expect(settings.enabledPlugins).toEqual({ 'session-brief@session-brief': true });
	}

	async function session(ws: Workspace, prompt = 'What is the state of the vault?', options: Parameters<typeof runClaude>[4] = {}): Promise<Session> {
		const r = await runClaude(ws, s.api, s.guard, prompt, options);
		expectClean('claude', r);
		return r;
	}

	function scriptEdit(file: string, oldString: string, newString: string): void {
		s.api.script([{ tool: 'Read', input: { file_path: file } }, { tool: 'Edit', input: { file_path: file, old_string: oldString, new_string: newString } }, { text: 'Edited.' }]);
	}

	for (const withInstall of [false, true]) {
		const label = withInstall ? 'with the project install too' : 'alone';
		test(`${label}: the brief reaches the model exactly once, as report prints it`, async () => {
			const ws = s.ws();
			await installPlugin(ws);
			if (withInstall) await bridgeOk(ws, ['install']);
			const r = await session(ws);
			const first = r.conversation[0]!;
			const briefs = claudeBriefs(first);
			expect(briefs, excerpt(first, 'SessionStart')).toHaveLength(1);
			expect(countBriefHeaders(first)).toBe(1);
			expect(briefs[0]).toMatch(/^Session brief for vault "vault"/);
			expect(briefBody(briefs[0] ?? '')).toEqual(await reportLines(ws));
			// One entry answered: the other stayed silent, not "already given".
			expect(first.text).not.toContain('already given');
		});

		test(`${label}: an edit of CLAUDE.md into a broken link brings the finding exactly once`, async () => {
			const ws = s.ws();
			await installPlugin(ws);
			if (withInstall) await bridgeOk(ws, ['install']);
			const file = path.join(ws.vault, 'CLAUDE.md');
			scriptEdit(file, '## Self-maintenance', 'See [[No such note]].\n\n## Self-maintenance');
			const r = await session(ws, 'Link the missing note from CLAUDE.md.');
			expect(fs.readFileSync(file, 'utf8')).toContain('[[No such note]]');
			const last = r.conversation.at(-1)!;
			const after = claudeAfterLastToolResult(last)
				.map((e) => e.text)
				.join('\n');
			expect(after, excerpt(last, 'tool_result')).toMatch(/CLAUDE\.md:\d+: error \[broken-link\] \[\[No such note\]\]/);
			expect(last.text.match(/Rule check after the edit of CLAUDE\.md:/g) ?? []).toHaveLength(1);
		});
	}

	test('a session started in a folder of the vault gets the brief: the plugin finds the vault above it', async () => {
		const ws = s.ws();
		await installPlugin(ws);
		const r = await session(ws, 'What is the state of the vault?', { cwd: path.join(ws.vault, 'Notes') });
		const briefs = claudeBriefs(r.conversation[0]!);
		expect(briefs).toHaveLength(1);
		expect(briefs[0]).toMatch(/^Session brief for vault "vault"/);
	});

	test('a session outside every vault: the plugin says nothing', async () => {
		const ws = s.ws();
		await installPlugin(ws);
		const elsewhere = path.join(ws.home, 'project');
		fs.mkdirSync(elsewhere);
		const r = await session(ws, 'Hello.', { cwd: elsewhere });
		expect(countBriefHeaders(r.conversation[0]!)).toBe(0);
		expect(r.conversation[0]!.text).not.toContain('Session brief');
	});

	test('doctor names the plugin and where it is enabled, and finds nothing wrong without the project install', async () => {
		const ws = s.ws();
		await installPlugin(ws);
		const r = await bridge(ws, ['doctor', '--json']);
		const report = JSON.parse(r.stdout) as { ok: boolean; checks: { id: string; status: string; message: string }[] };
		expect(report.ok, r.stdout).toBe(true);
		const plugin = report.checks.filter((c) => c.id.startsWith('claude-plugin'));
		expect(plugin.map((c) => c.message).join('\n')).toContain('session-brief@session-brief');
		expect(plugin.some((c) => c.message.includes('user settings'))).toBe(true);
	});
});
