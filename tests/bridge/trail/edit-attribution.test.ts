/**
 * Findings after an edit, with the built bridge in child processes: the record of the last check
 * in the plugin's folder, the edited file's findings first after every edit (new or still there),
 * other files' old findings as one short block once per changed set, a broken settings file named
 * every time, and `check --json`'s `status`.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { editInput, exampleVault, removeTempDirs, runBridge, runHook, setPluginSettings, tempDir, writeFiles, type HookRun } from '../../helpers/rule-vault';
import { CHECK_COUNT } from '../../helpers/registries';

afterAll(removeTempDirs, 60_000);

const RECORD = ['.obsidian', 'plugins', 'session-brief', 'last-check.json'];
const OLD_RULE = { 'AI/Regelwerk/a.md': '---\ntype: rule\n---\nSee [[old-gone]].\n' };

/** The example vault with the plugin's folder, so the record has a place. */
function pluginVault(extra: Record<string, string> = {}): string {
	const vault = exampleVault(extra);
	setPluginSettings(vault, {});
	return vault;
}

function contextOf(run: HookRun): string {
	expect(run.code).toBe(0);
	expect(run.json?.hookSpecificOutput.hookEventName).toBe('PostToolUse');
	return run.json?.hookSpecificOutput.additionalContext ?? '';
}

function breakClaudeMd(vault: string): void {
	fs.appendFileSync(path.join(vault, 'CLAUDE.md'), '\nSee [[claude-md-broken]].\n');
}

const claudeMd = (vault: string) => editInput(path.join(vault, 'CLAUDE.md'));

interface CheckJson {
	findings: Array<{ path: string; message: string; status: 'new' | 'still'; new: boolean }>;
}

const hook = (vault: string) => path.join(vault, '.claude', 'hooks', 'session-brief.cjs');
const ruleA = (vault: string) => path.join(vault, 'AI', 'Regelwerk', 'a.md');

describe('the edited file first, after every edit', () => {
	it('on the first check (no record) the edited file comes first, though an older finding sorts before it', () => {
		const vault = pluginVault(OLD_RULE);
		breakClaudeMd(vault);
		const lines = contextOf(runHook(vault, claudeMd(vault))).split('\n');
		expect(lines[0]).toBe('Rule check after the edit of CLAUDE.md:');
		expect(lines[1]).toBe('In this file:');
		expect(lines[2]).toMatch(/^CLAUDE\.md:\d+: error \[broken-link\] \[\[claude-md-broken\]\]/);
		expect(lines[3]).toBe('Also in the rule set: 1 finding:');
		expect(lines[4]).toContain('AI/Regelwerk/a.md:4: error [broken-link] [[old-gone]]');
		expect(lines[lines.length - 1]).toMatch(/found something: 2 errors, 0 warnings\.$/);
	});

	it('with an old finding elsewhere, breaking CLAUDE.md shows its finding as new; the old one, unchanged since the last check, only in the counts', () => {
		const vault = pluginVault(OLD_RULE);
		expect(runBridge(vault, 'check', '').code).toBe(1);
		breakClaudeMd(vault);
		const run = runHook(vault, claudeMd(vault));
		const lines = contextOf(run).split('\n');
		expect(lines.slice(0, 2)).toEqual(['Rule check after the edit of CLAUDE.md:', 'New in this file:']);
		expect(lines[2]).toMatch(/^CLAUDE\.md:\d+: error \[broken-link\] \[\[claude-md-broken\]\]/);
		expect(lines[3]).toMatch(/found something: 2 errors, 0 warnings\.$/);
		expect(lines).toHaveLength(4);
		expect(run.json?.systemMessage).toMatch(/\(1 new\)$/);
	});

	it('a finding this edit caused in another file is listed as new there, with the changed old block', () => {
		const vault = pluginVault({ ...OLD_RULE, 'AI/Regelwerk/b.md': 'See [[target]].\n', 'AI/Regelwerk/target.md': 'x\n' });
		expect(runBridge(vault, 'check', '').code).toBe(1);
		// Emptying target.md's name from the vault: a Write that moved it away.
		fs.rmSync(path.join(vault, 'AI', 'Regelwerk', 'target.md'));
		const lines = contextOf(runHook(vault, editInput(path.join(vault, 'AI', 'Regelwerk', 'target.md')))).split('\n');
		expect(lines[1]).toBe('New in other files of the rule set:');
		expect(lines[2]).toMatch(/^AI\/Regelwerk\/b\.md:1: error \[broken-link\] \[\[target\]\]/);
		expect(lines[3]).toBe('Also in the rule set, already there before this edit: 1 finding:');
		expect(lines[4]).toMatch(/^ {2}AI\/Regelwerk\/a\.md:4: error \[broken-link\] \[\[old-gone\]\]/);
	});

	it('a second edit of a still-broken rule file repeats its finding, marked still there, without the old block', () => {
		const vault = pluginVault(OLD_RULE);
		breakClaudeMd(vault);
		contextOf(runHook(vault, claudeMd(vault)));
		for (let i = 0; i < 2; i++) {
			const lines = contextOf(runHook(vault, claudeMd(vault))).split('\n');
			expect(lines.slice(0, 2)).toEqual(['Rule check after the edit of CLAUDE.md:', 'Still there in this file (this edit did not fix them):']);
			expect(lines[2]).toMatch(/^CLAUDE\.md:\d+: error \[broken-link\] \[\[claude-md-broken\]\]/);
			expect(lines.join('\n')).not.toContain('[[old-gone]]');
			expect(lines[lines.length - 1]).toMatch(/found something: 2 errors, 0 warnings\.$/);
		}
	});

	it('a differently spelled path to the still-broken file repeats its finding too', () => {
		const vault = pluginVault(OLD_RULE);
		contextOf(runHook(vault, editInput(ruleA(vault))));
		for (const spelled of [`${vault}/Notes/../AI/REGELWERK/A.md`, `${vault}\\AI\\Regelwerk\\a.md`, `${vault}/./ai/regelwerk/a.md`]) {
			const lines = contextOf(runHook(vault, editInput(spelled))).split('\n');
			expect(lines[1]).toBe('Still there in this file (this edit did not fix them):');
			expect(lines[2]).toMatch(/^AI\/Regelwerk\/a\.md:4: error \[broken-link\] \[\[old-gone\]\]/);
		}
	});

	it.skipIf(process.platform === 'win32')('a symlinked path to the still-broken file repeats its finding too: through a linked vault folder, and a link inside the vault', () => {
		const vault = pluginVault(OLD_RULE);
		contextOf(runHook(vault, editInput(ruleA(vault))));
		const linked = path.join(tempDir('sb-link-'), 'vault');
		fs.symlinkSync(vault, linked, 'dir');
		const through = contextOf(runHook(vault, editInput(path.join(linked, 'AI', 'Regelwerk', 'a.md')))).split('\n');
		expect(through.slice(1, 3)).toEqual(['Still there in this file (this edit did not fix them):', expect.stringMatching(/^AI\/Regelwerk\/a\.md:4: error \[broken-link\] \[\[old-gone\]\]/)]);
		// CLAUDE.md as a link to the rule file: the edit of the link is an edit of the file.
		fs.rmSync(path.join(vault, 'CLAUDE.md'));
		fs.symlinkSync(path.join('AI', 'Regelwerk', 'a.md'), path.join(vault, 'CLAUDE.md'));
		const inside = contextOf(runHook(vault, claudeMd(vault)));
		expect(inside).toContain('AI/Regelwerk/a.md:4: error [broken-link] [[old-gone]]');
		expect(inside.split('\n')[1]).not.toMatch(/^Also in the rule set/);
	});

	it('a broken settings file is named on each later in-scope edit, until it is fixed', () => {
		const vault = pluginVault();
		const settings = path.join(vault, '.claude', 'settings.json');
		const good = `${JSON.stringify({ hooks: { PostToolUse: [{ matcher: 'Edit|Write', hooks: [{ type: 'command', command: 'true' }] }] } }, null, 2)}\n`;
		fs.writeFileSync(settings, good.replace(/}\s*$/, ',}\n'));
		expect(contextOf(runHook(vault, editInput(settings)))).toContain('[settings-json] Not valid JSON');
		for (const edited of ['CLAUDE.md', 'AI/Regelwerk/tags.md', 'CLAUDE.md']) {
			const lines = contextOf(runHook(vault, editInput(path.join(vault, edited)))).split('\n');
			expect(lines[0]).toBe(`Rule check after the edit of ${edited}:`);
			expect(lines[1]).toMatch(/^Claude Code skips a settings file like this at the next session start/);
			expect(lines[2]).toMatch(/^\.claude\/settings\.json:\d+: error \[settings-json\] Not valid JSON/);
		}
		// An edit outside the rule set stays silent (and cheap).
		expect(runHook(vault, editInput(path.join(vault, 'Notes', 'x.md'))).stdout.length).toBe(0);
		fs.writeFileSync(settings, good);
		const fixed = runHook(vault, editInput(settings));
		expect(fixed.stdout.length).toBe(0);
		expect(runHook(vault, claudeMd(vault)).stdout.length).toBe(0);
	});

	it('an event name this Claude Code does not know is a warning, said once, never a broken rule set', () => {
		const vault = pluginVault();
		const settings = path.join(vault, '.claude', 'settings.json');
		const hooks = { PostToolUse: [{ matcher: 'Edit', hooks: [{ type: 'command', command: 'true' }] }], PostModelSwitch: [{ hooks: [{ type: 'command', command: 'true' }] }], SessionResumed: [{ hooks: [{ type: 'command', command: 'true' }] }] };
		fs.writeFileSync(settings, JSON.stringify({ hooks }, null, 2));
		const text = contextOf(runHook(vault, editInput(settings)));
		expect(text).toMatch(/^\.claude\/settings\.json:\d+: warning \[settings-json\] Hook event "SessionResumed" is not one Claude Code [\d.]+ knows: .*The closest known event is "SessionEnd"\.$/m);
		expect(text).not.toContain('PostModelSwitch');
		expect(text).not.toContain('skips a settings file like this');
		expect(text).toMatch(/0 errors, 1 warning\.$/);
		expect(runHook(vault, claudeMd(vault)).stdout.length).toBe(0);
	});

	it('an edit that fixes the file and leaves other files\' old findings prints only the short block, once', () => {
		const vault = pluginVault(OLD_RULE);
		breakClaudeMd(vault);
		expect(contextOf(runHook(vault, claudeMd(vault)))).toContain('[[claude-md-broken]]');
		fs.writeFileSync(path.join(vault, 'CLAUDE.md'), fs.readFileSync(path.join(vault, 'CLAUDE.md'), 'utf8').replace('[[claude-md-broken]]', 'nothing'));
		const fixed = runHook(vault, claudeMd(vault));
		expect(contextOf(fixed).split('\n')).toEqual([
			'Rule check after the edit of CLAUDE.md:',
			'This file has no findings left (1 finding fixed).',
			'Also in the rule set, already there before this edit: 1 finding:',
			expect.stringMatching(/^ {2}AI\/Regelwerk\/a\.md:4: error \[broken-link\] \[\[old-gone\]\]/),
			`1 of the ${CHECK_COUNT} checks that ran found something: 1 error, 0 warnings.`,
		]);
		expect(fixed.json?.systemMessage).toBe('Rule check: the edited file is clean; 1 already there elsewhere');
		for (let i = 0; i < 2; i++) expect(runHook(vault, claudeMd(vault)).stdout.length).toBe(0);
	});

	it('many old findings cannot push the edited file\'s finding out of the 40-line cap', () => {
		const many = Array.from({ length: 80 }, (_, i) => `See [[gone-${i}]].`).join('\n');
		for (const first of [true, false]) {
			const vault = pluginVault({ 'AI/Regelwerk/a.md': `---\ntype: rule\n---\n${many}\n` });
			if (!first) {
				// A record, then a change among the old findings, so the block is shown again (79 left).
				expect(runBridge(vault, 'check', '').code).toBe(1);
				writeFiles(vault, { 'AI/Regelwerk/a.md': `---\ntype: rule\n---\n${many.replace('See [[gone-79]].', '')}\n` });
			}
			breakClaudeMd(vault);
			const text = contextOf(runHook(vault, claudeMd(vault)));
			const lines = text.split('\n');
			expect(lines.length).toBeLessThanOrEqual(40);
			expect(text.length).toBeLessThanOrEqual(4000);
			expect(lines[2]).toMatch(/^CLAUDE\.md:\d+: error \[broken-link\] \[\[claude-md-broken\]\]/);
			expect(lines[3]).toMatch(first ? /^Also in the rule set: 80 findings, the first 3:$/ : /already there before this edit: 79 findings, the first 3:$/);
			expect(lines.filter((l) => l.includes('[[gone-'))).toHaveLength(3);
			expect(lines[7]).toBe(`  (run \`node ${hook(vault)} check\` to see all)`);
		}
	});

	it('a finding whose line moved is still the same finding', () => {
		const vault = pluginVault(OLD_RULE);
		expect(runBridge(vault, 'check', '').code).toBe(1);
		writeFiles(vault, { 'AI/Regelwerk/a.md': '---\ntype: rule\n---\nA new first line.\n\nSee [[old-gone]].\n' });
		const lines = contextOf(runHook(vault, editInput(ruleA(vault)))).split('\n');
		expect(lines.slice(1, 3)).toEqual(['Still there in this file (this edit did not fix them):', expect.stringMatching(/^AI\/Regelwerk\/a\.md:6: error \[broken-link\] \[\[old-gone\]\]/)]);
	});

	it('check --json marks each finding status "new" or "still" (and new: true or false); check with paths does not replace the record', () => {
		const vault = pluginVault(OLD_RULE);
		const firstJson = JSON.parse(runBridge(vault, 'check', '', { args: ['--json'] }).text) as CheckJson;
		expect(firstJson.findings.map((f) => [f.status, f.new])).toEqual([['new', true]]);
		breakClaudeMd(vault);
		// A check of one path is partial: it must not become the record.
		expect(runBridge(vault, 'check', '', { args: [path.join(vault, 'CLAUDE.md')] }).code).toBe(1);
		const json = JSON.parse(runBridge(vault, 'check', '', { args: ['--json'] }).text) as CheckJson;
		expect(json.findings.map((f) => [f.path, f.status, f.new])).toEqual([
			['AI/Regelwerk/a.md', 'still', false],
			['CLAUDE.md', 'new', true],
		]);
		const after = JSON.parse(runBridge(vault, 'check', '', { args: ['--json'] }).text) as CheckJson;
		expect(after.findings.map((f) => f.status)).toEqual(['still', 'still']);
	});

	it('an unreadable or foreign record counts as none: the edited file first, the others in the block', () => {
		const vault = pluginVault(OLD_RULE);
		breakClaudeMd(vault);
		for (const record of ['not json', JSON.stringify({ schema: 1, lang: 'de', complete: true, findings: [] }), JSON.stringify({ schema: 2 })]) {
			fs.writeFileSync(path.join(vault, ...RECORD), record);
			const text = contextOf(runHook(vault, claudeMd(vault)));
			expect(text.split('\n')[1]).toBe('In this file:');
			expect(text).toContain('[[old-gone]]');
			expect(text).toContain('[[claude-md-broken]]');
			expect(text).not.toContain('already there');
		}
	});

	it('a vault without the plugin folder: the first edit reports in full; the journal of agent edits makes the folder, and the record works from then on', () => {
		// Without a data.json the bridge's default rules folder holds the old finding.
		const vault = exampleVault({ 'Rules/a.md': OLD_RULE['AI/Regelwerk/a.md'] ?? '' });
		fs.rmSync(path.join(vault, '.obsidian', 'plugins'), { recursive: true });
		breakClaudeMd(vault);
		const first = contextOf(runHook(vault, claudeMd(vault)));
		expect(first).toContain('[[claude-md-broken]]');
		expect(first).toContain('[[old-gone]]');
		// The edit was recorded (the folder is made for the journal, as a scan makes it for the cache).
		expect(fs.existsSync(path.join(vault, '.obsidian', 'plugins', 'session-brief', 'agent-changes.jsonl'))).toBe(true);
		expect(fs.existsSync(path.join(vault, ...RECORD))).toBe(true);
		// The same findings again: the edited file's, still there; the old block is not repeated.
		const again = contextOf(runHook(vault, claudeMd(vault)));
		expect(again).toContain('Still there in this file');
		expect(again).not.toContain('[[old-gone]]');
	});
});
