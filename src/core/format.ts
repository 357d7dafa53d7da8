/** The brief as text for the agent and the terminal, and as the stable `report --json` schema. */
import type { Brief, ListItem } from './brief';
import { LIST_ITEM_TABLE, SIDEBAR_ITEMS, type ListItemId } from './brief-items';
import { strings, type Lang } from './i18n';
import type { Settings } from './settings';

/** Claude Code moves longer hook output to a file and shows the agent a preview only. */
export const HOOK_TEXT_LIMIT = 10_000;

export type BriefSource = 'cache' | 'live' | 'scan';

export interface Provenance {
	source: BriefSource;
	/** When the data was computed, ms since the epoch. */
	generatedAt: number;
	/** The vault's display name (its folder name). */
	vaultName: string;
}

export function formatBrief(brief: Brief, settings: Settings, lang: Lang, origin: Provenance, now: number): string {
	const s = strings(lang);
	const ageSeconds = Math.max(0, Math.round((now - origin.generatedAt) / 1000));
	const age = ageSeconds < 2 ? s.fresh : s.age(ageSeconds);
	const lines = [`${s.title(origin.vaultName)} (${s.source[origin.source]}, ${age})`];
	lines.push(`${s.date}: ${brief.date} (${s.weekdays[brief.weekday] ?? ''})`);
	const daily = brief.items.dailyNote;
	if (daily !== null) lines.push(`${s.dailyNote}: ${daily.path} (${daily.exists ? s.exists : s.missing})`);
	for (const d of LIST_ITEM_TABLE) {
		const item = brief.items[d.id];
		if (item === null) continue;
		let line = `${d.label[lang](settings)}: ${listText(item, settings.maxNamesPerItem, lang)}`;
		if (d.hint !== undefined && item.count > 0) line += ` (${d.hint[lang]})`;
		lines.push(line);
	}
	for (const e of brief.errors) lines.push(`Session brief: ${e.item}: ${e.message}`);
	return capText(lines.join('\n'), HOOK_TEXT_LIMIT, lang);
}

function listText(item: ListItem, max: number, lang: Lang): string {
	const s = strings(lang);
	if (item.count === 0) return `0`;
	const shown = item.paths.slice(0, max);
	const rest = item.count - shown.length;
	const names = rest > 0 ? [...shown, s.more(rest)] : shown;
	return `${item.count} (${names.join(', ')})`;
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
	items: Record<'dailyNote' | ListItemId, unknown>;
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
		out.push(`${label}: ${item === null ? '?' : item.count}`);
		for (const e of item?.entries ?? []) {
			out.push(`  ${e.path}  (${new Date(e.mtime).toISOString().slice(0, 16).replace('T', ' ')})`);
			for (const h of e.hits) out.push(`    ${h.where === 'frontmatter' ? 'frontmatter' : `line ${h.line}`}: ${h.text}`);
		}
	}
	for (const e of brief.errors) out.push(`Session brief: ${e.item}: ${e.message}`);
	return out.join('\n');
}
