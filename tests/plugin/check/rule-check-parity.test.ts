/**
 * The two front ends of the rule check finish alike: the same vault through the plugin's runner
 * and through the built bridge's `check --json` gives the same findings, checks and summary line,
 * also when a folder of `.claude/` cannot be listed and when the user's external checker runs.
 */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { unprivileged } from '../../helpers/bridge';
import { startPlugin, stopPlugin, tempVault, type Started } from '../harness';
import { EXAMPLE_RAW } from '../../helpers/example-settings';
import type { RuleCheckReport, RuleCheckRunner } from '../../../src/plugin/check/rule-check-runner';

const BUNDLE = path.resolve(__dirname, '../../../bridge/dist/session-brief.cjs');

const RULES: Record<string, string> = {
	'CLAUDE.md': '# Rules\n\nSee [[AI/Regelwerk/tags]] and [[Missing note]].\nAgents: [[reviewer]].\n',
	'AI/Regelwerk/tags.md': '# Tags\n\nBack to [[CLAUDE]].\n',
	'.claude/agents/reviewer.md': '---\nname: reviewer\ndescription: Reviews rule edits.\n---\n',
	'.claude/skills/bad-skill/SKILL.md': '---\nname: bad-skill\n---\nBody\n',
};

interface Shown {
	findings: Array<{ check: string; severity: string; path: string; line: number; message: string; detail?: string[] }>;
	checksRun: string[];
	summary: string;
}

let started: Started | null = null;
afterEach(async () => {
	vi.restoreAllMocks();
	await stopPlugin(started);
	started = null;
});

function runner(s: Started): RuleCheckRunner {
	return (s.plugin as unknown as { rules: RuleCheckRunner }).rules;
}

/** The built bridge where `as` can read it: the checkout may sit in a folder only its owner can enter. */
function bundleFor(as: { uid: number; gid: number } | null): string {
	if (as === null) return BUNDLE;
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-parity-bridge-'));
	fs.chmodSync(dir, 0o755);
	const file = path.join(dir, 'session-brief.cjs');
	fs.copyFileSync(BUNDLE, file);
	fs.chmodSync(file, 0o644);
	return file;
}

function bridgeCheck(base: string, lang: 'en' | 'de', as: { uid: number; gid: number } | null = null): Shown {
	let out = '';
	try {
		out = execFileSync(process.execPath, [bundleFor(as), 'check', '--json', '--lang', lang, '--vault', base], { encoding: 'utf8', ...(as ?? {}) });
	} catch (error) {
		// Exit 1 = findings; the JSON is on stdout all the same.
		out = String((error as { stdout?: string }).stdout ?? '');
	}
	return JSON.parse(out) as Shown;
}

function shown(report: RuleCheckReport | Shown): Shown {
	return {
		findings: report.findings.map((f) => ({ check: f.check, severity: f.severity, path: f.path, line: f.line, message: f.message, ...(f.detail === undefined ? {} : { detail: f.detail }) })),
		checksRun: report.checksRun,
		summary: report.summary,
	};
}

describe('the rule check finishes alike in the plugin and the bridge', () => {
	it.each(['en', 'de'] as const)('an external checker that raises an alarm and misses its clean line (%s)', async (lang) => {
		const externalCheck = {
			command: process.execPath,
			args: ['-e', "console.log('ACHTUNG: rule 3 broken'); console.log('done')"],
			cleanLine: 'None of the N checks that ran found anything.',
			alarmPattern: 'ACHTUNG',
		};
		started = await startPlugin(tempVault(RULES), { data: { ...EXAMPLE_RAW, externalCheck, language: lang } });
		const plugin = await runner(started).check({ external: true });
		expect(plugin.external).toBe('ran');
		const bridge = bridgeCheck(started.base, lang);
		expect(shown(plugin)).toEqual(shown(bridge));
		expect(plugin.findings.filter((f) => f.check === 'external').length).toBe(2);
		expect(plugin.checksRun.at(-1)).toBe('external');
	});

	it.runIf(process.platform !== 'win32').each(['en', 'de'] as const)('a folder of .claude that cannot be listed (%s)', async (lang) => {
		const base = tempVault(RULES);
		const locked = path.join(base, '.claude', 'agents');
		const who = unprivileged();
		// The bridge runs as an unprivileged user when the tests run as root, for whom mode 000 locks nothing.
		if (who !== null) {
			for (const dir of [base, path.join(base, '.claude'), path.join(base, 'AI'), path.join(base, 'AI', 'Regelwerk')]) fs.chmodSync(dir, 0o755);
		}
		started = await startPlugin(base, { data: { ...EXAMPLE_RAW, language: lang } });
		fs.chmodSync(locked, 0o000);
		try {
			// The stand-in adapter reads as this process, so a root run is told the folder cannot be listed.
			const adapter = started.app.vault.adapter as unknown as { list(p: string): Promise<{ files: string[]; folders: string[] }> };
			const list = adapter.list.bind(adapter);
			vi.spyOn(adapter, 'list').mockImplementation(async (p) => {
				if (p === '.claude/agents') throw new Error('EACCES: permission denied');
				return list(p);
			});
			const plugin = await runner(started).check({ external: true });
			const bridge = bridgeCheck(base, lang, who);
			expect(shown(plugin)).toEqual(shown(bridge));
			const access = plugin.findings.filter((f) => f.check === 'file-access');
			expect(access.map((f) => [f.path, f.severity])).toEqual([['.claude/agents', 'warning']]);
			expect(access[0]?.message).toBe(lang === 'de' ? 'Ordner ließ sich nicht lesen; Links in ihn hinein gelten als kaputt.' : 'Folder could not be listed; links into it count as broken.');
			// The agent file behind the lock is not seen, so the link to it is broken on both sides.
			expect(plugin.findings.some((f) => f.check === 'broken-link' && f.message.includes('reviewer'))).toBe(true);
		} finally {
			fs.chmodSync(locked, 0o755);
		}
	});

	it('links as Obsidian 1.13 reads them: nested brackets, a literal # in a markdown link, unquoted property links', async () => {
		// docs/obsidian-readings.md: the innermost [[…]] is the link; `#` cuts a markdown target; an
		// unquoted `[[…]]` property is a YAML list. The plugin asks the stand-in's cache to resolve.
		const vault = {
			...RULES,
			'CLAUDE.md': '---\nrelated: [[Missing unquoted]]\nquoted: "[[Missing quoted]]"\n---\n# Rules\n\nSee [[A [[AI/Regelwerk/tags]] c]] and [[X [[Missing inner]] y]].\nAlso [t](Sub/Odd%20name%20#1.md).\n',
			'Sub/Odd name #1.md': 'x\n',
		};
		started = await startPlugin(tempVault(vault), { data: { ...EXAMPLE_RAW, language: 'en' } });
		const plugin = await runner(started).check({ external: true });
		const bridge = bridgeCheck(started.base, 'en');
		expect(shown(plugin)).toEqual(shown(bridge));
		const broken = plugin.findings.filter((f) => f.check === 'broken-link' && f.path === 'CLAUDE.md');
		expect(broken.map((f) => [f.line, f.message.split(' points')[0]])).toEqual([
			[3, '[[Missing quoted]]'],
			[7, '[[Missing inner]]'],
			[8, '[t](Sub/Odd%20name%20#1.md)'],
		]);
	});
});
