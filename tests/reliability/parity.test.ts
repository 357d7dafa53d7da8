/**
 * Parity, property-based: for generated notes mixing frontmatter shapes, fences, inline code,
 * comments, nested and look-alike tags, CRLF, BOM and non-ASCII, the plugin's path (Obsidian-like
 * cachedMetadata from the stand-in's independent parser → metadata-facts, text fallback where the
 * plugin takes it) and the bridge's path (noteFactsFromText) give the same note facts, and whole
 * generated vaults give the same brief. fast-check shrinks and prints any failing case.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeBrief, type NoteEntry } from '../../src/core/brief/brief';
import { flagsOf, lowerTagNames } from '../../src/core/notes/flags';
import { needsTextFallback, noteFactsFromMetadata } from '../../src/core/notes/metadata-facts';
import { noteFactsFromText, type NoteFacts } from '../../src/core/notes/note-facts';
import { resolveSettings } from '../../src/core/settings';
import { parseNote } from '../../stand-in/markdown';
import { LONG } from '../helpers/random';

const TAGS = ['needs-review', 'Needs-Review', 'review', 'REVIEW', 'review-done', 'pending-review', 'needs-reviewer', 'needs-review/x', 'review/sub', 'überprüfen', '日本', 'x1', '1984'];
const tag = fc.constantFrom(...TAGS);

const frontmatter = fc.oneof(
	fc.constant(''),
	fc.array(tag, { maxLength: 3 }).map((t) => `---\ntags: [${t.join(', ')}]\n---\n`),
	fc.array(tag, { maxLength: 3 }).map((t) => `---\ntags:\n${t.map((x) => `  - ${x}`).join('\n')}\n---\n`),
	tag.map((t) => `---\ntags: ${t}\n---\n`),
	tag.map((t) => `---\nTAGS: ["#${t}"]\n---\n`),
	fc.constantFrom('daily', 'Daily', 'meeting').map((t) => `---\ntype: ${t}\nstatus: pending-review\n---\n`),
	tag.map((t) => `---\ntitle: x\naliases:\n  - y\ntags:\n  - ${t}\n---\n`),
	tag.map((t) => `---\ntags: [${t}, broken\n---\n`),
	tag.map((t) => `---\ntags: [${t}]\n`),
	fc.constant('---\n---\n'),
);

const line = fc.oneof(
	tag.map((t) => `text #${t} more`),
	tag.map((t) => `#${t}`),
	tag.map((t) => `abc#${t}`),
	tag.map((t) => `mention \`#${t}\` only`),
	tag.map((t) => `<!-- #${t} --> after #x`),
	tag.map((t) => `%% #${t} %%`),
	tag.map((t) => `(#${t}) and #${t}.`),
	tag.map((t) => `\\[\\[#${t}\\]\\]`),
	fc.constantFrom('```', '~~~', '````js', '<!--', '-->', '%%', '> ```', '', '# Heading', '- [ ] task', 'Grüße 🎉 日本語', '\t#indented-tag'),
);

const note = fc
	.record({ fm: frontmatter, body: fc.array(line, { maxLength: 12 }), crlf: fc.boolean(), bom: fc.boolean() })
	.map(({ fm, body, crlf, bom }) => {
		let text = fm + body.join('\n');
		if (crlf) text = text.replace(/\n/g, '\r\n');
		return bom ? `\uFEFF${text}` : text;
	});

/** The plugin's path: the cache when it can be trusted, the text when the plugin would read it. */
function pluginFacts(text: string): NoteFacts {
	const meta = parseNote(text);
	if (needsTextFallback(meta)) return noteFactsFromText(text);
	const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
	return noteFactsFromMetadata(meta, (l) => lines[l] ?? '');
}

function comparable(f: NoteFacts): unknown {
	return { tags: f.tags.map((t) => `${t.tag.toLowerCase()}|${t.where}|${t.line}|${t.text}`).sort(), types: f.types, statuses: f.statuses };
}

const RUNS = LONG ? 5000 : 600;

describe('parity of the plugin path and the bridge path', () => {
	it(`note facts agree on ${RUNS} generated notes`, () => {
		fc.assert(
			fc.property(note, (text) => {
				expect(comparable(pluginFacts(text))).toEqual(comparable(noteFactsFromText(text)));
			}),
			{ numRuns: RUNS, seed: 20261129 },
		);
	});

	it('briefs agree on generated vaults', () => {
		// A rules folder and an excluded root folder among the generated folders.
		const settings = resolveSettings({ rulesFolder: 'AI/Regelwerk', excludedRootFolders: ['Import'] });
		const tags = lowerTagNames(settings.tags);
		const folder = fc.constantFrom('Inbox', 'Inbox/sub', 'AI/Regelwerk', 'AI/sessions', 'Notes', 'Import', '.hidden', '');
		const vault = fc.uniqueArray(fc.record({ folder, name: fc.stringMatching(/^[a-z0-9-]{1,8}$/), text: note }), { maxLength: 30, selector: (n) => `${n.folder}/${n.name}` });
		fc.assert(
			fc.property(vault, (notes) => {
				const entries = (facts: (t: string) => NoteFacts): NoteEntry[] =>
					notes.map((n) => ({ path: `${n.folder === '' ? '' : `${n.folder}/`}${n.name}.md`, mtime: 0, flags: flagsOf(facts(n.text), tags) }));
				const brief = (e: NoteEntry[]) => computeBrief({ now: new Date(2026, 10, 29), settings, dailyNote: { folder: '', format: 'YYYY-MM-DD' }, notes: e, exists: () => false });
				expect(brief(entries(pluginFacts))).toEqual(brief(entries((t) => noteFactsFromText(t))));
			}),
			{ numRuns: LONG ? 500 : 100, seed: 29112026 },
		);
	});
});
