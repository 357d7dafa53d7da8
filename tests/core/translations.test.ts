/**
 * Every translated text is complete (docs/design.md, "Languages"): each `translations<…>({ en, de })`
 * table in the source is exported and found here, and English and German have the same keys, no
 * empty text, and functions of the same arity whose texts are not empty either; so are the
 * per-language fields of the descriptors (brief items, rule checks).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHANGE_ITEMS, LIST_ITEMS } from '../../src/core/brief/brief-items';
import { isTranslations, LANGS } from '../../src/core/i18n';
import { ALL_CHECKS } from '../../src/core/rules/engine';

const REPO = path.resolve(__dirname, '../..');

function sourceFiles(dir: string): string[] {
	return fs.readdirSync(path.join(REPO, dir), { withFileTypes: true }).flatMap((e) => {
		const rel = `${dir}/${e.name}`;
		if (e.isDirectory()) return e.name === 'dist' ? [] : sourceFiles(rel);
		return e.name.endsWith('.ts') ? [rel] : [];
	});
}

const DEFINING = [...sourceFiles('src'), ...sourceFiles('bridge')].map((file) => ({
	file,
	// Calls in code, not in comments.
	calls: fs
		.readFileSync(path.join(REPO, file), 'utf8')
		.split('\n')
		.filter((line) => !/^\s*(\*|\/\/|\/\*)/.test(line))
		.join('\n')
		.match(/\btranslations<\w+>\(/g)?.length ?? 0,
})).filter((d) => d.calls > 0);

/** Sample arguments: what a text function is called with is a name, a count or a flag. */
const SAMPLES: unknown[] = ['x', 2, 'y', 'z', 3];

/** Differences between the English and the German value at `where`; empty when they agree in shape. */
function compare(en: unknown, de: unknown, where: string): string[] {
	if (typeof en !== typeof de) return [`${where}: ${typeof en} in English, ${typeof de} in German`];
	if (typeof en === 'string') return [...(en.trim() === '' ? [`${where}: empty in English`] : []), ...((de as string).trim() === '' ? [`${where}: empty in German`] : [])];
	if (typeof en === 'function' && typeof de === 'function') {
		if (en.length !== de.length) return [`${where}: takes ${en.length} arguments in English, ${de.length} in German`];
		const args = SAMPLES.slice(0, en.length);
		let said: [unknown, unknown];
		try {
			said = [(en as (...a: unknown[]) => unknown)(...args), (de as (...a: unknown[]) => unknown)(...args)];
		} catch {
			// Takes settings or another object: its shape is the type checker's to prove.
			return [];
		}
		return typeof said[0] === 'string' ? compare(said[0], said[1], `${where}(…)`) : [];
	}
	if (Array.isArray(en) && Array.isArray(de)) {
		if (en.length !== de.length) return [`${where}: ${en.length} entries in English, ${de.length} in German`];
		return en.flatMap((v, i) => compare(v, de[i], `${where}[${i}]`));
	}
	if (typeof en === 'object' && en !== null && typeof de === 'object' && de !== null) {
		const keys = [...new Set([...Object.keys(en), ...Object.keys(de)])];
		return keys.flatMap((k) => {
			if (!(k in en)) return [`${where}.${k}: only in German`];
			if (!(k in de)) return [`${where}.${k}: only in English`];
			return compare((en as Record<string, unknown>)[k], (de as Record<string, unknown>)[k], `${where}.${k}`);
		});
	}
	return [];
}

/** Every `{ en, de }` object inside a descriptor, with where it sits. */
function perLangFields(value: unknown, where: string): Array<[string, Record<string, unknown>]> {
	if (typeof value !== 'object' || value === null) return [];
	const keys = Object.keys(value).sort();
	if (keys.join() === [...LANGS].sort().join()) return [[where, value as Record<string, unknown>]];
	return Object.entries(value).flatMap(([k, v]) => perLangFields(v, `${where}.${k}`));
}

describe('translations', () => {
	it('finds the tables: at least the brief, the plugin interface and the rule check', () => {
		const files = DEFINING.map((d) => d.file);
		for (const expected of ['src/core/i18n.ts', 'src/plugin/ui-strings.ts', 'src/core/rules/report-text.ts', 'src/core/rules/finish.ts']) expect(files).toContain(expected);
	});

	it.each(DEFINING)('$file exports each of its tables, complete in every language', async ({ file, calls }) => {
		// eslint-disable-next-line no-unsanitized/method -- a source file of this repository, found by the walk above
		const module = (await import(path.join(REPO, file))) as Record<string, unknown>;
		const tables = Object.entries(module).filter(([, v]) => isTranslations(v)) as Array<[string, Record<string, unknown>]>;
		expect(tables.length, `${file} calls translations() ${calls} time(s); export every table`).toBe(calls);
		for (const [name, table] of tables) {
			expect(Object.keys(table).sort()).toEqual([...LANGS].sort());
			expect(compare(table.en, table.de, name)).toEqual([]);
		}
	});

	it('the descriptors have every language, none empty', () => {
		const fields = [...perLangFields(LIST_ITEMS, 'LIST_ITEMS'), ...perLangFields(CHANGE_ITEMS, 'CHANGE_ITEMS'), ...perLangFields(ALL_CHECKS, 'ALL_CHECKS')];
		// Labels, titles, tags, empty texts, hints and explanations: one per item and check at least.
		expect(fields.length).toBeGreaterThan(LIST_ITEMS.length + CHANGE_ITEMS.length + ALL_CHECKS.length);
		for (const [where, field] of fields) expect(compare(field.en, field.de, where)).toEqual([]);
	});

	it('finds a gap: an empty German text, a key only in English, a function of another arity', () => {
		expect(compare({ a: 'x', b: { c: 'y' } }, { a: ' ', b: {} }, 'T')).toEqual(['T.a: empty in German', 'T.b.c: only in English']);
		expect(compare({ f: (n: number) => `${n}` }, { f: () => 'x' }, 'T')).toEqual(['T.f: takes 1 arguments in English, 0 in German']);
		expect(compare({ f: (n: number) => `${n}` }, { f: () => '' }, 'T')).toEqual(['T.f: takes 1 arguments in English, 0 in German']);
		expect(compare({ f: (s: string) => s }, { f: (s: string) => s.slice(9) }, 'T')).toEqual(['T.f(…): empty in German']);
	});
});
