/**
 * What each MCP tool answers, as text for the model and structured content in the `report --json`
 * and `check --json` shapes. The sources and tiers are the hooks' and `report`'s (brief-source.ts):
 * the plugin's cache or live channel while Obsidian runs, else the proven cache or a scan. Every call
 * reads the vault's configuration afresh, so a server that runs all session follows changes.
 */
import * as fs from 'node:fs';
import type { BriefJson } from '../../core/brief/format';
import { CHANGE_ITEM_IDS, LIST_ITEM_IDS, type ListItemId } from '../../core/brief/item-ids';
import { quoteName } from '../../core/quote';
import { formatFindings } from '../../core/rules/report-text';
import { getBrief } from '../tiers/brief-pipeline';
import { reportJson, reportLang, reportText } from '../tiers/brief-report';
import { checkJson } from '../check/check-report';
import { checkVault, targetsUnder } from '../check/rule-files';
import type { VaultContext } from '../vault-config';
import { agentChangeSessions } from '../journal/what-changed';
import { changeMeasure, changeToReview, keptBefore } from '../review/change-list';
import { sizesText, type ChangeSizes, type LineCounts } from '../../core/trail/line-counts';
import type { AgentChange, ChangeSession } from '../../core/trail/what-changed';
import { QUEUE_ITEMS } from '../../core/brief/brief-items';
import { AGENT_CHANGES_PAGE_BYTES, AGENT_CHANGES_PAGE_SIZE, type AgentChangesPage, type QueueFilter, type ToolAnswer, type ToolHandlers } from './contract';
import { markReviewed } from './mark-reviewed';
import type { Lang } from '../../core/i18n';
import { statusLineText, type VaultStatus } from '../../core/status/status-line';
import { readVaultStatus, statusLang } from '../status/vault-status';
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

/** A change as `agent_changes` shows it: its lines added and removed, or a large change's sizes. */
type ShownChange = AgentChange & { lines: LineCounts | null; large?: ChangeSizes };

function changeLine(c: ShownChange): string {
	const kind = c.change === 'deleted' ? 'deleted, ' : c.change === 'renamed' && c.from !== undefined ? `renamed from ${quoteName(c.from)}, ` : '';
	const lines = c.large !== undefined ? `large change ${sizesText(c.large)}, ` : c.lines === null ? '' : `+${c.lines.added} -${c.lines.removed} lines, `;
	return `  ${quoteName(c.path)}  (${kind}${lines}${c.tool === null ? 'unknown tool' : quoteName(c.tool)}, ${c.edits} edit(s), last ${c.at.slice(0, 16).replace('T', ' ')} UTC)`;
}

/** Where a page starts: the cursor a previous page gave (a change's place in the list), or its start. */
function pageStart(cursor: string | undefined, total: number): number {
	if (cursor === undefined || cursor === '') return 0;
	const at = /^\d{1,9}$/.test(cursor) ? Number(cursor) : NaN;
	if (!Number.isInteger(at) || at > total) throw new Error(`invalid cursor ${JSON.stringify(cursor.slice(0, 40))}: pass the nextCursor of the previous page, or none for the first`);
	return at;
}

/**
 * The unreviewed agent changes by session, as *Changed by agents* lists them, one bounded page at a
 * time so no journal makes the answer large. Read only: the marks are the human's check on the agent.
 */
export function agentChangesTool(t: ToolEnv, page: AgentChangesPage = {}): ToolAnswer {
	const ctx = t.context();
	const sessions = agentChangeSessions(ctx, t.now());
	const flat = sessions.flatMap((s, index) => s.changes.map((change) => ({ index, change })));
	const notes = new Set(flat.map((f) => f.change.path));
	const first = pageStart(page.cursor, flat.length);
	const limit = page.limit ?? AGENT_CHANGES_PAGE_SIZE;
	let end = first;
	let bytes = 0;
	while (end < flat.length && end - first < limit) {
		const f = flat[end];
		if (f === undefined) break;
		// Measured before its lines are counted: a count adds a few characters only.
		bytes += Buffer.byteLength(changeLine({ ...f.change, lines: null })) + 120;
		if (bytes > AGENT_CHANGES_PAGE_BYTES && end > first) break;
		end++;
	}
	const shown: Array<Omit<ChangeSession, 'changes'> & { changes: ShownChange[]; continued?: true }> = [];
	const kept = keptBefore(ctx);
	for (const { index, change } of flat.slice(first, end)) {
		const s = sessions[index] as ChangeSession;
		let group = shown[shown.length - 1];
		if (group === undefined || group.session !== s.session) {
			group = { session: s.session, latest: s.latest, changes: [], ...(s.changes[0] !== change ? { continued: true as const } : {}) };
			shown.push(group);
		}
		// Counted only for the changes shown: each count reads the note and its before-version.
		const measure = changeMeasure(changeToReview(ctx, change, kept));
		group.changes.push({ ...change, lines: measure?.lines ?? null, ...(measure?.large === undefined ? {} : { large: measure.large }) });
	}
	const out = [`Changed by agents, not yet reviewed: ${notes.size} note(s) in ${sessions.length} session(s)`];
	if (first > 0 || end < flat.length) out.push(`Changes ${flat.length === 0 ? 0 : first + 1}–${end} of ${flat.length}:`);
	for (const s of shown) {
		out.push(`Session ${s.session === null ? '(no id)' : quoteName(s.session)} (latest edit ${s.latest.slice(0, 16).replace('T', ' ')} UTC)${s.continued === true ? ', continued' : ''}`);
		for (const c of s.changes) out.push(changeLine(c));
	}
	const left = flat.slice(end);
	const leftSessions = new Set(left.map((f) => f.index)).size;
	if (left.length > 0) out.push(`… and ${left.length} more change(s) in ${leftSessions} session(s): call agent_changes again with cursor "${end}" for the next page`);
	if (notes.size > 0) out.push('Only the human marks these reviewed, in Obsidian.');
	return {
		text: out.join('\n'),
		structured: {
			count: notes.size,
			sessions: shown,
			total: { sessions: sessions.length, changes: flat.length },
			...(left.length > 0 ? { nextCursor: String(end), remaining: { changes: left.length, sessions: leftSessions } } : {}),
		},
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

/** The status line's words (`session-brief statusline`), plain, with the counts behind them. */
export function vaultStatusTool(t: ToolEnv): ToolAnswer & { status: VaultStatus; lang: Lang } {
	const ctx = t.context();
	const status = readVaultStatus(ctx, t.now());
	const lang = statusLang(ctx, status, t.langGiven);
	const structured = { toReview: status.toReview, agentChanges: status.agentChanges, rules: status.rules, stale: status.stale };
	return { text: statusLineText(status, lang, false), structured, status, lang };
}

/** The tools as the server file takes them (contract.ts). */
export function toolHandlers(t: ToolEnv): ToolHandlers {
	return {
		brief: () => briefTool(t),
		reviewQueue: (filter) => reviewQueueTool(t, filter),
		agentChanges: (page) => agentChangesTool(t, page),
		ruleCheck: (paths) => ruleCheckTool(t, paths),
		markReviewed: (notePath) => markReviewedTool(t, notePath),
		vaultStatus: () => vaultStatusTool(t),
	};
}
