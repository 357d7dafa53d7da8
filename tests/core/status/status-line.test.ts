/** The status line's words: numbers and fixed words only, one line, the same in both front ends. */
import { describe, expect, it } from 'vitest';
import { statusBarText, statusLineText, statusParts, type VaultStatus } from '../../../src/core/status/status-line';
import { countToReview } from '../../../src/core/status/review-count';
import { parseLastCheck, rulesState } from '../../../src/core/rules/last-check-record';
import { DEFAULT_SETTINGS } from '../../../src/core/settings';
import { flagsOf, lowerTagNames } from '../../../src/core/notes/flags';
import { noteFactsFromText } from '../../../src/core/notes/note-facts';
import { LANGS } from '../../../src/core/i18n';

const status = (over: Partial<VaultStatus> = {}): VaultStatus => ({ toReview: 3, agentChanges: 2, rules: { findings: 0, complete: true, checks: [] }, stale: false, ...over });

describe('status line words', () => {
	it('reads as the agent sees it', () => {
		expect(statusLineText(status(), 'en', false)).toBe('vault: 3 to review · 2 agent changes unreviewed · rules ok');
		expect(statusLineText(status({ rules: { findings: 2, complete: true, checks: ['broken-link'] }, stale: true }), 'en', false)).toBe('vault: 3 to review · 2 agent changes unreviewed · rules: 2 broken links · brief stale');
		expect(statusLineText(status({ toReview: 0, agentChanges: 1, rules: null }), 'en', false)).toBe('vault: nothing to review · 1 agent change unreviewed');
		expect(statusLineText(status({ toReview: 1, agentChanges: 0, rules: { findings: 1, complete: true, checks: ['broken-link'] } }), 'de', false)).toBe('Vault: 1 zu prüfen · Regeln: 1 kaputter Link');
	});
	it('leaves out what is unknown, and says nothing when nothing is known', () => {
		expect(statusLineText({ toReview: null, agentChanges: null, rules: null, stale: false }, 'en', false)).toBe('');
		expect(statusLineText(status({ toReview: Number.NaN, agentChanges: -1 }), 'en', false)).toBe('vault: rules ok');
	});
	it('colours what needs attention, and the status bar shows the same words without colour or prefix', () => {
		const s = status({ rules: { findings: 3, complete: false, checks: ['frontmatter', 'broken-link'] }, stale: true });
		expect(statusLineText(s, 'en', true)).toBe('vault: \u001b[33m3 to review\u001b[0m · \u001b[33m2 agent changes unreviewed\u001b[0m · \u001b[31mrules: 3+ problems\u001b[0m · \u001b[2mbrief stale\u001b[0m');
		for (const lang of LANGS) {
			const words = statusParts(s, lang).map((p) => p.text);
			expect(statusBarText(s, lang)).toBe(words.join(' · '));
			expect(statusLineText(s, lang, false).endsWith(words.join(' · '))).toBe(true);
		}
	});
});

describe('what the words are made from', () => {
	it('counts a note in two markable sections once, and not in excluded folders', () => {
		const settings = { ...DEFAULT_SETTINGS, excludedRootFolders: ['Archive'] };
		const note = (path: string, text: string) => ({ path, flags: flagsOf(noteFactsFromText(text), lowerTagNames(settings.tags)) });
		const notes = [note('a.md', '#needs-review'), note('b.md', '#needs-review #pending-review'), note('c.md', 'plain'), note('Archive/d.md', '#needs-review')];
		expect(countToReview(notes, settings)).toBe(2);
	});
	it('takes a check record only in the shape this code writes', () => {
		expect(parseLastCheck({ schema: 1, lang: 'en', complete: true, findings: [{ check: 'broken-link', path: 'a.md', message: 'm' }, { check: 'broken-link', path: 'b.md', message: 'm' }] })).not.toBeNull();
		for (const bad of [null, 'x', { schema: 2, lang: 'en', complete: true, findings: [] }, { schema: 1, lang: 'xx', complete: true, findings: [] }, { schema: 1, lang: 'en', complete: true, findings: [{ check: 1 }] }]) expect(parseLastCheck(bad)).toBeNull();
		const record = parseLastCheck({ schema: 1, lang: 'en', complete: true, findings: [{ check: 'broken-link', path: 'a.md', message: 'm' }, { check: 'broken-link', path: 'b.md', message: 'm' }] });
		expect(rulesState(record!)).toEqual({ findings: 2, complete: true, checks: ['broken-link'] });
	});
});
