/**
 * The README is a front door that fits on a screen, and every door in it opens: each relative link
 * and `#anchor` in README.md and docs/ names a file that exists and a heading it has (GitHub's
 * slugs), and the repository's address is one address in every file a user or a store reads.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import MarkdownIt from 'markdown-it';
import { describe, expect, it } from 'vitest';
import { REPO } from '../helpers/bridge';

const README_MAX_LINES = 200;

const md = new MarkdownIt({ html: true });

function read(rel: string): string {
	return fs.readFileSync(path.join(REPO, rel), 'utf8');
}

function readJson(rel: string): Record<string, unknown> {
	return JSON.parse(read(rel)) as Record<string, unknown>;
}

/** README.md and every markdown file under docs/, relative to the repository. */
function documents(): string[] {
	const docs = fs.readdirSync(path.join(REPO, 'docs'), { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.md'));
	return ['README.md', ...docs.map((f) => `docs/${f.split(path.sep).join('/')}`)].sort();
}

/** GitHub's heading slug (as github-slugger makes it): lower case, only letters, marks, digits, `_`, spaces and `-` kept, spaces to `-`. */
function githubSlug(text: string): string {
	return text.toLowerCase().replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '').replace(/ /g, '-');
}

type Token = ReturnType<MarkdownIt['parse']>[number];

/** The anchors a markdown file offers: one per heading, repeats numbered `-1`, `-2` as GitHub does, and explicit `id`/`name` anchors. */
function anchorsOf(markdown: string): Set<string> {
	const tokens = md.parse(markdown, {});
	const anchors = new Set<string>();
	const seen = new Map<string, number>();
	tokens.forEach((token, i) => {
		if (token.type === 'heading_open') {
			const text = (tokens[i + 1]?.children ?? []).filter((c) => c.type === 'text' || c.type === 'code_inline').map((c) => c.content).join('');
			const base = githubSlug(text);
			const count = seen.get(base) ?? 0;
			seen.set(base, count + 1);
			anchors.add(count === 0 ? base : `${base}-${count}`);
		}
		const html = token.type === 'html_block' || token.type === 'inline' ? token.content : '';
		for (const m of html.matchAll(/<a\s[^>]*(?:id|name)="([^"]+)"/g)) anchors.add(m[1] ?? '');
	});
	return anchors;
}

/** Every link and image target in a markdown text, with the line it is on; code spans and blocks hold none. */
function linksOf(markdown: string): { target: string; line: number }[] {
	const lines = markdown.split('\n');
	const out: { target: string; line: number }[] = [];
	// markdown-it knows a block's first line; the link's own is the first from there that holds it.
	const lineOf = (target: string, from: number): number => {
		const at = lines.findIndex((text, i) => i >= from && (text.includes(`(${target}`) || text.includes(`(${decodeURI(target)}`)));
		return (at < 0 ? from : at) + 1;
	};
	const visit = (tokens: Token[], line: number): void => {
		for (const token of tokens) {
			const at = token.map?.[0] ?? line;
			const target = token.type === 'link_open' ? token.attrGet('href') : token.type === 'image' ? token.attrGet('src') : null;
			if (target !== null) out.push({ target, line: lineOf(target, at) });
			if (token.children) visit(token.children, at);
		}
	};
	visit(md.parse(markdown, {}), 0);
	return out;
}

/** What is wrong with one link of `from` (relative to the repository), or null when it resolves. */
function brokenLink(from: string, target: string, fileOf: (rel: string) => string | null): string | null {
	if (/^[a-z][a-z0-9+.-]*:/i.test(target)) return null;
	const hashAt = target.indexOf('#');
	const file = decodeURIComponent(hashAt < 0 ? target : target.slice(0, hashAt));
	const anchor = hashAt < 0 ? null : decodeURIComponent(target.slice(hashAt + 1));
	const rel = file === '' ? from : path.posix.normalize(path.posix.join(path.posix.dirname(from), file));
	if (rel.startsWith('../') || path.posix.isAbsolute(rel)) return `${target}: points outside the repository`;
	if (!fs.existsSync(path.join(REPO, rel))) return `${target}: ${rel} does not exist`;
	if (anchor === null) return null;
	if (!rel.endsWith('.md')) return /^L\d+(-L\d+)?$/.test(anchor) ? null : `${target}: an anchor into a file that is not markdown`;
	const text = fileOf(rel);
	if (text === null) return `${target}: ${rel} is not a file`;
	return anchorsOf(text).has(anchor) ? null : `${target}: ${rel} has no heading with the anchor #${anchor}`;
}

function fileText(rel: string): string | null {
	try {
		return read(rel);
	} catch {
		return null;
	}
}

/** `https://github.com/owner/name` out of the ways npm writes the same address. */
function bareAddress(url: string): string {
	return url.replace(/^git\+/, '').replace(/\.git$/, '').replace(/#readme$/, '').replace(/\/issues$/, '');
}

describe('the README is a front door', () => {
	it(`fits in ${README_MAX_LINES} lines`, () => {
		const lines = read('README.md').replace(/\n$/, '').split('\n').length;
		expect(lines).toBeLessThanOrEqual(README_MAX_LINES);
	});

	it('links to a page in docs/ for each topic it leaves out', () => {
		const targets = new Set(linksOf(read('README.md')).map((l) => l.target.split('#')[0]));
		for (const page of ['docs/install.md', 'docs/brief.md', 'docs/rule-check.md', 'docs/review-trail.md', 'docs/agents.md', 'docs/security.md', 'docs/speed.md', 'docs/reliability.md', 'docs/development.md', 'docs/contributing.md']) {
			expect(targets, page).toContain(page);
		}
	});
});

describe('every relative link and anchor in README.md and docs/ resolves', () => {
	it('names a file that exists and, for an anchor, a heading of that file', () => {
		const broken: string[] = [];
		let checked = 0;
		for (const doc of documents()) {
			for (const { target, line } of linksOf(read(doc))) {
				checked++;
				const why = brokenLink(doc, target, fileText);
				if (why !== null) broken.push(`${doc}:${line}: ${why}`);
			}
		}
		expect(checked).toBeGreaterThan(50);
		expect(broken).toEqual([]);
	});

	it('catches what it is for', () => {
		const docs = { 'docs/a.md': '# Title\n\n## The live channel (network use)\n\n## Names in text\n\n## Names in text\n\n### `report --json`\n' };
		expect(anchorsOf(docs['docs/a.md'])).toEqual(new Set(['title', 'the-live-channel-network-use', 'names-in-text', 'names-in-text-1', 'report---json']));
		expect(githubSlug("The review trail is the human's")).toBe('the-review-trail-is-the-humans');
		expect(githubSlug('Tags, exactly as Obsidian reads them')).toBe('tags-exactly-as-obsidian-reads-them');
		expect(brokenLink('README.md', 'docs/design.md#what-counts-as-a-tag', fileText)).toBeNull();
		expect(brokenLink('README.md', 'docs/design.md#no-such-heading', fileText)).toContain('no heading');
		expect(brokenLink('README.md', 'docs/no-such-page.md', fileText)).toContain('does not exist');
		expect(brokenLink('docs/design.md', '../../outside.md', fileText)).toContain('outside the repository');
		expect(brokenLink('README.md', 'https://example.com/x#y', fileText)).toBeNull();
		expect(linksOf('`[markdown](links)` and\n\n```\n[a](b.md)\n```\n\n[real](c.md)')).toEqual([{ target: 'c.md', line: 7 }]);
	});
});

describe('one repository address everywhere a user or a store looks', () => {
	const pkg = readJson('package.json');
	const repository = pkg.repository as { type?: string; url?: string } | undefined;
	const home = bareAddress(repository?.url ?? '');

	it('package.json names it as repository, homepage and bugs', () => {
		expect(home).toMatch(/^https:\/\/github\.com\/[\w.-]+\/[\w.-]+$/);
		expect(repository?.type).toBe('git');
		expect(bareAddress(String(pkg.homepage))).toBe(home);
		expect((pkg.bugs as { url?: string } | undefined)?.url).toBe(`${home}/issues`);
	});

	it("Obsidian's manifest and the Claude Code and Codex plugin manifests give the same address", () => {
		expect(readJson('manifest.json').authorUrl).toBe(home);
		for (const file of ['claude-plugin/.claude-plugin/plugin.json', 'claude-plugin/.codex-plugin/plugin.json']) {
			const manifest = readJson(file);
			expect([manifest.homepage, manifest.repository], file).toEqual([home, home]);
		}
		const market = readJson('.claude-plugin/marketplace.json') as { plugins: { homepage?: string; repository?: string }[] };
		for (const plugin of market.plugins) expect([plugin.homepage, plugin.repository]).toEqual([home, home]);
	});

	it('the README and docs/ use that address and no placeholder', () => {
		const ownerName = home.replace('https://github.com/', '');
		const wrong: string[] = [];
		for (const doc of documents()) {
			read(doc).split('\n').forEach((text, i) => {
				if (/<owner>|<repo>/.test(text)) wrong.push(`${doc}:${i + 1}: a placeholder`);
				for (const m of text.matchAll(/plugin marketplace add ([^\s`]+)/g)) if (m[1] !== ownerName && !m[1]?.startsWith('/') && m[1] !== '…') wrong.push(`${doc}:${i + 1}: marketplace ${m[1] ?? ''}`);
				for (const m of text.matchAll(/https:\/\/github\.com\/([\w.-]+\/session-brief)\b/g)) if (m[1] !== ownerName) wrong.push(`${doc}:${i + 1}: ${m[0]}`);
			});
		}
		expect(read('README.md')).toContain(home);
		expect(wrong).toEqual([]);
	});
});
