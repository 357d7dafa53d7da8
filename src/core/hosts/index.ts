/** Every host descriptor, by agent id, from the list in list.ts (docs/contributing.md, "An agent host"). */
import type { HostContract } from './host';
import { HOST_LIST } from './list';

export type AgentId = (typeof HOST_LIST)[number]['id'];

export const AGENT_IDS: readonly AgentId[] = HOST_LIST.map((h) => h.id);

export const HOSTS = Object.fromEntries(HOST_LIST.map((h) => [h.id, h])) as unknown as Readonly<Record<AgentId, HostContract<AgentId>>>;

/** The host a hook without `--agent` speaks to, and the one `install` registers by default. */
export const DEFAULT_AGENT: AgentId = 'claude-code';

export function isAgentId(value: string): value is AgentId {
	return (AGENT_IDS as readonly string[]).includes(value);
}

/** The agent an `--agent` value names, by id or alias (any case); undefined when none does. */
export function agentNamed(value: string): AgentId | undefined {
	const v = value.toLowerCase();
	return HOST_LIST.find((h) => h.id === v || (h.aliases ?? []).includes(v))?.id;
}

/** The arguments a registered command passes so the hook speaks this host's contract (none for the default). */
export function agentArgs(agent: AgentId): string[] {
	return agent === DEFAULT_AGENT ? [] : ['--agent', agent];
}
