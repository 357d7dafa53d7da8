/** Reading a target file once: BOM dropped, lines split, frontmatter parsed on first use. */
import { parseDocument } from 'yaml';
import { splitFrontmatter } from '../notes/frontmatter';
import type { ParsedFrontmatter, RuleFile } from './types';

export function ruleFile(path: string, raw: string): RuleFile {
	const text = raw.charCodeAt(0) === 0xfeff ? raw.slice(1) : raw;
	return { path, text, lines: text.split(/\r?\n/) };
}

function keyLineFinder(lines: readonly string[], end: number): (key: string) => number {
	return (key) => {
		const pattern = new RegExp(`^["']?${key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}["']?[ \\t]*:`);
		for (let i = 1; i < end; i++) if (pattern.test(lines[i] ?? '')) return i + 1;
		return 1;
	};
}

/**
 * Obsidian's reading (as in Obsidian, only a `---` first line with a closing `---` line makes
 * frontmatter), then a strict YAML parse: Obsidian shows a note whose YAML fails as having no
 * properties, and Claude Code then misses a skill's or agent's `name` and `description`.
 */
export function parseFrontmatter(file: RuleFile): ParsedFrontmatter {
	const split = splitFrontmatter(file.lines);
	if (split.unclosed) return { state: 'unclosed' };
	if (split.yaml === null) return { state: 'none' };
	const doc = parseDocument(split.yaml, { prettyErrors: true, uniqueKeys: true });
	const error = doc.errors[0];
	if (error !== undefined) {
		const yamlLine = error.linePos?.[0]?.line ?? 1;
		const message = (error.message.split('\n')[0] ?? '').replace(/ at line \d+, column \d+:?$/, '');
		return { state: 'broken', message, line: yamlLine + 1 };
	}
	let data: unknown;
	try {
		data = doc.toJS({ maxAliasCount: 100 });
	} catch (e) {
		return { state: 'broken', message: e instanceof Error ? e.message : String(e), line: 2 };
	}
	if (data !== null && (typeof data !== 'object' || Array.isArray(data))) {
		return { state: 'broken', message: 'not a set of "key: value" properties', line: 2, notMapping: true };
	}
	const map: Record<string, unknown> = data === null ? {} : { ...data };
	return { state: 'ok', data: map, bodyStart: split.bodyStart, keyLine: keyLineFinder(file.lines, split.bodyStart - 1) };
}
