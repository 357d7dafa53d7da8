/**
 * What each MCP tool answers, as text for the model and structured content in the `report --json`
 * and `check --json` shapes. The sources and tiers are the hooks' and `report`'s (brief-source.ts):
 * the plugin's cache or live channel while Obsidian runs, else the proven cache or a scan. Every call
 * reads the vault's configuration afresh, so a server that runs all session follows changes.
 */
import * as fs from 'node:fs';
import type { BriefJson } from '../../core/format';
import { CHANGE_ITEM_IDS, LIST_ITEM_IDS, type ListItemId } from '../../core/item-ids';
import { quoteName } from '../../core/quote';
import { formatFindings } from '../../core/rules/report-text';
import { getBrief } from '../tiers/brief-pipeline';
import { reportJson, reportLang, reportText } from '../tiers/brief-report';
import { checkJson } from '../check/check-report';
import { checkVault, targetsUnder } from '../check/rule-files';
import type { VaultContext } from '../vault-config';
import { agentChangeSessions } from '../journal/what-changed';
import { changeLineCounts, changeToReview } from '../review/change-list';
import { QUEUE_ITEMS } from '../../core/brief-items';
import { type QueueFilter, type ToolAnswer, type ToolHandlers } from './contract';
import { markReviewed } from './mark-reviewed';
import { PathRefused, resolveVaultPath } from './vault-path';

export interface ToolEnv {
	/** The vault's context, read anew for each call. */
	context(): VaultContext;
	now(): Date;
	env: NodeJS.ProcessEnv;
	/** `--lang` was given on the command line (it then wins over a plugin cache's language). */
	langGiven: boolean;
}

export async function briefTool(t: ToolEnv): Promise<ToolAnswer> {
	const ctx = t.context();
	const now = t.now();
	const sourced = await getBrief(ctx, 'auto', now);
	const json = reportJson(ctx, sourced, false);
	return { text: reportText(ctx, sourced, reportLang(ctx, sourced, t.langGiven), false, now), structured: { ...json } };
}

interface ReviewItem {
	count: number;
	paths: string[];
	entries: Array<{ path: string; mtime: number; hits: Array<{ where: string; line: number; text: string }> }>;
}

function matchesPrefix(p: string, prefix: string): boolean {
	return prefix === '' || p.toLowerCase() === prefix.toLowerCase() || p.toLowerCase().startsWith(`${prefix.toLowerCase().replace(/\/$/, '')}/`);
}

function queueText(json: BriefJson, shown: ListItemId[], limited: Record<string, number>): string {
	const out: string[] = [];
	for (const id of shown) {
		const item = json.items[id] as ReviewItem | null;
		out.push(`${id}: ${item === null ? 'unavailable (see errors)' : item.count}`);
		for (const e of item?.entries ?? []) {
			out.push(`  ${e.path}  (modified ${new Date(e.mtime).toISOString().slice(0, 16).replace('T', ' ')} UTC)`);
			for (const h of e.hits) out.push(`    ${h.where === 'frontmatter' ? 'frontmatter' : `line ${h.line}`}: ${h.text}`);
		}
		const rest = limited[id];
		if (rest !== undefined && rest > 0) out.push(`  … and ${rest} more (raise "limit" to see them)`);
	}
	for (const e of json.errors) out.push(`Session brief: ${e.item}: ${e.message}`);
	return out.join('\n');
}

/**
 * The review report (`report --json --review`) narrowed to some items, a folder and a number of
 * notes per item. `count` stays the number of notes that match; `paths` and `entries` hold the
 * ones shown, and `omitted` says how many the limit left out.
 */
export async function reviewQueueTool(t: ToolEnv, filter: QueueFilter): Promise<ToolAnswer> {
	const ctx = t.context();
	const sourced = await getBrief(ctx, 'auto', t.now());
	const json = reportJson(ctx, sourced, true);
	const prefix = filter.pathPrefix === undefined ? '' : filter.pathPrefix.replace(/\\/g, '/').replace(/^\.\//, '');
	const shown = filter.items !== undefined && filter.items.length > 0 ? LIST_ITEM_IDS.filter((id) => filter.items?.includes(id)) : [...QUEUE_ITEMS];
	const limited: Record<string, number> = {};
	for (const id of LIST_ITEM_IDS) {
		const item = json.items[id] as ReviewItem | null;
		if (!shown.includes(id)) {
			delete json.items[id];
			continue;
		}
		if (item === null) continue;
		const entries = item.entries.filter((e) => matchesPrefix(e.path, prefix));
		const kept = filter.limit !== undefined ? entries.slice(0, filter.limit) : entries;
		if (kept.length < entries.length) limited[id] = entries.length - kept.length;
		json.items[id] = { count: entries.length, paths: kept.map((e) => e.path), entries: kept, ...(kept.length < entries.length ? { omitted: entries.length - kept.length } : {}) };
	}
	// The daily note is no queue: it stays only in the unfiltered report, as `report --json --review` has it.
	if (filter.items !== undefined && filter.items.length > 0) {
		delete (json.items as Partial<BriefJson['items']>).dailyNote;
		for (const id of CHANGE_ITEM_IDS) delete json.items[id];
	}
	const filtered = (filter.items !== undefined && filter.items.length > 0) || prefix !== '' || filter.limit !== undefined;
	return {
		text: queueText(json, shown, limited),
		structured: { ...json, ...(filtered ? { filter: { items: shown, pathPrefix: prefix, limit: filter.limit ?? null } } : {}) },
	};
}

/**
 * The notes agents changed that the human has not reviewed yet, by session (newest first), each
 * note once per session with its latest tool and time: what the sidebar's *Changed by agents*
 * lists. Read only: these marks are the human's check on the agent, so no tool sets them.
 */
export function agentChangesTool(t: ToolEnv, limit: number | undefined): ToolAnswer {
	const ctx = t.context();
	const sessions = agentChangeSessions(ctx, t.now());
	const notes = new Set(sessions.flatMap((s) => s.changes.map((c) => c.path)));
	// Counted only for the sessions shown: each count reads the note and its before-version.
	const shown = (limit === undefined ? sessions : sessions.slice(0, limit)).map((s) => ({
		...s,
		changes: s.changes.map((c) => ({ ...c, lines: changeLineCounts(changeToReview(ctx, c)) })),
	}));
	const out = [`Changed by agents, not yet reviewed: ${notes.size} note(s) in ${sessions.length} session(s)`];
	for (const s of shown) {
		out.push(`Session ${s.session === null ? '(no id)' : quoteName(s.session)} (latest edit ${s.latest.slice(0, 16).replace('T', ' ')} UTC)`);
		for (const c of s.changes) {
			const kind = c.change === 'deleted' ? 'deleted, ' : c.change === 'renamed' && c.from !== undefined ? `renamed from ${quoteName(c.from)}, ` : '';
			const lines = c.lines === null ? '' : `+${c.lines.added} -${c.lines.removed} lines, `;
			out.push(`  ${quoteName(c.path)}  (${kind}${lines}${c.tool === null ? 'unknown tool' : quoteName(c.tool)}, ${c.edits} edit(s), last ${c.at.slice(0, 16).replace('T', ' ')} UTC)`);
		}
	}
	if (shown.length < sessions.length) out.push(`… and ${sessions.length - shown.length} older session(s) (raise "limit" to see them)`);
	if (notes.size > 0) out.push('Only the human marks these reviewed, in Obsidian.');
	return {
		text: out.join('\n'),
		structured: { count: notes.size, sessions: shown, ...(shown.length < sessions.length ? { omittedSessions: sessions.length - shown.length } : {}) },
	};
}

/** The built-in rule checks over the rule scope, or over the given files and folders; never the user's external checker. */
export async function ruleCheckTool(t: ToolEnv, paths: string[] | undefined): Promise<ToolAnswer> {
	const ctx = t.context();
	let targets: string[] | undefined;
	if (paths !== undefined && paths.length > 0) {
		const rels = paths.map((p) => {
			const resolved = resolveVaultPath(ctx.root, p);
			if (resolved.rel !== '' && !fs.existsSync(resolved.absolute)) throw new PathRefused(`${JSON.stringify(p)} does not exist in the vault`);
			return resolved.rel;
		});
		targets = targetsUnder(ctx.root, rels);
	}
	const result = await checkVault(ctx, { env: t.env, lang: ctx.lang, targets, external: false });
	const json = checkJson(ctx, result, ctx.lang);
	const skipped = ctx.settings.externalCheck !== null ? ['(The external checker configured in the settings is not run from MCP; run "check" in a terminal for it.)'] : [];
	return { text: [...formatFindings(result.findings, result.checksRun, ctx.lang), ...skipped].join('\n'), structured: { ...json, targets: targets ?? null } };
}

/** The agent's session as Claude Code passes it to the processes it starts; null when not given. */
function sessionOf(env: NodeJS.ProcessEnv): string | null {
	const id = env.CLAUDE_CODE_SESSION_ID;
	return typeof id === 'string' && id !== '' ? id : null;
}

export async function markReviewedTool(t: ToolEnv, notePath: string): Promise<ToolAnswer> {
	const result = await markReviewed(t.context(), notePath, { now: t.now(), session: sessionOf(t.env) });
	return { text: result.message, structured: { ...result } };
}

/** The tools as the server file takes them (contract.ts). */
export function toolHandlers(t: ToolEnv): ToolHandlers {
	return {
		brief: () => briefTool(t),
		reviewQueue: (filter) => reviewQueueTool(t, filter),
		agentChanges: (limit) => agentChangesTool(t, limit),
		ruleCheck: (paths) => ruleCheckTool(t, paths),
		markReviewed: (notePath) => markReviewedTool(t, notePath),
	};
}
