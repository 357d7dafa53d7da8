/**
 * Findings attributed to the edit, with the built bridge in child processes: the record of the last
 * check in the plugin's folder, what an edit introduced first, old findings counted once per
 * changed set, and `check --json`'s `new`.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { editInput, exampleVault, removeTempDirs, runBridge, runHook, setPluginSettings, writeFiles, type HookRun } from '../helpers/rule-vault';

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
	findings: Array<{ path: string; message: string; new: boolean }>;
}

describe('findings attributed to the edit', () => {
	it('with an old finding in AI/Regelwerk/a.md, breaking CLAUDE.md shows the CLAUDE.md finding first, then the old one counted', () => {
		const vault = pluginVault(OLD_RULE);
		// The first check has no record: everything is shown, and recorded.
		const first = contextOf(runHook(vault, editInput(path.join(vault, 'AI', 'Regelwerk', 'a.md'))));
		expect(first).toContain('AI/Regelwerk/a.md:4: error [broken-link] [[old-gone]]');
		expect(fs.existsSync(path.join(vault, ...RECORD))).toBe(true);

		breakClaudeMd(vault);
		const run = runHook(vault, claudeMd(vault));
		const lines = contextOf(run).split('\n');
		expect(lines[0]).toBe('Rule check after the edit of CLAUDE.md:');
		expect(lines[1]).toMatch(/^CLAUDE\.md:\d+: error \[broken-link\] \[\[claude-md-broken\]\]/);
		expect(lines[2]).toBe('1 finding was already there before this edit:');
		expect(lines[3]).toContain('AI/Regelwerk/a.md:4: error [broken-link] [[old-gone]]');
		expect(lines[lines.length - 1]).toMatch(/found something: 2 errors, 0 warnings\.$/);
		expect(run.json?.systemMessage).toMatch(/\(1 new\)$/);
	});

	it('many old findings cannot push the finding this edit introduced out of the 40-line cap', () => {
		const many = Array.from({ length: 80 }, (_, i) => `See [[gone-${i}]].`).join('\n');
		const vault = pluginVault({ 'AI/Regelwerk/a.md': `---\ntype: rule\n---\n${many}\n` });
		expect(runBridge(vault, 'check', '').code).toBe(1);
		breakClaudeMd(vault);
		const text = contextOf(runHook(vault, claudeMd(vault)));
		const lines = text.split('\n');
		expect(lines.length).toBeLessThanOrEqual(40);
		expect(text.length).toBeLessThanOrEqual(4000);
		expect(lines[1]).toMatch(/^CLAUDE\.md:\d+: error \[broken-link\] \[\[claude-md-broken\]\]/);
		expect(lines[2]).toBe('80 findings were already there before this edit; the first 3:');
		expect(lines.filter((l) => l.includes('[[gone-'))).toHaveLength(3);
	});

	it('an unchanged set is silent after the first report; a fix elsewhere says only the count, once', () => {
		const vault = pluginVault(OLD_RULE);
		breakClaudeMd(vault);
		expect(contextOf(runHook(vault, claudeMd(vault)))).toContain('[[claude-md-broken]]');
		// The same findings again (another edit that changed nothing the check sees): silent.
		const again = runHook(vault, claudeMd(vault));
		expect(again.code).toBe(0);
		expect(again.stdout.length).toBe(0);
		// The CLAUDE.md finding fixed, the old one still there: the count, once.
		fs.writeFileSync(path.join(vault, 'CLAUDE.md'), fs.readFileSync(path.join(vault, 'CLAUDE.md'), 'utf8').replace('[[claude-md-broken]]', 'nothing'));
		const fixed = runHook(vault, claudeMd(vault));
		expect(contextOf(fixed)).toBe(
			['Rule check after the edit of CLAUDE.md:', `No new findings from this edit; 1 finding was already there (run \`node ${path.join(vault, '.claude', 'hooks', 'session-brief.cjs')} check\` to see it).`].join('\n'),
		);
		expect(fixed.json?.systemMessage).toBe('Rule check: no new findings, 1 already there');
		const quiet = runHook(vault, claudeMd(vault));
		expect(quiet.stdout.length).toBe(0);
	});

	it('a finding whose line moved is still the same finding', () => {
		const vault = pluginVault(OLD_RULE);
		expect(runBridge(vault, 'check', '').code).toBe(1);
		writeFiles(vault, { 'AI/Regelwerk/a.md': '---\ntype: rule\n---\nA new first line.\n\nSee [[old-gone]].\n' });
		const run = runHook(vault, editInput(path.join(vault, 'AI', 'Regelwerk', 'a.md')));
		expect(run.stdout.length).toBe(0);
	});

	it('check --json marks each finding new: true or new: false; check with paths does not replace the record', () => {
		const vault = pluginVault(OLD_RULE);
		const firstJson = JSON.parse(runBridge(vault, 'check', '', { args: ['--json'] }).text) as CheckJson;
		expect(firstJson.findings.map((f) => f.new)).toEqual([true]);
		breakClaudeMd(vault);
		// A check of one path is partial: it must not become the record.
		expect(runBridge(vault, 'check', '', { args: [path.join(vault, 'CLAUDE.md')] }).code).toBe(1);
		const json = JSON.parse(runBridge(vault, 'check', '', { args: ['--json'] }).text) as CheckJson;
		expect(json.findings.map((f) => [f.path, f.new])).toEqual([
			['AI/Regelwerk/a.md', false],
			['CLAUDE.md', true],
		]);
		const after = JSON.parse(runBridge(vault, 'check', '', { args: ['--json'] }).text) as CheckJson;
		expect(after.findings.map((f) => f.new)).toEqual([false, false]);
	});

	it('an unreadable or foreign record counts as none: every finding is shown', () => {
		const vault = pluginVault(OLD_RULE);
		breakClaudeMd(vault);
		for (const record of ['not json', JSON.stringify({ schema: 1, lang: 'de', complete: true, findings: [] }), JSON.stringify({ schema: 2 })]) {
			fs.writeFileSync(path.join(vault, ...RECORD), record);
			const text = contextOf(runHook(vault, claudeMd(vault)));
			expect(text).toContain('[[old-gone]]');
			expect(text).toContain('[[claude-md-broken]]');
			expect(text).not.toContain('already there');
		}
	});

	it('a vault without the plugin folder: the first edit reports in full; the journal of agent edits makes the folder, and the record works from then on', () => {
		const vault = exampleVault(OLD_RULE);
		fs.rmSync(path.join(vault, '.obsidian', 'plugins'), { recursive: true });
		breakClaudeMd(vault);
		const first = contextOf(runHook(vault, claudeMd(vault)));
		expect(first).toContain('[[claude-md-broken]]');
		expect(first).toContain('[[old-gone]]');
		// The edit was recorded (the folder is made for the journal, as a scan makes it for the cache).
		expect(fs.existsSync(path.join(vault, '.obsidian', 'plugins', 'session-brief', 'agent-changes.jsonl'))).toBe(true);
		expect(fs.existsSync(path.join(vault, ...RECORD))).toBe(true);
		// The same findings again: nothing new, said once already.
		expect(runHook(vault, claudeMd(vault)).json).toBeNull();
	});
});
