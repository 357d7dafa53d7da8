/** Lookups over the host table, `HOSTS` in list.ts (docs/contributing.md, "An agent host"). */
import type { HostContract } from './host';
import { HOSTS } from './list';

export { HOSTS } from './list';

export type AgentId = (typeof HOSTS)[number]['id'];

export const AGENT_IDS: readonly AgentId[] = HOSTS.map((h) => h.id);

const BY_ID = new Map<string, HostContract<AgentId>>(HOSTS.map((h) => [h.id, h as HostContract<AgentId>]));

/** The host descriptor of an agent id. */
export function hostOf(agent: AgentId): HostContract<AgentId> {
	return BY_ID.get(agent) as HostContract<AgentId>;
}

/** The host a hook without `--agent` speaks to, and the one `install` registers by default. */
export const DEFAULT_AGENT: AgentId = 'claude-code';

export function isAgentId(value: string): value is AgentId {
	return (AGENT_IDS as readonly string[]).includes(value);
}

/** The agent an `--agent` value names, by id or alias (any case); undefined when none does. */
export function agentNamed(value: string): AgentId | undefined {
	const v = value.toLowerCase();
	return HOSTS.find((h) => h.id === v || (h.aliases ?? []).includes(v))?.id;
}

/** The arguments a registered command passes so the hook speaks this host's contract (none for the default). */
export function agentArgs(agent: AgentId): string[] {
	return agent === DEFAULT_AGENT ? [] : ['--agent', agent];
}
