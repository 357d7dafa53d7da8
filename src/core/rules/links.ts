/**
 * Links as Obsidian reads them: wikilinks and embeds (`[[x]]`, `![[x|alias]]`, `[[x#heading]]`,
 * `[[x#^block]]`) and markdown links (`[t](x.md)`, `![a](<x y.png>)`), never inside code or
 * comments (the body is masked as for tags), plus wikilinks in the text of frontmatter values
 * (quoted, as Obsidian wants them), which Obsidian also indexes. And the default resolver: vault path, path relative to the linking note, or a
 * path suffix / basename, with the `.md` extension optional, ignoring case.
 */
import { parseDocument, visit } from 'yaml';
import { maskLines } from '../notes/markdown-mask';
import { splitFrontmatter } from '../notes/frontmatter';
import { normalizePath } from './scope';
import type { LinkResolver, RuleFile } from './types';

export interface Link {
	/** The link as written, for messages. */
	raw: string;
	/** The file part: no heading, block, alias, angle brackets or %-escapes. */
	linkpath: string;
	line: number;
	/** A wikilink or embed (`[[…]]`), read as Obsidian reads it; else a markdown link. */
	wiki: boolean;
}

/** A file Obsidian does not index: in a folder whose name starts with `.`, or named so itself. */
export function inDotFolder(path: string): boolean {
	return path.split('/').some((part) => part.startsWith('.'));
}

// Up to the first `]]`, holding no `[[`: a lone `]` does not end the link, and in `[[A [[B]] c]]`
// only the innermost `[[B]]` is one (Obsidian 1.13.7, docs/obsidian-readings.md).
const WIKILINK = /!?\[\[((?:(?!\[\[|\]\])[^\n])*)\]\]/g;
const MARKDOWN_LINK = /!?\[(?:[^\]\n]|\\\])*\]\(\s*(<[^>\n]*>|[^\s)]+)(?:\s+["'(][^)\n]*)?\s*\)/g;
const SCHEME = /^[a-zA-Z][a-zA-Z0-9+.-]*:/;

function stripSubpath(target: string): string {
	const cut = target.search(/[#^]/);
	return (cut < 0 ? target : target.slice(0, cut)).trim();
}

function wikiTarget(inner: string): string {
	// In a table the alias pipe is escaped (`[[x\|alias]]`). A pipe right after `[[` splits off no
	// alias: Obsidian records `[[|alias]]` as a link to "|alias" and `[[|]]`, `[[|#x]]` as links to
	// "|", all unresolved (recording link_in_task_wikilink.json; docs/obsidian-readings.md).
	const pipe = inner.indexOf('|', 1);
	const target = pipe < 0 ? inner : inner.slice(0, pipe);
	return stripSubpath(target.replace(/\\$/, ''));
}

function markdownTarget(raw: string): string | null {
	let target = raw.startsWith('<') ? raw.slice(1, -1) : raw;
	if (SCHEME.test(target) && !/^[a-zA-Z]:[\\/]/.test(target)) return null;
	try {
		target = decodeURI(target);
	} catch {
		// A stray `%` is just a character in the name.
	}
	return stripSubpath(target);
}

function collect(line: string, lineNumber: number, out: Link[], markdown: boolean, keep: (column: number) => boolean = () => true): void {
	WIKILINK.lastIndex = 0;
	let m: RegExpExecArray | null;
	while ((m = WIKILINK.exec(line)) !== null) {
		const linkpath = wikiTarget(m[1] ?? '');
		if (linkpath !== '' && keep(m.index)) out.push({ raw: m[0], linkpath, line: lineNumber, wiki: true });
	}
	if (!markdown || !line.includes('](')) return;
	MARKDOWN_LINK.lastIndex = 0;
	while ((m = MARKDOWN_LINK.exec(line)) !== null) {
		const linkpath = markdownTarget(m[1] ?? '');
		if (linkpath !== null && linkpath !== '') out.push({ raw: m[0], linkpath, line: lineNumber, wiki: false });
	}
}

/**
 * Where in the YAML a wikilink is a property's text: inside a string value (quoted or plain), not
 * a key. Unquoted `link: [[Note]]` is YAML for a list in a list holding the text `Note`, so no
 * link, as Obsidian's Properties help says (docs/obsidian-readings.md). Null when the YAML does not
 * parse: then every wikilink in it counts, the tolerant reading.
 */
function propertyTexts(yaml: string): Array<[number, number]> | null {
	const doc = parseDocument(yaml, { uniqueKeys: true });
	if (doc.errors.length > 0) return null;
	const ranges: Array<[number, number]> = [];
	visit(doc, {
		Scalar(key, node) {
			if (key !== 'key' && typeof node.value === 'string' && node.range) ranges.push([node.range[0], node.range[1]]);
		},
	});
	return ranges;
}

/**
 * `frontmatter` false leaves out the frontmatter's links: Obsidian indexes links in property values
 * only, so frontmatter that is valid YAML but no set of properties (a text such as `tags:value`, a
 * list) has none (docs/obsidian-readings.md).
 */
export function extractLinks(file: RuleFile, frontmatter = true): Link[] {
	const links: Link[] = [];
	const split = splitFrontmatter(file.lines);
	const yamlLines = file.lines.slice(1, Math.max(1, split.bodyStart - 1));
	if (frontmatter && yamlLines.some((line) => line.includes('[['))) {
		const texts = propertyTexts(yamlLines.join('\n'));
		let offset = 0;
		for (let i = 0; i < yamlLines.length; i++) {
			const line = yamlLines[i] ?? '';
			const start = offset;
			const keep = (column: number): boolean => texts === null || texts.some(([from, to]) => start + column >= from && start + column < to);
			if (line.includes('[[')) collect(line, i + 2, links, false, keep);
			offset += line.length + 1;
		}
	}
	const body = file.lines.slice(split.bodyStart);
	const masked = maskLines(body);
	for (let i = 0; i < masked.length; i++) {
		const line = masked[i] ?? '';
		if (line.includes('[')) collect(line, split.bodyStart + i + 1, links, true);
	}
	return links;
}

function folderOf(path: string): string {
	const slash = path.lastIndexOf('/');
	return slash < 0 ? '' : path.slice(0, slash);
}

/** The default resolver over a file list, built once per run. */
export function fileListResolver(files: readonly string[]): LinkResolver {
	const exact = new Set<string>();
	const suffixes = new Set<string>();
	for (const file of files) {
		const lower = file.toLowerCase();
		const names = lower.endsWith('.md') ? [lower, lower.slice(0, -3)] : [lower];
		for (const name of names) {
			exact.add(name);
			// Every path suffix, so `[[Rules/tags]]` and `[[tags]]` find `AI/Rules/tags.md`.
			for (let i = name.indexOf('/'); i >= 0; i = name.indexOf('/', i + 1)) suffixes.add(name.slice(i + 1));
			suffixes.add(name);
		}
	}
	return (linkpath, sourcePath) => {
		const wanted = linkpath.replace(/\\/g, '/').toLowerCase();
		if (wanted.startsWith('/')) return exact.has(normalizePath(wanted).slice(1));
		const relative = normalizePath(`${folderOf(sourcePath.toLowerCase())}/${wanted}`).replace(/^\//, '');
		if (exact.has(relative)) return true;
		if (wanted.startsWith('./') || wanted.startsWith('../')) return false;
		return suffixes.has(normalizePath(wanted));
	};
}
