/** The brief as text for the agent and the terminal, and as the stable `report --json` schema. */
import type { Brief, ListItem } from './brief';
import { CHANGE_ITEM_TABLE, LIST_ITEM_TABLE, SIDEBAR_ITEMS, type ChangeItemId, type ListItemId } from './brief-items';
import { strings, translations, type Lang } from '../i18n';
import { escapeControls, quoteAlways, quoteName, shortenName } from '../quote';
import type { Settings } from '../settings';
import { MAX_CHANGED_LINES, sizesText, type ChangeSizes } from '../trail/line-counts';

/** Claude Code moves longer hook output to a file and shows the agent a preview only. */
export const HOOK_TEXT_LIMIT = 10_000;

export type BriefSource = 'cache' | 'live' | 'scan';

export interface Provenance {
	source: BriefSource;
	/** When the data was computed, ms since the epoch. */
	generatedAt: number;
	/** The vault's display name (its folder name). */
	vaultName: string;
	/** Why a cache file was ignored (it failed its schema), for the source note. */
	cacheRejected?: string;
}

/** Names are not shortened below this many characters; below it, fewer names are shown instead. */
const MIN_NAME_CHARS = 24;
/** An error message longer than this is shortened in the middle. */
const MAX_ERROR_CHARS = 300;

interface BriefLines {
	head: string[];
	items: Array<{ label: string; item: Pick<ListItem, 'count' | 'paths'>; hint: string }>;
	errors: string[];
}

function briefLines(brief: Brief, settings: Settings, lang: Lang, origin: Provenance, now: number): BriefLines {
	const s = strings(lang);
	const ageSeconds = Math.max(0, Math.round((now - origin.generatedAt) / 1000));
	const age = ageSeconds < 2 ? s.fresh : s.age(ageSeconds);
	const rejected = origin.cacheRejected === undefined ? '' : `; ${s.cacheRejected(shortenText(escapeControls(origin.cacheRejected), MAX_ERROR_CHARS))}`;
	const head = [`${s.title(quoteAlways(origin.vaultName))} (${s.source[origin.source]}, ${age}${rejected})`];
	head.push(`${s.date}: ${brief.date} (${s.weekdays[brief.weekday] ?? ''})`);
	const daily = brief.items.dailyNote;
	if (daily !== null) head.push(`${s.dailyNote}: ${shortenName(daily.path, 600)} (${daily.exists ? s.exists : s.missing})`);
	const items: BriefLines['items'] = [];
	for (const d of LIST_ITEM_TABLE) {
		const item = brief.items[d.id];
		if (item === null) continue;
		items.push({ label: escapeControls(d.label[lang](settings)), item, hint: d.hint !== undefined && item.count > 0 ? ` (${d.hint[lang]})` : '' });
	}
	for (const d of CHANGE_ITEM_TABLE) {
		const item = brief.items[d.id];
		if (item === null || item === undefined) continue;
		const since = 'since' in item ? item.since : null;
		const first = 'since' in item && item.since === null && d.firstNote !== undefined ? ` (${d.firstNote[lang]})` : '';
		const lost = 'journalLost' in item && item.journalLost !== undefined && d.journalLost !== undefined ? ` (${d.journalLost[lang](item.journalLost)})` : '';
		const outside = ('changedOutside' in item && item.changedOutside !== undefined && d.changedOutside !== undefined ? ` (${d.changedOutside[lang](item.changedOutside.at, item.changedOutside.hidden)})` : '') + lost;
		const lines = ('lines' in item && item.lines !== undefined ? linesHint(item.lines, lang) : '') + ('large' in item && item.large !== undefined ? largeHint(item.large, lang) : '') + ('paths' in item && ('deleted' in item || 'renamed' in item) ? kindsHint(item, lang) : '');
		items.push({ label: escapeControls(d.label[lang](since)), item, hint: (first !== '' ? first : outside !== '' ? outside : d.hint !== undefined && item.count > 0 ? ` (${d.hint[lang]})` : '') + lines });
	}
	const errors = brief.errors.map((e) => `Session brief: ${escapeControls(e.item)}: ${shortenText(escapeControls(e.message), MAX_ERROR_CHARS)}`);
	return { head, items, errors };
}

const LINES_TEXT = translations<{ label: string }>({ en: { label: 'lines added/removed' }, de: { label: 'Zeilen hinzugefügt/entfernt' } });

/** Notes named in the lines hint at most; the rest are in the `changes` command's listing. */
const LINES_NAMED = 5;

/** `(lines added/removed: "a.md" +3 −1, …)`: what the human's diff view of each change shows. */
function linesHint(lines: Record<string, { added: number; removed: number }>, lang: Lang): string {
	const parts = Object.entries(lines)
		.slice(0, LINES_NAMED)
		.map(([p, c]) => `${shortenName(p, 80)} +${c.added} -${c.removed}`);
	if (parts.length === 0) return '';
	return ` (${LINES_TEXT[lang].label}: ${parts.join(', ')})`;
}

const LARGE_TEXT = translations<{ label: string }>({
	en: { label: `large change, more than ${MAX_CHANGED_LINES} lines differ` },
	de: { label: `große Änderung, mehr als ${MAX_CHANGED_LINES} Zeilen verschieden` },
});

/** `(large change, …: "a.md" 1.0 MB → 1.1 MB)`: a change too large to count by lines, named by its sizes. */
function largeHint(large: Record<string, ChangeSizes>, lang: Lang): string {
	const parts = Object.entries(large)
		.slice(0, LINES_NAMED)
		.map(([p, s]) => `${shortenName(p, 80)} ${sizesText(s)}`);
	return parts.length === 0 ? '' : ` (${LARGE_TEXT[lang].label}: ${parts.join(', ')})`;
}

const KINDS_TEXT = translations<{ deleted: string; renamed: string }>({
	en: { deleted: 'deleted', renamed: 'renamed' },
	de: { deleted: 'gelöscht', renamed: 'umbenannt' },
});

/** `(deleted: a.md; renamed: old.md → new.md)`: a listed note that is gone, or was moved, is not there to read under its old name. */
function kindsHint(item: { deleted?: readonly string[]; renamed?: ReadonlyArray<{ path: string; from: string }> }, lang: Lang): string {
	const t = KINDS_TEXT[lang];
	const parts: string[] = [];
	const deleted = (item.deleted ?? []).slice(0, LINES_NAMED).map((p) => shortenName(p, 80));
	if (deleted.length > 0) parts.push(`${t.deleted}: ${deleted.join(', ')}`);
	const renamed = (item.renamed ?? []).slice(0, LINES_NAMED).map((r) => `${shortenName(r.from, 80)} → ${shortenName(r.path, 80)}`);
	if (renamed.length > 0) parts.push(`${t.renamed}: ${renamed.join(', ')}`);
	return parts.length === 0 ? '' : ` (${parts.join('; ')})`;
}

/** Text (already escaped) cut in the middle to `max` characters, the cut marked. */
function shortenText(text: string, max: number): string {
	if (text.length <= max) return text;
	const mark = ` … [${text.length - max + 12} characters cut] … `;
	const keep = Math.max(0, max - mark.length);
	return `${text.slice(0, Math.ceil(keep / 2))}${mark}${text.slice(text.length - Math.floor(keep / 2))}`;
}

function renderBrief(b: BriefLines, nameMax: number, namesShown: number, lang: Lang): string[] {
	const items = b.items.map(({ label, item, hint }) => `${label}: ${listText(item, namesShown, nameMax, lang)}${hint}`);
	return [...b.head, ...items, ...b.errors];
}

function size(lines: string[]): number {
	return lines.join('\n').length;
}

/** The largest whole number in [lo, hi] for which `fits` holds (`fits` falls as the number grows), or lo - 1. */
function largestFitting(lo: number, hi: number, fits: (n: number) => boolean): number {
	let best = lo - 1;
	while (lo <= hi) {
		const mid = Math.floor((lo + hi) / 2);
		if (fits(mid)) {
			best = mid;
			lo = mid + 1;
		} else hi = mid - 1;
	}
	return best;
}

/**
 * The brief as the agent reads it, within `limit` characters. Over-long names are shortened
 * first (visibly, in the middle), then fewer names are shown per list (`+N more`), so every item
 * line survives; only when the item lines alone exceed the cap are the last lines dropped, and a
 * final line says so.
 */
export function formatBrief(brief: Brief, settings: Settings, lang: Lang, origin: Provenance, now: number, limit = HOOK_TEXT_LIMIT): string {
	const b = briefLines(brief, settings, lang, origin, now);
	const max = settings.maxNamesPerItem;
	const full = renderBrief(b, Number.POSITIVE_INFINITY, max, lang);
	if (size(full) <= limit) return full.join('\n');
	const longest = Math.max(MIN_NAME_CHARS, ...b.items.flatMap(({ item }) => item.paths.slice(0, max).map((p) => quoteName(p).length)));
	const nameMax = largestFitting(MIN_NAME_CHARS, longest, (n) => size(renderBrief(b, n, max, lang)) <= limit);
	if (nameMax >= MIN_NAME_CHARS) return renderBrief(b, nameMax, max, lang).join('\n');
	const shown = largestFitting(0, max, (k) => size(renderBrief(b, MIN_NAME_CHARS, k, lang)) <= limit);
	if (shown >= 0) return renderBrief(b, MIN_NAME_CHARS, shown, lang).join('\n');
	return capText(renderBrief(b, MIN_NAME_CHARS, 0, lang).join('\n'), limit, lang);
}

function listText(item: Pick<ListItem, 'count' | 'paths'>, max: number, nameMax: number, lang: Lang): string {
	const s = strings(lang);
	if (item.count === 0) return `0`;
	const shown = item.paths.slice(0, max).map((p) => shortenName(p, nameMax));
	const rest = item.count - shown.length;
	const names = rest > 0 ? [...shown, s.more(rest)] : shown;
	return names.length === 0 ? `${item.count}` : `${item.count} (${names.join(', ')})`;
}

/** Cuts at a line end so the text plus the note stays within `limit`. */
export function capText(text: string, limit: number, lang: Lang): string {
	if (text.length <= limit) return text;
	const note = strings(lang).cut(limit);
	const room = limit - note.length - 1;
	const cut = text.lastIndexOf('\n', room);
	return `${text.slice(0, cut > 0 ? cut : room)}\n${note}`;
}

export interface BriefJson {
	schema: 1;
	vault: string;
	generatedAt: string;
	source: BriefSource;
	date: string;
	items: Record<'dailyNote' | ListItemId, unknown> & Partial<Record<ChangeItemId, unknown>>;
	errors: Brief['errors'];
}

/** `report --json`; with `review`, list items carry per-note detail (the review report). */
export function briefJson(brief: Brief, vaultPath: string, origin: Provenance, review: boolean): BriefJson {
	const items = {} as BriefJson['items'];
	items.dailyNote = brief.items.dailyNote;
	for (const { id } of LIST_ITEM_TABLE) {
		const item = brief.items[id];
		items[id] = item === null ? null : review ? { count: item.count, paths: item.paths, entries: item.entries } : { count: item.count, paths: item.paths };
	}
	for (const { id } of CHANGE_ITEM_TABLE) {
		const item = brief.items[id];
		if (item !== undefined) items[id] = item;
	}
	return {
		schema: 1,
		vault: vaultPath,
		generatedAt: new Date(origin.generatedAt).toISOString(),
		source: origin.source,
		date: brief.date,
		items,
		errors: brief.errors,
	};
}

/**
 * JSON with every non-ASCII character escaped as `\uXXXX`, so no console code page can garble
 * hook output (the seed's hooks used Python's `ensure_ascii` for the same reason).
 */
export function asciiJson(value: unknown, indent?: number): string {
	return JSON.stringify(value, null, indent).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** The review report as text: every entry, no caps, with where each flag sits. */
export function formatReview(brief: Brief, settings: Settings, lang: Lang): string {
	// The review report is the sidebar on the command line: the same sections in the same order.
	const sections: Array<[string, ListItem | null]> = SIDEBAR_ITEMS.map((d) => [d.label[lang](settings), brief.items[d.id]]);
	const out: string[] = [];
	for (const [label, item] of sections) {
		out.push(`${escapeControls(label)}: ${item === null ? '?' : item.count}`);
		for (const e of item?.entries ?? []) {
			out.push(`  ${quoteName(e.path)}  (${new Date(e.mtime).toISOString().slice(0, 16).replace('T', ' ')})`);
			for (const h of e.hits) out.push(`    ${h.where === 'frontmatter' ? 'frontmatter' : `line ${h.line}`}: ${escapeControls(h.text)}`);
		}
	}
	for (const e of brief.errors) out.push(`Session brief: ${escapeControls(e.item)}: ${escapeControls(e.message)}`);
	return out.join('\n');
}
