// Deterministic synthetic vaults for `npm run bench`, each with its ground truth (what `report
// --json` must say, computed from what was generated, independently of the core's code), so every
// timed run is also checked. What a vault holds and the four kinds: docs/bench/README.md, "Vaults".
//
//   npx tsx bench/generate-vault.ts [N] [--seed S] [--rules R] [--kind base|dense|frontmatter|tiny] [--force]
//
// Generated once into `os.tmpdir()/session-brief-bench/<N>-<seed>[-r<R>][-<kind>]/vault` and reused
// while `meta.json` next to it names the same GENERATOR_VERSION.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

import { flag, positionalNumbers } from './lib/args';
import { BENCH_SETTINGS } from './lib/bench-settings';
import { BENCH_NOW, BENCH_TODAY } from './lib/repo';
import { mulberry32 } from './lib/rng';

export { BENCH_NOW, BENCH_TODAY };
export const GENERATOR_VERSION = 7;
export const BENCH_ROOT = path.join(os.tmpdir(), 'session-brief-bench');

const TAGS = { needsReview: 'needs-review', review: 'review', reviewDone: 'review-done', pendingReview: 'pending-review' } as const;
type Tag = (typeof TAGS)[keyof typeof TAGS];
const TAG_LIST: readonly Tag[] = Object.values(TAGS);

// ---------------------------------------------------------------------------------------------
// PRNG: mulberry32 seeded from a string hash (FNV-1a).

function hashSeed(text: string): number {
	let h = 0x811c9dc5;
	for (let i = 0; i < text.length; i++) {
		h ^= text.charCodeAt(i);
		h = Math.imul(h, 0x01000193);
	}
	return h >>> 0;
}

export interface Rng {
	next: () => number;
	int: (lo: number, hi: number) => number;
	chance: (p: number) => boolean;
	pick: <T>(list: readonly T[]) => T;
}

export function makeRng(seed: string | number): Rng {
	const next = mulberry32(hashSeed(String(seed)));
	return {
		next,
		int: (lo, hi) => lo + Math.floor(next() * (hi - lo + 1)),
		chance: (p) => next() < p,
		pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!,
	};
}

// ---------------------------------------------------------------------------------------------
// Text material. No word contains `#`, and none is a `---` line, so filler never makes a tag or a
// frontmatter fence by accident. About one note in eight says "review" without `#` (see
// `makeNote`): the scan may skip the tag search in notes that never name a tag, but not in those.

const WORDS = (
	'the a of and to in is that for on with as it by this be are from at or an was which not can ' +
	'vault note session agent hook cache index daily inbox rule link folder brief scan file text tag ' +
	'needs pending done draft idea meeting project plan Obsidian Markdown YAML ' +
	'und der die das ist nicht mit für über Prüfung Regelwerk Sitzung Notiz Übersicht Größe ' +
	'и в не на что это заметка проверка правило сессия файл ' +
	'café naïve façade résumé 東京 😀 ✓ →'
).split(' ');

const OTHER_TAGS = ['project/alpha', 'idee', 'meeting', 'todo', 'проект', 'Übersicht', 'area/health', 'book', 'x2026', 'inbox/later'];

/** The chance that a sentence ends with one of OTHER_TAGS (a frontmatter-heavy vault raises it). */
let otherTagP = 0.08;

function sentence(rng: Rng): string {
	const n = rng.int(6, 18);
	const words = [];
	for (let i = 0; i < n; i++) words.push(rng.pick(WORDS));
	let s = words.join(' ');
	s = s.charAt(0).toUpperCase() + s.slice(1);
	if (rng.chance(0.15)) s += ` [[Note ${rng.int(1, 9999)}]]`;
	if (rng.chance(otherTagP)) s += ` #${rng.pick(OTHER_TAGS)}`;
	if (rng.chance(0.03)) s += ' #2026';
	return `${s}.`;
}

/** Words only (no tags, no links): for headings, where cutting a sentence could cut a tag short. */
function words(rng: Rng, n: number): string {
	const out: string[] = [];
	for (let i = 0; i < n; i++) out.push(rng.pick(WORDS));
	return out.join(' ');
}

function fillerBlock(rng: Rng, allowDashRule: boolean): string[] {
	const r = rng.next();
	if (r < 0.55) {
		const lines: string[] = [];
		for (let i = rng.int(1, 4); i > 0; i--) lines.push(sentence(rng));
		return [lines.join(' ')];
	}
	if (r < 0.7) return [`${'#'.repeat(rng.int(1, 4))} ${words(rng, rng.int(2, 6))}`];
	if (r < 0.85) {
		const out: string[] = [];
		for (let i = rng.int(2, 5); i > 0; i--) out.push(`${rng.pick(['-', '*', '1.', '- [ ]', '- [x]'])} ${sentence(rng)}`);
		return out;
	}
	if (r < 0.92) return [`> ${sentence(rng)}`];
	if (r < 0.96) return ['```js', `const x = ${rng.int(1, 99)}; // ${rng.pick(WORDS)}`, '```'];
	return [allowDashRule ? rng.pick(['---', '***', '___']) : rng.pick(['***', '___'])];
}

// ---------------------------------------------------------------------------------------------
// Tag placements. An inline placement of tag T makes the note carry T; a decoy never
// makes it carry anything.

function caseVariant(rng: Rng, tag: string): string {
	const r = rng.next();
	if (r < 0.75) return tag;
	if (r < 0.9) return tag.toUpperCase();
	return tag.charAt(0).toUpperCase() + tag.slice(1);
}

function inlinePlacement(rng: Rng, tag: string): string[] {
	const t = caseVariant(rng, tag);
	switch (rng.int(0, 11)) {
		case 0:
			return [`#${t} ${sentence(rng)}`];
		case 1:
			return [`${sentence(rng)} #${t} ${sentence(rng)}`];
		case 2:
			return [`${sentence(rng).slice(0, -1)} #${t}${rng.pick(['.', ',', ';', '!', '?', ':', ')'])}`];
		case 3:
			return [`- [ ] ${sentence(rng).slice(0, -1)} #${t}`];
		case 4:
			return [`## ${rng.pick(WORDS)} #${t}`];
		case 5:
			return [`> ${sentence(rng).slice(0, -1)} #${t}`];
		case 6:
			return [`${rng.pick(WORDS)}\t#${t}`];
		case 7:
			// Obsidian indexes tags inside `%% … %%` comments, on one line and over several
			// (tests/fixtures/obsidian-recorded/comments_markdown_style.json).
			return rng.chance(0.5) ? [`%% #${t} %%`] : ['%%', `#${t} in a multi-line comment`, '%%'];
		case 8:
			return [`Überprüfung läuft #${t} — проверка`];
		case 9:
			return [`\`code\` #${t} \`more code\``];
		case 10:
			return [`#${t}`];
		default:
			return [`${rng.pick(WORDS)} #${t}`];
	}
}

function decoy(rng: Rng): string[] {
	const t = rng.pick(TAG_LIST);
	switch (rng.int(0, 14)) {
		case 0:
			return [`${sentence(rng)} #needs-reviewer ${sentence(rng)}`];
		case 1:
			return [`See #needs-review/x and #review/later and #pending-review-old.`];
		case 2:
			return [`abc#review and foo#needs-review and x#pending-review are no tags.`];
		case 3:
			return [`Link: https://example.com/page#${t} and [[Note#${t}]].`];
		case 4:
			return ['```', `#${t}`, `text #${t} more`, '```'];
		case 5:
			return ['~~~python', `# #${t}`, `print("#${t}")`, '```', `#${t}`, '~~~'];
		case 6:
			return ['````md', '```', `#${t}`, '```', `#${t} inside the outer fence`, '````'];
		case 7:
			return [`Use \`#${t}\` to flag a note, or \`\` #${t} \`\` in double backticks.`];
		case 8:
			return ['%%', `a comment about ${t} without a hash`, '%%'];
		case 9:
			return [`<!-- #${t} -->`];
		case 10:
			return ['<!--', `#${t}`, '-->'];
		case 11:
			return [`#${t}-later #${t}_2 #${t}er #${t}ed`];
		case 12:
			return [`(#${t}) [#${t}] "#${t}" '#${t}'`];
		case 13:
			return [`   > \`\`\``, `   > #${t}`, `   > \`\`\``];
		default:
			return [`The word ${t} without a hash, and ${t.toUpperCase()} too.`];
	}
}

// ---------------------------------------------------------------------------------------------
// Frontmatter. Returns { lines, closed, carried: Set, daily, pending } where `carried` are the
// tags it makes the note carry, `daily` whether `type` includes daily, `pending` whether `status`
// equals pending-review.

function tagValue(rng: Rng, tag: string, quoted: boolean): string {
	const t = caseVariant(rng, tag);
	if (!quoted) return t;
	return rng.pick([`"${t}"`, `'${t}'`, `"#${t}"`]);
}

function typeLines(rng: Rng, daily: boolean): string[] {
	if (!daily) return [rng.pick(['type: note', 'type: meeting', 'type: [note, idea]', 'type: dailyish', 'type: "not daily"'])];
	return rng.pick([['type: daily'], ['type: Daily'], ['type: [daily, journal]'], ['type:', '  - journal', '  - DAILY'], ['type: "daily"']]);
}

/** Many more keys, as in a vault kept with templates and plugins: no `#`, no tag key, no `type` or `status`. */
function heavyKeys(rng: Rng): string[] {
	const out: string[] = [`title: ${words(rng, rng.int(2, 6))}`, `created: 2026-0${rng.int(1, 9)}-1${rng.int(0, 9)}T0${rng.int(0, 9)}:${rng.int(10, 59)}`, `updated: 2026-1${rng.int(0, 2)}-0${rng.int(1, 9)}`];
	out.push(`author: "${rng.pick(['Anna', 'Jörg', 'Мария', 'Li'])} ${rng.pick(['Schmidt', 'Иванова', 'Chen'])}"`);
	out.push(`description: ${words(rng, rng.int(8, 30))}`);
	out.push('aliases:');
	for (let i = rng.int(1, 4); i > 0; i--) out.push(`  - ${words(rng, rng.int(1, 3))}`);
	out.push(`related: [${Array.from({ length: rng.int(1, 6) }, () => `"[[Note ${rng.int(1, 9999)}]]"`).join(', ')}]`);
	out.push(`rating: ${rng.int(1, 5)}`, `priority: ${rng.pick(['low', 'medium', 'high'])}`, `source: https://example.com/${rng.pick(WORDS)}/${rng.int(1, 999)}`);
	if (rng.chance(0.5)) out.push('cssclasses:', '  - wide', '  - cards');
	if (rng.chance(0.5)) out.push('meta:', `  project: ${rng.pick(WORDS)}`, `  area: ${rng.pick(WORDS)}`, '  nested:', `    depth: ${rng.int(1, 9)}`);
	if (rng.chance(0.3)) out.push('summary: |', ...Array.from({ length: rng.int(2, 6) }, () => `  ${words(rng, rng.int(5, 12))}`));
	return out;
}

/** Whether frontmatters are long and tag lists full of other tags (a frontmatter-heavy vault). */
let heavy = false;

function extraKeys(rng: Rng): string[] {
	if (heavy) return heavyKeys(rng);
	const out: string[] = [];
	if (rng.chance(0.6)) out.push(`title: ${rng.pick(['Über Umlaute', 'Заметка', 'Plan', 'café notes'])} ${rng.int(1, 999)}`);
	if (rng.chance(0.5)) out.push(`created: 2026-${String(rng.int(1, 12)).padStart(2, '0')}-${String(rng.int(1, 28)).padStart(2, '0')}`);
	if (rng.chance(0.3)) out.push('aliases:', `  - ${rng.pick(WORDS)} ${rng.int(1, 99)}`);
	if (rng.chance(0.15)) out.push('cssclasses: [wide]');
	return out;
}

/**
 * `want` = tags to put into the frontmatter; `type` = 'daily' | 'other' | null; `status` = true for
 * status: pending-review. `shape` picks the form.
 */
function frontmatter(rng: Rng, shape: Shape, want: readonly Tag[], type: NoteType, status: boolean): { lines: string[]; carried: Set<Tag>; daily: boolean; pending: boolean } {
	const carried = new Set<Tag>();
	const lines = ['---', ...extraKeys(rng)];
	const typeL = type === null ? [] : typeLines(rng, type === 'daily');
	const statusL = status ? [rng.pick(['status: pending-review', 'status: "pending-review"', "status: 'pending-review'"])] : rng.chance(0.2) ? ['status: done'] : [];
	let tagL: string[] = [];
	const filler: string[] = heavy ? [...new Set(Array.from({ length: rng.int(5, 20) }, () => rng.pick(OTHER_TAGS)))] : rng.chance(0.5) ? ['draft'] : [];
	const all: string[] = [...filler, ...want].sort(() => rng.next() - 0.5);
	switch (shape) {
		case 'block':
			if (all.length > 0) tagL = ['tags:', ...all.map((t) => `  - ${isTag(t) && want.includes(t) ? tagValue(rng, t, rng.chance(0.3)) : t}`)];
			break;
		case 'flow':
			if (all.length > 0) tagL = [`tags: [${all.map((t) => (isTag(t) && want.includes(t) ? tagValue(rng, t, rng.chance(0.2)) : t)).join(', ')}]`];
			break;
		case 'scalar':
			// A scalar holds one tag; more go to a block list.
			if (want[0] !== undefined && want.length === 1) tagL = [`tags: ${tagValue(rng, want[0], rng.chance(0.4))}`];
			else if (all.length > 0) tagL = ['tags:', ...all.map((t) => `  - ${t}`)];
			break;
		case 'upper':
			if (all.length > 0) tagL = rng.chance(0.5) ? ['TAGS:', ...all.map((t) => `  - ${t}`)] : [`Tags: [${all.join(', ')}]`];
			break;
		case 'broken':
			// Invalid YAML with a closing fence: read tolerantly, every tag written still counts.
			lines.push(rng.pick(['title: Re: Meeting: notes', 'note: "unterminated', 'key: [a, b', 'bad:\n\t- tab indent']));
			if (all.length > 0) tagL = rng.chance(0.5) ? ['tags:', ...all.map((t) => `  - ${t}`)] : [`tags: [${all.join(', ')}`]; // unclosed flow list, last
			break;
		default:
			break;
	}
	for (const t of want) carried.add(t);
	// Decoys in a frontmatter that does count: a comma string is no tag (Obsidian >= 1.9), a
	// `tags: #x` value is a YAML comment.
	const decoys: string[] = [];
	if (shape !== 'broken' && tagL.length === 0 && rng.chance(0.2)) decoys.push(rng.pick([`tags: ${rng.pick(TAG_LIST)}, other`, `tags: #${rng.pick(TAG_LIST)}`, `tags: ${rng.pick(TAG_LIST)}/sub`]));
	// Order: the unclosed flow list of a broken frontmatter must come last.
	lines.push(...decoys, ...statusL, ...typeL, ...tagL, '---');
	return { lines: lines.flatMap((l) => l.split('\n')), carried, daily: type === 'daily', pending: status };
}

/** An opening fence with no closing one: not frontmatter; nothing in it counts, no `#` in it. */
function unclosedFrontmatter(rng: Rng): string[] {
	return [
		'---',
		...extraKeys(rng),
		rng.pick(['type: daily', 'status: pending-review', 'tags: [needs-review, review]', 'tags:', '  - review', 'type: note']),
		rng.pick(['tags: [pending-review]', 'status: pending-review', 'tags: needs-review']),
	];
}

// ---------------------------------------------------------------------------------------------
// One note.

type Shape = 'none' | 'plain' | 'block' | 'flow' | 'scalar' | 'upper' | 'broken' | 'unclosed';
/** A note's `type:` key: daily, another value, none (`null`), or unspecified (`undefined`: some other value is written). */
type NoteType = 'daily' | 'other' | null | undefined;

function isTag(t: string): t is Tag {
	return (TAG_LIST as readonly string[]).includes(t);
}

const SHAPES: readonly [Shape, number][] = [
	['none', 0.3],
	['plain', 0.22], // frontmatter without tags
	['block', 0.16],
	['flow', 0.12],
	['scalar', 0.1],
	['upper', 0.03],
	['broken', 0.04],
	['unclosed', 0.03],
];

function pickShape(rng: Rng): Shape {
	// A frontmatter-heavy vault: every note opens with a frontmatter that closes, most with tags.
	if (heavy) return rng.pick(['block', 'block', 'flow', 'flow', 'scalar', 'upper', 'plain'] as const);
	let r = rng.next();
	for (const [s, p] of SHAPES) {
		if (r < p) return s;
		r -= p;
	}
	return 'none';
}

/**
 * Makes one note's bytes and its truth: `{ bytes, carried: Set<tag>, daily, pending }`.
 * `opts`: { tagP: {tag: probability}, type: 'daily'|'other'|null|'maybe', statusP, sizeMin, sizeMax }
 */
interface NoteOptions {
	tagP: Partial<Record<Tag, number>>;
	type?: NoteType | 'maybe';
	statusP?: number;
	decoyP?: number;
	sizeMin: number;
	sizeMax: number;
	dense?: boolean;
}

interface MadeNote {
	bytes: Buffer;
	carried: Set<Tag>;
	daily: boolean;
	pending: boolean;
}

function makeNote(rng: Rng, opts: NoteOptions): MadeNote {
	const want: Tag[] = [];
	for (const t of TAG_LIST) if (rng.chance(opts.tagP[t] ?? 0)) want.push(t);
	const shape = pickShape(rng);
	const type: NoteType = opts.type === 'maybe' ? (rng.chance(0.3) ? 'daily' : rng.chance(0.5) ? 'other' : null) : opts.type;
	const status = rng.chance(opts.statusP ?? 0);

	const carried = new Set<Tag>();
	let daily = false;
	let pending = false;
	let head: string[] = [];
	let inline = want;
	if (shape === 'unclosed') {
		head = unclosedFrontmatter(rng);
	} else if (shape !== 'none') {
		const fmTags = shape === 'plain' ? [] : want.filter(() => rng.chance(0.7));
		inline = want.filter((t) => !fmTags.includes(t) || rng.chance(0.2));
		const fm = frontmatter(rng, shape, fmTags, type, status);
		head = fm.lines;
		for (const t of fm.carried) carried.add(t);
		daily = fm.daily;
		pending = fm.pending;
	}

	// Body: special blocks (placements, decoys) spread among filler up to the target size.
	const specials: string[][] = [];
	for (const t of inline) {
		specials.push(inlinePlacement(rng, t));
		carried.add(t);
		if (rng.chance(0.2)) specials.push(inlinePlacement(rng, t));
	}
	if (rng.chance(opts.decoyP ?? 0.1)) for (let i = rng.int(1, 4); i > 0; i--) specials.push(decoy(rng));
	// A review-dense vault (`dense`) says "review" in prose in every note, one to three times.
	const prose = opts.dense ? rng.int(1, 3) : rng.chance(0.12) ? 1 : 0;
	for (let i = 0; i < prose; i++) specials.push([`${sentence(rng).slice(0, -1)} ${rng.pick(['review', 'Review', 'reviewer', 'needs review', 'peer-review', 'REVIEW'])} ${sentence(rng)}`]);
	const unclosedFence = rng.chance(0.02);

	const target = Math.round(opts.sizeMin * Math.pow(opts.sizeMax / opts.sizeMin, rng.next()));
	const lines = [...head];
	if (rng.chance(0.7)) lines.push(`# ${words(rng, rng.int(2, 7))}`);
	let bytes = Buffer.byteLength(lines.join('\n'));
	const allowDash = shape !== 'unclosed';
	// Decide where each special goes: after a random amount of filler.
	const estBlocks = Math.max(1, Math.round((target - bytes) / 110));
	const slots = specials.map((s): [number, string[]] => [rng.int(0, estBlocks), s]).sort((a, b) => a[0] - b[0]);
	let block = 0;
	let si = 0;
	while (bytes < target || si < slots.length) {
		for (let slot = slots[si]; slot !== undefined && slot[0] <= block; slot = slots[si]) {
			lines.push('', ...slot[1]);
			bytes += Buffer.byteLength(slot[1].join('\n')) + 2;
			si++;
		}
		if (bytes >= target && si >= slots.length) break;
		const b = fillerBlock(rng, allowDash);
		lines.push('', ...b);
		bytes += Buffer.byteLength(b.join('\n')) + 2;
		block++;
	}
	if (unclosedFence) lines.push('', '```', `#${rng.pick(TAG_LIST)} after an unclosed fence`, sentence(rng));

	const crlf = rng.chance(0.05);
	const text = lines.join(crlf ? '\r\n' : '\n') + (crlf ? '\r\n' : '\n');
	let buf = Buffer.from(text, 'utf8');
	if (rng.chance(0.03)) buf = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), buf]);
	if (rng.chance(0.005)) {
		// Invalid UTF-8 in the last line (filler or an unclosed fence): never breaks the note.
		buf = Buffer.concat([buf, Buffer.from([0x57, 0xff, 0xfe, 0xc3, 0x28, 0x0a])]);
	}
	return { bytes: buf, carried, daily, pending };
}

// ---------------------------------------------------------------------------------------------
// The vault.

function pad(n: number, w = 5): string {
	return String(n).padStart(w, '0');
}

function isoDay(base: string, offsetDays: number): string {
	const d = new Date(`${base}T12:00:00Z`);
	d.setUTCDate(d.getUTCDate() - offsetDays);
	return d.toISOString().slice(0, 10);
}

/** The kinds of vault the generator makes (see the top of this file). */
export const VAULT_KINDS = ['base', 'dense', 'frontmatter', 'tiny'] as const;
export type VaultKind = (typeof VAULT_KINDS)[number];

export function isVaultKind(value: string): value is VaultKind {
	return (VAULT_KINDS as readonly string[]).includes(value);
}

export function vaultDir(n: number, seed = 1, rules?: number, kind: VaultKind = 'base'): string {
	return path.join(BENCH_ROOT, `${n}-${seed}${rules === undefined ? '' : `-r${rules}`}${kind === 'base' ? '' : `-${kind}`}`);
}

/** Sort order of every list in the brief: case-insensitive, then exact. */
export function comparePaths(a: string, b: string): number {
	const la = a.toLowerCase();
	const lb = b.toLowerCase();
	if (la !== lb) return la < lb ? -1 : 1;
	return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Generates (or reuses) a vault. Returns `{ dir, root, meta }`; `meta.expected` is the ground
 * truth of `report --json` items, `meta.counts` numbers of notes of each kind.
 */
export interface Truth {
	path: string;
	carried: Set<Tag>;
	daily: boolean;
	pending: boolean;
}

export interface ItemTruth {
	count: number;
	paths: string[];
}

export interface Expected {
	dailyNote: { path: string; exists: boolean };
	inbox: ItemTruth;
	needsReview: ItemTruth;
	reviewOpen: ItemTruth;
	pendingReview: ItemTruth;
	sessionsToday: ItemTruth;
}

export interface VaultMeta {
	n: number;
	seed: number;
	rules: number;
	files: number;
	totalBytes: number;
	counts: { countedNotes: number };
	expected: Expected;
	today: string;
	generatorVersion?: number;
	generatedInMs?: number;
}

export interface Vault {
	dir: string;
	root: string;
	meta: VaultMeta;
}

export function ensureVault(n: number, { seed = 1, rules, dense = false, kind = dense ? 'dense' : 'base', force = false, log = () => undefined }: { seed?: number; rules?: number; dense?: boolean; kind?: VaultKind; force?: boolean; log?: (message: string) => void } = {}): Vault {
	const dir = vaultDir(n, seed, rules, kind);
	const root = path.join(dir, 'vault');
	const metaFile = path.join(dir, 'meta.json');
	if (!force) {
		try {
			const meta = JSON.parse(fs.readFileSync(metaFile, 'utf8')) as VaultMeta;
			if (meta.generatorVersion === GENERATOR_VERSION && meta.n === n && meta.seed === seed && fs.existsSync(root)) return { dir, root, meta };
		} catch {
			// Not generated yet, or by another version.
		}
	}
	const t0 = Date.now();
	fs.rmSync(dir, { recursive: true, force: true });
	fs.mkdirSync(root, { recursive: true });
	const meta: VaultMeta = generate(root, n, seed, rules, kind);
	meta.generatorVersion = GENERATOR_VERSION;
	meta.generatedInMs = Date.now() - t0;
	fs.writeFileSync(metaFile, `${JSON.stringify(meta, null, 1)}\n`);
	log(`generated ${n} notes in ${root} (${(meta.generatedInMs / 1000).toFixed(1)} s, ${(meta.totalBytes / 1e6).toFixed(1)} MB)`);
	return { dir, root, meta };
}

function generate(root: string, n: number, seed: number, rulesWanted: number | undefined, kind: VaultKind): VaultMeta {
	heavy = kind === 'frontmatter';
	otherTagP = heavy ? 0.35 : 0.08;
	try {
		return generateKind(root, n, seed, rulesWanted, kind);
	} finally {
		heavy = false;
		otherTagP = 0.08;
	}
}

/** Note sizes of a kind, in place of the ones asked for (base sizes: 0.5–6 KB for most notes). */
function sizesOf(kind: VaultKind, sizeMin: number, sizeMax: number): { sizeMin: number; sizeMax: number } {
	if (kind === 'tiny') return { sizeMin: 40, sizeMax: 400 };
	if (kind === 'frontmatter') return { sizeMin: sizeMin * 4, sizeMax: Math.round(sizeMax * 2.7) };
	return { sizeMin, sizeMax };
}

function generateKind(root: string, n: number, seed: number, rulesWanted: number | undefined, kind: VaultKind): VaultMeta {
	const dense = kind === 'dense';
	const rng = makeRng(`session-brief-bench:${n}:${seed}${kind === 'base' ? '' : `:${kind}`}`);
	const madeDirs = new Set<string>();
	const truth: Truth[] = []; // counted notes: { path, carried, daily, pending }
	let totalBytes = 0;
	let files = 0;
	const write = (rel: string, data: Buffer): void => {
		const abs = path.join(root, rel);
		const d = path.dirname(abs);
		if (!madeDirs.has(d)) {
			fs.mkdirSync(d, { recursive: true });
			madeDirs.add(d);
		}
		fs.writeFileSync(abs, data);
		totalBytes += data.length;
		files++;
	};
	const used = new Set<string>();
	const note = (rel: string, opts: Partial<NoteOptions>, counted = true): boolean => {
		if (used.has(rel.toLowerCase())) return false;
		used.add(rel.toLowerCase());
		const asked = { sizeMin: 500, sizeMax: 6000, tagP: BASE_P, dense, ...opts };
		const made = makeNote(rng, { ...asked, ...sizesOf(kind, asked.sizeMin, asked.sizeMax) });
		write(rel, made.bytes);
		if (counted) truth.push({ path: rel, carried: made.carried, daily: made.daily, pending: made.pending });
		return true;
	};
	const BASE_P: Partial<Record<Tag, number>> = { 'needs-review': 0.03, review: 0.04, 'review-done': 0.03, 'pending-review': 0.005 };

	// Shares of N (all notes written, counted or not, sum to N).
	const nDaily = Math.max(3, Math.round(n * 0.05));
	const nInbox = Math.max(5, Math.round(n * 0.03));
	const nRules = rulesWanted ?? Math.min(500, Math.max(10, Math.round(n * 0.01)));
	const nSessions = Math.max(6, Math.round(n * 0.02));
	const nImport = Math.max(2, Math.round(n * 0.02));
	const nIndex = Math.max(1, Math.round(n * 0.01));
	const nHidden = Math.max(3, Math.round(n * 0.01));
	const nRest = Math.max(0, n - nDaily - nInbox - nRules - nSessions - nImport - nIndex - nHidden);

	// Obsidian config: Daily notes settings (the bridge must find `.obsidian` and read them).
	write('.obsidian/app.json', Buffer.from('{}\n'));
	write('.obsidian/daily-notes.json', Buffer.from(`${JSON.stringify({ folder: 'Daily', format: 'YYYY-MM-DD', template: '' }, null, 2)}\n`));
	write('.obsidian/workspace.json', Buffer.from('{"main":{}}\n'));
	write('.obsidian/plugins/session-brief/data.json', Buffer.from(`${JSON.stringify(BENCH_SETTINGS, null, 2)}\n`));

	// Daily/: today's note exists, the rest go back one per day.
	for (let i = 0; i < nDaily; i++) note(`Daily/${isoDay(BENCH_TODAY, i)}.md`, { type: 'daily', sizeMin: 500, sizeMax: 2500 });

	// Inbox/ with subfolders, some notes processed (type: daily), a hidden drafts folder.
	const inboxFolders = ['Inbox', 'Inbox', 'Inbox/Articles', 'Inbox/Clippings/2026', 'Inbox/Voice memos', 'Inbox/Ideen für später'];
	for (let i = 0; i < nInbox; i++) note(`${rng.pick(inboxFolders)}/${rng.pick(['Idea', 'Clip', 'Memo', 'Notiz', 'Заметка'])} ${pad(i)}.md`, { type: 'maybe' });
	note('Inbox/.drafts/hidden draft.md', { type: null }, false);

	// AI/Regelwerk/: the rules folder; pending-review as tag or status.
	for (let i = 0; i < nRules; i++) {
		const sub = i % 7 === 6 ? 'AI/Regelwerk/tools/' : 'AI/Regelwerk/';
		note(`${sub}rule-${pad(i, 3)}.md`, { tagP: { ...BASE_P, 'pending-review': 0.12 }, statusP: 0.08, type: null, sizeMin: 500, sizeMax: 4000 });
	}

	// AI/sessions/: a few named with today's date (one in a subfolder), the rest other days.
	const todays = Math.max(3, Math.round(nSessions / 200));
	for (let i = 0; i < nSessions; i++) {
		let name;
		if (i < todays) name = i === 0 ? `archive/${BENCH_TODAY}-early.md` : `${BENCH_TODAY}-${rng.pick(['morning', 'triage', 'hooks', 'cache'])}-${i}.md`;
		else name = `${isoDay(BENCH_TODAY, 1 + (i % 400))}-${rng.pick(['session', 'log', 'review', 'notes'])}-${i}.md`;
		note(`AI/sessions/${name}`, { type: null, sizeMin: 500, sizeMax: 3000 });
	}
	note(`AI/sessions/.tmp/${BENCH_TODAY}-scratch.md`, { type: null }, false);

	// Excluded root folders and never-counted places: full of tags that must not show up.
	const hot: Partial<Record<Tag, number>> = { 'needs-review': 0.3, review: 0.3, 'review-done': 0.05, 'pending-review': 0.1 };
	for (let i = 0; i < nImport; i++) note(`Import/${rng.pick(['Evernote', 'Notion', 'Roam'])}/${pad(i)} import.md`, { tagP: hot, statusP: 0.2 }, false);
	for (let i = 0; i < nIndex; i++) note(`_index/${pad(i)} index.md`, { tagP: hot }, false);
	for (let i = 0; i < nHidden; i++) {
		const where = i % 3 === 0 ? `.trash/${pad(i)} deleted.md` : i % 3 === 1 ? `Projects/node_modules/pkg-${i}/README.md` : `Notes/.hidden-${pad(i)}.md`;
		note(where, { tagP: hot }, false);
	}
	// Non-note files that a careless grep would count.
	write('Attachments/readme.txt', Buffer.from('#needs-review in a text file\n'));
	write('Attachments/board.canvas', Buffer.from('{"nodes":[{"text":"#review"}]}\n'));
	write('Attachments/pixel.png', Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'));
	// A note in the Import folder's namesake below the root is counted (only root folders are excluded).
	note('Notes/Import/not excluded.md', {});

	// The agent's files (hidden folder .claude: no notes; they are rule-check scope).
	write('CLAUDE.md', Buffer.from(`# Vault rules\n\n@AI/Regelwerk/rule-000.md\n\nSee [[rule-001]] and [tags](AI/Regelwerk/rule-002.md).\n`));
	truth.push({ path: 'CLAUDE.md', carried: new Set(), daily: false, pending: false });
	write('.claude/agents/reviewer.md', Buffer.from('---\nname: reviewer\ndescription: Reviews notes flagged needs-review.\n---\nReview the notes.\n'));
	write('.claude/skills/vault-search/SKILL.md', Buffer.from('---\nname: vault-search\ndescription: Searches the vault.\n---\nUse rg.\n'));
	write('.claude/settings.json', Buffer.from('{"hooks":{}}\n'));

	// The rest: nested folders Notes/Area/Topic and Projects/P/sub, 1–3 levels.
	const areas = ['Notes', 'Notes', 'Projects', 'Areas', 'Resources', 'Archive', 'Zettelkasten', 'Bücher', 'Проекты'];
	for (let i = 0; i < nRest; i++) {
		const depth = rng.int(0, 2);
		let folder = rng.pick(areas);
		if (depth >= 1) folder += `/${rng.pick(['Topic', 'Thema', 'Area', 'Тема'])} ${rng.int(1, Math.max(2, Math.round(Math.sqrt(nRest) / 4)))}`;
		if (depth >= 2) folder += `/${rng.pick(['sub', 'old', '2025', '2026', 'drafts'])}`;
		const name = `${rng.pick(['Note', 'Zettel', 'Заметка', 'Idee', 'Meeting', 'Über'])} ${pad(i)}${rng.chance(0.05) ? ' café' : ''}.md`;
		note(`${folder}/${name}`, { type: rng.chance(0.1) ? 'other' : null });
	}

	return { n, seed, rules: nRules, files, totalBytes, counts: countsOf(truth), expected: expectedItems(truth), today: BENCH_TODAY };
}

function countsOf(truth: readonly Truth[]): { countedNotes: number } {
	return { countedNotes: truth.length };
}

/** What `report --json` must say, from the generator's own record of each note. */
function expectedItems(truth: readonly Truth[]): Expected {
	const sorted = (list: readonly Truth[]): string[] => list.map((t) => t.path).sort(comparePaths);
	const inbox = truth.filter((t) => t.path.startsWith('Inbox/') && !t.daily);
	const needsReview = truth.filter((t) => t.carried.has(TAGS.needsReview));
	const reviewOpen = truth.filter((t) => t.carried.has(TAGS.review) && !t.carried.has(TAGS.reviewDone));
	const pendingReview = truth.filter((t) => t.path.startsWith('AI/Regelwerk/') && (t.carried.has(TAGS.pendingReview) || t.pending));
	const sessionsToday = truth.filter((t) => t.path.startsWith('AI/sessions/') && path.posix.basename(t.path).includes(BENCH_TODAY));
	const item = (list: readonly Truth[]): ItemTruth => ({ count: list.length, paths: sorted(list) });
	return {
		dailyNote: { path: `Daily/${BENCH_TODAY}.md`, exists: true },
		inbox: item(inbox),
		needsReview: item(needsReview),
		reviewOpen: item(reviewOpen),
		pendingReview: item(pendingReview),
		sessionsToday: item(sessionsToday),
	};
}

/**
 * Compares `report --json` output with the ground truth. Returns a list of differences (empty when
 * they agree); `full` compares every path, otherwise only counts.
 */
export interface ReportJson {
	source?: string;
	errors?: unknown[];
	items: Record<string, ItemTruth | null | undefined> & { dailyNote?: { path: string; exists: boolean } | null };
}

export function compareWithTruth(json: ReportJson | null, expected: Expected, full = true): string[] {
	const diffs: string[] = [];
	if (json === null || typeof json !== 'object' || json.items === undefined) return ['report --json printed no items'];
	if (Array.isArray(json.errors) && json.errors.length > 0) diffs.push(`errors: ${JSON.stringify(json.errors).slice(0, 300)}`);
	const d = json.items.dailyNote;
	if (d === null || d === undefined || d.path !== expected.dailyNote.path || d.exists !== expected.dailyNote.exists) diffs.push(`dailyNote: got ${JSON.stringify(d)}, expected ${JSON.stringify(expected.dailyNote)}`);
	for (const id of ['inbox', 'needsReview', 'reviewOpen', 'pendingReview', 'sessionsToday'] as const) {
		const got = json.items[id];
		const want = expected[id];
		if (got === null || got === undefined) {
			diffs.push(`${id}: item failed (null)`);
			continue;
		}
		if (got.count !== want.count) diffs.push(`${id}: count ${got.count}, expected ${want.count}`);
		if (!full) continue;
		const gotSet = new Set(got.paths);
		const wantSet = new Set(want.paths);
		const extra = got.paths.filter((p) => !wantSet.has(p));
		const missing = want.paths.filter((p) => !gotSet.has(p));
		if (extra.length > 0) diffs.push(`${id}: ${extra.length} unexpected, e.g. ${extra.slice(0, 5).join(' | ')}`);
		if (missing.length > 0) diffs.push(`${id}: ${missing.length} missing, e.g. ${missing.slice(0, 5).join(' | ')}`);
		if (extra.length === 0 && missing.length === 0 && got.paths.join('\n') !== want.paths.join('\n')) diffs.push(`${id}: same paths, different order`);
	}
	return diffs;
}

// ---------------------------------------------------------------------------------------------
// CLI.

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
	const argv = process.argv.slice(2);
	const n = positionalNumbers(argv)[0] ?? 1000;
	const seed = Number(flag(argv, 'seed') ?? 1);
	const rulesFlag = flag(argv, 'rules');
	const rules = rulesFlag === undefined ? undefined : Number(rulesFlag);
	const kindFlag = flag(argv, 'kind') ?? (argv.includes('--dense') ? 'dense' : 'base');
	if (!isVaultKind(kindFlag)) throw new Error(`--kind must be one of ${VAULT_KINDS.join(', ')}`);
	const { root, meta } = ensureVault(n, { seed, rules, kind: kindFlag, force: argv.includes('--force'), log: (m) => console.error(m) });
	const e = meta.expected;
	console.log(root);
	console.log(
		`${meta.files} files, ${meta.counts.countedNotes} counted notes, ${(meta.totalBytes / 1e6).toFixed(1)} MB; expected: inbox ${e.inbox.count}, needs-review ${e.needsReview.count}, review open ${e.reviewOpen.count}, pending-review ${e.pendingReview.count}, sessions today ${e.sessionsToday.count}`,
	);
}
