/** Every host's registration spec by agent id: one module per host beside this file and one line here. */
import type { AgentId } from '../../core/hosts/agent-contracts';
import { claudeCode } from './claude-code';
import { codebuddy } from './codebuddy';
import { codex } from './codex';
import { copilot } from './copilot';
import { cursor } from './cursor';
import { devin } from './devin';
import { gemini } from './gemini';
import type { HostSpec } from './host-spec';
import { qwen } from './qwen';

// Typed over every agent id, so a host in the core's table without a spec here fails the type check.
const SPECS: Readonly<Record<AgentId, HostSpec>> = {
	'claude-code': claudeCode,
	codex,
	gemini,
	qwen,
	cursor,
	copilot,
	devin,
	codebuddy,
};

/** A host's registration spec (the core's `HOSTS` holds its contract). */
export function specFor(agent: AgentId): HostSpec {
	return SPECS[agent];
}

/** The hosts whose status line runs a command install can register (`install --statusline`). */
export function statusLineAgents(): AgentId[] {
	return (Object.keys(SPECS) as AgentId[]).filter((id) => SPECS[id].statusLine !== undefined);
}
