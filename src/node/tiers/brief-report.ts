/**
 * The brief and the review report as `report` prints them (text and the `report --json` schema),
 * shared by the `report` command and the MCP tools so both say exactly the same.
 */
import * as path from 'node:path';
import { briefJson, formatBrief, formatReview, type BriefJson } from '../../core/brief/format';
import type { Lang } from '../../core/i18n';
import { safeLines } from '../../core/quote';
import type { SourcedBrief } from './plugin-tier';
import type { VaultContext } from '../vault-config';

/** A plugin-written cache knows the language Obsidian shows when the setting is `auto`; an explicit `--lang` wins. */
export function reportLang(ctx: VaultContext, sourced: SourcedBrief, langGiven: boolean): Lang {
	return sourced.cache?.lang !== undefined && ctx.settings.language === 'auto' && !langGiven ? sourced.cache.lang : ctx.lang;
}

function origin(ctx: VaultContext, sourced: SourcedBrief) {
	return { source: sourced.source, generatedAt: sourced.generatedAt, vaultName: path.basename(ctx.root), cacheRejected: sourced.cacheRejected };
}

export function reportJson(ctx: VaultContext, sourced: SourcedBrief, review: boolean): BriefJson {
	return briefJson(sourced.brief, ctx.root, origin(ctx, sourced), review);
}

export function reportText(ctx: VaultContext, sourced: SourcedBrief, lang: Lang, review: boolean, now: Date): string {
	let text = review ? formatReview(sourced.brief, ctx.settings, lang) : formatBrief(sourced.brief, ctx.settings, lang, origin(ctx, sourced), now.getTime());
	if (sourced.source === 'scan') text += `\n(read ${sourced.notesRead} note(s)${sourced.notes.length > 0 ? `; ${sourced.notes.join('; ')}` : ''})`;
	// Names from the vault may hold control characters: shown escaped, never as terminal commands.
	return safeLines(text);
}
