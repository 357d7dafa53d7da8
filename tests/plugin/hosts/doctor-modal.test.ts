// Which fix of a doctor check becomes a button (src/plugin/hosts/doctor-modal.ts), with the texts the
// bridge's checks use (src/node/hosts/doctor-*.ts), and the rule check's empty result.
import { afterEach, describe, expect, it } from 'vitest';
import { DoctorModal, fixAction, namedFile } from '../../../src/plugin/hosts/doctor-modal';
import { DOCTOR_TEXT } from '../../../src/plugin/hosts/doctor-strings';
import type { DoctorReport } from '../../../src/node/hosts/doctor/doctor-report';
import type { RuleCheckRunner } from '../../../src/plugin/check/rule-check-runner';
import { VIEW_TYPE_RULE_CHECK } from '../../../src/plugin/check/rule-check-view';
import { settle, startPlugin, stopPlugin, tempVault, type Started } from '../harness';

let started: Started | null = null;
afterEach(async () => {
	await stopPlugin(started);
	started = null;
});

describe('doctor fixes as buttons', () => {
	it('install, copy the named file\'s path, copy the trust steps; nothing for a check that passed or has no fix', () => {
		expect(fixAction({ id: 'script', status: 'fail', message: 'The bridge is not in the vault.', fix: 'Run "install" (or the Obsidian command "Install agent hooks").' })).toEqual({ kind: 'install' });
		expect(fixAction({ id: 'registration', status: 'fail', message: 'No SessionStart hook.', fix: 'Run "install" --agent codex.' })).toEqual({ kind: 'install' });
		expect(fixAction({ id: 'trust', status: 'warn', message: 'Codex has not trusted this vault.', fix: 'Start codex in the vault and trust the project when it asks.' })).toEqual({ kind: 'copy' });
		expect(fixAction({ id: 'duplicates', status: 'warn', message: 'Claude Code runs 2 different commands (.claude/settings.json, /home/u/.claude/settings.json).', fix: 'Uninstall one scope.' })).toEqual({ kind: 'file', file: '.claude/settings.json' });
		// A fix printed as the command to run opens the install dialog, which shows that command.
		expect(fixAction({ id: 'script', status: 'fail', message: 'The bridge is not in the vault.', fix: 'Run: npx session-brief install --vault "/v"' })).toEqual({ kind: 'install' });
		expect(fixAction({ id: 'script', status: 'ok', message: 'present', fix: 'Run "install".' })).toBeNull();
		expect(fixAction({ id: 'sessions', status: 'warn', message: 'No session yet.' })).toBeNull();
		expect(namedFile({ id: 'x', status: 'warn', message: 'C:\\Users\\u\\.gemini\\settings.json is old' })).toBe('C:\\Users\\u\\.gemini\\settings.json');
		expect(namedFile({ id: 'x', status: 'warn', message: 'in /home/u/.codex/config.toml, trust' })).toBe('/home/u/.codex/config.toml');
	});
});

describe('rule check view', () => {
	it('says what it checked when it finds nothing: files in scope, the scope, the checks', async () => {
		started = await startPlugin(tempVault({ 'CLAUDE.md': '# Rules\n\nPlain.\n', 'AI/Regelwerk/a.md': '# A\n' }));
		await (started.plugin as unknown as { runRuleCheck(): Promise<void> }).runRuleCheck();
		await settle(started.app);
		const leaf = started.app.workspace.getLeavesOfType(VIEW_TYPE_RULE_CHECK)[0];
		const root = (leaf?.view as unknown as { contentEl: HTMLElement }).contentEl;
		const rules = (started.plugin as unknown as { rules: RuleCheckRunner }).rules;
		const checks = rules.last?.checksRun.length ?? 0;
		expect(checks).toBeGreaterThan(0);
		expect(root.querySelector('.session-brief-rule-nothing-head')?.textContent).toBe(`Nothing found in 2 files of the rule scope, by ${checks} checks.`);
		expect(Array.from(root.querySelectorAll('.session-brief-rule-nothing-list code')).map((e) => e.textContent)).toEqual(['CLAUDE.md', 'AI/Regelwerk/**', '.claude/agents/**', '.claude/skills/**']);
		expect(root.querySelector('.session-brief-rule-nothing-checks')?.textContent).toBe(rules.last?.checksRun.join(', '));
	});
});

describe('doctor dialog', () => {
	it('shows the command beside a fix worded as a sentence, and no second line when the fix is the command', async () => {
		started = await startPlugin(tempVault({ 'a.md': 'x\n' }));
		const command = 'npx session-brief install --vault "/v" --agent claude-code --scope project';
		const report: DoctorReport = {
			ok: false,
			vault: '/v',
			agent: 'claude-code',
			checks: [
				{ id: 'script', status: 'fail', message: 'The bridge is not in the vault.', fix: 'Run install (or the Obsidian command "Install agent hooks").', command },
				{ id: 'registration', status: 'fail', message: 'No SessionStart hook.', fix: command, command },
			],
		};
		const modal = new DoctorModal(started.app as never, DOCTOR_TEXT.en, 'Claude Code', report, '', { install: () => undefined, absolute: (p) => p });
		modal.open();
		const rows = Array.from(modal.contentEl.querySelectorAll('.session-brief-doctor-body'));
		expect(rows.map((r) => r.querySelector('.session-brief-doctor-command')?.textContent ?? null)).toEqual([command, null]);
		modal.close();
	});
});
