import { describe, expect, it } from 'vitest';
import { dailyNoteTemplatePath, fillDailyTemplate } from '../../../src/core/brief/daily-template';

// Local time, as the Daily notes plugin uses it: Monday 30 November 2026, 09:05:07.
const NOW = new Date(2026, 10, 30, 9, 5, 7);

describe('daily note template', () => {
	it('reads the template key of daily-notes.json, anything else means none', () => {
		expect(dailyNoteTemplatePath({ folder: 'Daily', template: ' Templates/Daily ' })).toBe('Templates/Daily');
		expect(dailyNoteTemplatePath({ template: 3 })).toBe('');
		expect(dailyNoteTemplatePath(null)).toBe('');
		expect(dailyNoteTemplatePath(['template'])).toBe('');
	});

	it('fills date, title and time as the Daily notes plugin does', () => {
		const text = '# {{title}}\ncreated {{date}} at {{time}}\n{{ DATE }} / {{Title}}';
		expect(fillDailyTemplate(text, { now: NOW, format: 'YYYY-MM-DD', title: '2026-11-30' })).toBe('# 2026-11-30\ncreated 2026-11-30 at 09:05\n2026-11-30 / 2026-11-30');
	});

	it('takes a moment format after a colon, and a shift before it', () => {
		const text = '{{date:dddd, D MMMM}} {{time:HH:mm:ss}} {{date+1d:YYYY-MM-DD}} {{date-1w}} {{date+1q:YYYY-MM}} {{time+2h}}';
		expect(fillDailyTemplate(text, { now: NOW, format: 'DD.MM.YYYY', title: 'x' })).toBe('Monday, 30 November 09:05:07 2026-12-01 23.11.2026 2027-02 11:05');
	});

	it('names yesterday and tomorrow in the daily-note format, across a month and a year', () => {
		const text = '[[{{yesterday}}]] [[{{tomorrow}}]]';
		expect(fillDailyTemplate(text, { now: NOW, format: 'YYYY-MM-DD', title: 'x' })).toBe('[[2026-11-29]] [[2026-12-01]]');
		expect(fillDailyTemplate(text, { now: new Date(2026, 11, 31, 12), format: 'YYYY/MM/DD', title: 'x' })).toBe('[[2026/12/30]] [[2027/01/01]]');
	});

	it('uses the given locale for names', () => {
		expect(fillDailyTemplate('{{date:dddd}}', { now: NOW, format: 'YYYY-MM-DD', title: 'x', locale: 'en' })).toBe('Monday');
	});

	it('leaves other braces and a title with template syntax alone', () => {
		const text = '{{weather}} {{ date : }} {single} {{title}}';
		expect(fillDailyTemplate(text, { now: NOW, format: 'YYYY-MM-DD', title: '{{date}} $& $1' })).toBe('{{weather}} 2026-11-30 {single} {{date}} $& $1');
	});
});
