/**
 * The record of real session starts (`session-starts.json` in the plugin's folder; docs/design.md,
 * "Proof that sessions got the brief"): its shape, a reader that treats the file as untrusted, and
 * the one-line description `doctor` and the plugin's status bar show.
 */
import { HOSTS, isAgentId, type AgentId } from './agent-contracts';
import { quoteName } from './quote';

export interface SessionStartEntry {
	at: string;
	agent: AgentId;
	source: string | null;
	sessionId: string | null;
	/** The folder the host says the session runs in: a hint, never the root. */
	cwd: string | null;
	/** True when `cwd` lies outside the vault. */
	outside: boolean;
	/** False for an entry that found the brief already given to its session. */
	delivered: boolean;
}

const orNull = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/** The entries of the record's text; anything malformed is left out, a broken file is none. */
export function parseSessionStarts(text: string): SessionStartEntry[] {
	let data: unknown;
	try {
		data = JSON.parse(text) as unknown;
	} catch {
		return [];
	}
	const d = data as { schema?: unknown; entries?: unknown } | null;
	if (d === null || typeof d !== 'object' || d.schema !== 1 || !Array.isArray(d.entries)) return [];
	const out: SessionStartEntry[] = [];
	for (const e of d.entries as unknown[]) {
		if (typeof e !== 'object' || e === null) continue;
		const r = e as Record<string, unknown>;
		if (typeof r.at !== 'string' || Number.isNaN(Date.parse(r.at)) || typeof r.agent !== 'string' || !isAgentId(r.agent)) continue;
		out.push({ at: r.at, agent: r.agent, source: orNull(r.source), sessionId: orNull(r.sessionId), cwd: orNull(r.cwd), outside: r.outside === true, delivered: r.delivered !== false });
	}
	return out;
}

function when(iso: string): string {
	const d = new Date(iso);
	const pad = (n: number) => String(n).padStart(2, '0');
	return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** `2026-11-29 10:02 resume (Claude Code, session 3f2a9c1e…)`, in local time. */
export function describeStart(e: SessionStartEntry): string {
	const session = e.sessionId === null ? '' : `, session ${quoteName(e.sessionId.slice(0, 8))}${e.sessionId.length > 8 ? '…' : ''}`;
	const skipped = e.delivered ? '' : ', already given by another entry';
	return `${when(e.at)} ${quoteName(e.source ?? 'unknown source')} (${HOSTS[e.agent].name}${session}${skipped})`;
}

/** The newest entry that received the brief, or undefined. */
export function lastDelivered(entries: readonly SessionStartEntry[]): SessionStartEntry | undefined {
	for (let i = entries.length - 1; i >= 0; i--) if (entries[i]?.delivered === true) return entries[i];
	return undefined;
}
