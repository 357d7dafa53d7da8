/**
 * *Run rule check* in Obsidian: the engine fed from the vault and the
 * `.claude/` dot folder through the adapter, links judged by the metadata cache, findings in the
 * *Rule check* view, a click opening the file at the line, and the summary in a notice. The same
 * vault checked by the built bridge gives the same findings.
 */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HANG_MS } from '../../helpers/patience';
import { Notice, type WorkspaceLeaf } from '../../../stand-in/obsidian';
import { settle, startPlugin, stopPlugin, tempVault, type Started } from '../harness';
import { EXAMPLE_RAW } from '../../helpers/example-settings';
import { CHECK_COUNT, CHECK_COUNT_WITH_EXTERNAL } from '../../helpers/registries';
import type { RuleCheckRunner } from '../../../src/plugin/check/rule-check-runner';

const BUNDLE = path.resolve(__dirname, '../../../bridge/dist/session-brief.cjs');

/** A rule set with one problem per kind the plugin side has to get right. */
const RULES: Record<string, string> = {
	'CLAUDE.md': '# Rules\n\nSee [[AI/Regelwerk/tags]] and [[Missing note]].\nAgents: [[reviewer]].\n\n@AI/Regelwerk/tags.md\n',
	'AI/Regelwerk/tags.md': '# Tags\n\nBack to [[CLAUDE]], an image ![[pic.png]], a heading [[tags#Tags]].\n\n`[[in code]]` is no link.\n',
	'pic.png': 'png',
	'.claude/agents/reviewer.md': '---\nname: reviewer\ndescription: Reviews rule edits.\n---\nUses [[Nowhere]].\n',
	'.claude/skills/Bad_Skill/SKILL.md': '---\nname: Bad_Skill\ndescription: A skill.\n---\nBody\n',
	'.claude/settings.json': JSON.stringify(
		{
			hooks: {
				SessionStart: [{ hooks: [{ type: 'command', command: 'python3 "$CLAUDE_PROJECT_DIR/.scripts/present.py"' }] }],
				PostToolUse: [{ matcher: 'Edit', hooks: [{ type: 'command', command: 'python3 "$CLAUDE_PROJECT_DIR/.scripts/missing.py"' }] }],
			},
		},
		null,
		2,
	),
	// Exists only for the adapter (a dot folder besides .claude): the engine's `exists` must ask it.
	'.scripts/present.py': 'print()\n',
};

const CLEAN: Record<string, string> = {
	'CLAUDE.md': '# Rules\n\nSee [[AI/Regelwerk/tags]].\n',
	'AI/Regelwerk/tags.md': '# Tags\n',
	'.claude/agents/reviewer.md': '---\nname: reviewer\ndescription: Reviews rule edits.\n---\n',
};

let started: Started | null = null;
afterEach(async () => {
	await stopPlugin(started);
	started = null;
});

function runner(s: Started): RuleCheckRunner {
	return (s.plugin as unknown as { rules: RuleCheckRunner }).rules;
}

function command(s: Started, id: string): () => unknown {
	const c = s.stub.commands.find((x) => x.id === id);
	if (c?.callback === undefined) throw new Error(`no command ${id}`);
	return c.callback;
}

/** Runs the command as the palette does (not awaited) and waits for its notice. */
async function runCommand(s: Started): Promise<void> {
	const before = Notice.shown.length;
	command(s, 'run-rule-check')();
	await vi.waitFor(() => expect(Notice.shown.length).toBeGreaterThan(before), { timeout: HANG_MS });
	await settle(s.app);
}

function viewLeaf(s: Started): WorkspaceLeaf {
	const leaf = s.app.workspace.getLeavesOfType('session-brief-rule-check')[0];
	if (leaf === undefined) throw new Error('no rule check view');
	return leaf;
}

describe('run rule check', () => {
	it('lists one row per finding in the view and the summary in a notice', async () => {
		started = await startPlugin(tempVault(RULES));
		await runCommand(started);
		const report = runner(started).last;
		if (report === null) throw new Error('no run');
		// Sorted as every list of findings (files by path, `.claude/…` first), then by line.
		expect(report.findings.map((f) => `${f.check} ${f.path}:${f.line}`)).toEqual([
			'broken-link .claude/agents/reviewer.md:5',
			'hook-script .claude/settings.json:19',
			'skill-frontmatter .claude/skills/Bad_Skill/SKILL.md:2',
			'broken-link CLAUDE.md:3',
			// [[reviewer]]: a wikilink is Obsidian's, and Obsidian does not index `.claude/`.
			'broken-link CLAUDE.md:4',
		]);
		expect(report.findings.some((f) => f.message.includes('missing.py'))).toBe(true);
		// present.py is only visible to the adapter, and the engine asked it.
		expect(report.findings.some((f) => f.message.includes('present.py'))).toBe(false);
		expect(report.summary).toMatch(new RegExp(`^\\d of the ${CHECK_COUNT} checks that ran found something: 5 errors, 0 warnings\\.$`));
		expect(Notice.shown).toContain(report.summary);

		const view = viewLeaf(started).view.containerEl;
		const rows = Array.from(view.querySelectorAll('.session-brief-finding'));
		expect(rows.length).toBe(5);
		expect(view.querySelector('.session-brief-rule-summary')?.textContent).toBe(report.summary);
		const claude = rows.find((r) => r.textContent?.includes('CLAUDE.md:3'));
		expect(claude?.querySelector('.session-brief-severity')?.textContent).toBe('error');
		expect(claude?.querySelector('.session-brief-check-id')?.textContent).toBe('broken-link');
		expect(claude?.querySelector('.session-brief-finding-message')?.textContent).toContain('Missing note');
	});

	it('opens the file at the line on a click; rows of dot-folder files are not links', async () => {
		started = await startPlugin(tempVault(RULES));
		await runCommand(started);
		const view = viewLeaf(started).view.containerEl;
		const rows = Array.from(view.querySelectorAll<HTMLElement>('.session-brief-finding'));
		const claude = rows.find((r) => r.textContent?.includes('CLAUDE.md:3'));
		const agent = rows.find((r) => r.textContent?.includes('.claude/agents/reviewer.md:5'));
		if (claude === undefined || agent === undefined) throw new Error('rows missing');
		expect(claude.hasClass('is-clickable')).toBe(true);
		expect(agent.hasClass('is-clickable')).toBe(false);
		claude.querySelector<HTMLElement>('.session-brief-finding-message')?.click();
		await settle(started.app);
		const main = started.app.workspace.leaves.find((l) => l.side === 'main');
		expect(main?.opened.map((f) => f.path)).toEqual(['CLAUDE.md']);
		expect(main?.openedStates[0]).toEqual({ active: true, eState: { line: 2 } });
		agent.click();
		await settle(started.app);
		expect(main?.opened.length).toBe(1);
	});

	it('asks the metadata cache: a link Obsidian lists as unresolved is broken, a resolved one is not', async () => {
		started = await startPlugin(tempVault(RULES));
		const cache = started.app.metadataCache;
		cache.linkLookups = [];
		let report = await runner(started).run();
		expect(cache.linkLookups).toContainEqual(['AI/Regelwerk/tags', 'CLAUDE.md']);
		expect(report.findings.filter((f) => f.path === 'CLAUDE.md').map((f) => f.line)).toEqual([3, 4]);
		// Obsidian's own verdict wins over the file list (e.g. a link it has not resolved yet).
		cache.unresolvedLinks['CLAUDE.md'] = { 'AI/Regelwerk/tags': 1 };
		report = await runner(started).run();
		expect(report.findings.filter((f) => f.path === 'CLAUDE.md').map((f) => f.line)).toEqual([3, 3, 4]);
	});

	it('follows edits: a fixed link and a new skill file are checked on the next run', async () => {
		started = await startPlugin(tempVault(RULES));
		const file = started.app.vault.getFileByPath('CLAUDE.md');
		if (file === null) throw new Error('fixture');
		await started.app.vault.modify(file, '# Rules\n\nSee [[AI/Regelwerk/tags]].\n');
		fs.writeFileSync(path.join(started.base, '.claude/skills/Bad_Skill/SKILL.md'), '---\nname: bad-skill\ndescription: A skill.\n---\n');
		await settle(started.app);
		const report = await runner(started).run();
		expect(report.findings.map((f) => f.check).sort()).toEqual(['broken-link', 'hook-script', 'skill-frontmatter']);
		expect(report.findings.find((f) => f.check === 'skill-frontmatter')?.message).toContain('Bad_Skill');
	});

	it('ends a clean run with the summary line, in German when the plugin speaks German', async () => {
		started = await startPlugin(tempVault(CLEAN));
		await runCommand(started);
		expect(Notice.shown).toContain(`None of the ${CHECK_COUNT} checks that ran found anything.`);
		expect(viewLeaf(started).view.containerEl.querySelectorAll('.session-brief-finding').length).toBe(0);
		await started.plugin.updateSettings({ ...started.plugin.settings, language: 'de' });
		await runCommand(started);
		expect(Notice.shown).toContain(`Keine der ${CHECK_COUNT} gelaufenen Prüfungen hat angeschlagen.`);
	});

	it('runs the external check on desktop, and reports its alarm line as a finding', async () => {
		const alarm = {
			command: process.execPath,
			args: ['-e', "console.log('ACHTUNG: rule 3 broken'); console.log('None of the 3 checks that ran found anything.')"],
			cleanLine: 'None of the N checks that ran found anything.',
			alarmPattern: 'ACHTUNG',
		};
		started = await startPlugin(tempVault(CLEAN), { data: { ...EXAMPLE_RAW, externalCheck: alarm } });
		let report = await runner(started).run();
		expect(report.external).toBe('ran');
		expect(report.checksRun).toContain('external');
		expect(report.findings.map((f) => f.check)).toEqual(['external']);
		await started.plugin.updateSettings({ ...started.plugin.settings, externalCheck: { ...alarm, args: ['-e', "console.log('None of the 3 checks that ran found anything.')"] } });
		report = await runner(started).run();
		expect(report.findings).toEqual([]);
		expect(report.summary).toBe(`None of the ${CHECK_COUNT_WITH_EXTERNAL} checks that ran found anything.`);
	});

	it('finds what the bridge finds on the same vault', async () => {
		started = await startPlugin(tempVault(RULES));
		const report = await runner(started).run();
		let out = '';
		try {
			out = execFileSync(process.execPath, [BUNDLE, 'check', '--json', '--vault', started.base], { encoding: 'utf8' });
		} catch (error) {
			// Exit 1 = findings; the JSON is on stdout all the same.
			out = String((error as { stdout?: string }).stdout ?? '');
		}
		const bridge = JSON.parse(out) as { findings: Array<{ check: string; path: string; line: number; message: string }>; summary: string };
		const shape = (f: { check: string; path: string; line: number; message: string }) => `${f.check} ${f.path}:${f.line} ${f.message}`;
		expect(report.findings.map(shape)).toEqual(bridge.findings.map(shape));
		expect(report.summary).toBe(bridge.summary);
	});
});
