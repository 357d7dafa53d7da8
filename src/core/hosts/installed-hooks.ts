/**
 * The record of the hooks `install` registered for a vault, kept where an agent in the vault cannot
 * reach, so a settings file the agent rewrote is told from one `uninstall` undid (docs/design.md,
 * "Hooks removed behind uninstall's back"). Pure: the file work is src/node/hosts/install/installed-hooks.ts.
 */
import { isAgentId, type AgentId } from './index';

export interface InstalledHooksEntry {
	agent: AgentId;
	scope: string;
	/** The settings file, as install wrote it. */
	file: string;
	/** The host's own event names install registered there. */
	events: string[];
}

export interface InstalledHooks {
	schema: 1;
	/** The vault's real path, so a reader can tell the record of a vault from another's. */
	vault: string;
	installs: InstalledHooksEntry[];
}

/** Hooks of a recorded install that its settings file no longer holds. */
export interface RemovedHooks {
	agent: AgentId;
	file: string;
	events: string[];
}

const MAX_INSTALLS = 64;
const MAX_EVENTS = 16;

function entryOf(v: unknown): InstalledHooksEntry | null {
	if (typeof v !== 'object' || v === null) return null;
	const r = v as Record<string, unknown>;
	if (typeof r.agent !== 'string' || !isAgentId(r.agent) || typeof r.scope !== 'string' || typeof r.file !== 'string' || r.file === '' || !Array.isArray(r.events)) return null;
	const events = r.events.filter((e): e is string => typeof e === 'string' && e !== '').slice(0, MAX_EVENTS);
	return { agent: r.agent, scope: r.scope, file: r.file, events };
}

/** The record's text; null for a missing, damaged or foreign file. */
export function parseInstalledHooks(text: string | null): InstalledHooks | null {
	if (text === null) return null;
	let data: unknown;
	try {
		data = JSON.parse(text) as unknown;
	} catch {
		return null;
	}
	const d = data as { schema?: unknown; vault?: unknown; installs?: unknown } | null;
	if (d === null || typeof d !== 'object' || d.schema !== 1 || typeof d.vault !== 'string' || !Array.isArray(d.installs)) return null;
	const installs = (d.installs as unknown[]).map(entryOf).filter((e): e is InstalledHooksEntry => e !== null);
	return { schema: 1, vault: d.vault, installs: installs.slice(0, MAX_INSTALLS) };
}

export function encodeInstalledHooks(r: InstalledHooks): string {
	return `${JSON.stringify(r, null, '\t')}\n`;
}

const sameInstall = (a: InstalledHooksEntry, agent: string, scope: string): boolean => a.agent === agent && a.scope === scope;

/** The record after an install of `entry` (the same host and scope installed again replaces it). */
export function withInstall(record: InstalledHooks | null, vault: string, entry: InstalledHooksEntry): InstalledHooks {
	const others = (record?.vault === vault ? record.installs : []).filter((x) => !sameInstall(x, entry.agent, entry.scope));
	return { schema: 1, vault, installs: [...others, entry] };
}

/** The record after `uninstall` of that host and scope. */
export function withoutInstall(record: InstalledHooks, agent: string, scope: string): InstalledHooks {
	return { ...record, installs: record.installs.filter((x) => !sameInstall(x, agent, scope)) };
}

/**
 * The recorded hooks each settings file lacks now. `present` answers a file's events that hold
 * this vault's hook, or null when the file is gone or no JSON its host reads: then all are gone.
 */
export function removedHooks(record: InstalledHooks | null, present: (install: InstalledHooksEntry) => ReadonlySet<string> | null): RemovedHooks[] {
	const out: RemovedHooks[] = [];
	for (const x of record?.installs ?? []) {
		const there = present(x);
		const events = x.events.filter((e) => there === null || !there.has(e));
		if (events.length > 0) out.push({ agent: x.agent, file: x.file, events });
	}
	return out;
}
