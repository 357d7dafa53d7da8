/**
 * The trust step some hosts put between a registered hook and a hook that runs (Gemini CLI's
 * trusted folders, Codex's trusted projects and `/hooks`). Each host module names its own check
 * (`trust` in host-spec.ts); this asks the host. Sources: docs/agents.md.
 */
import type { AgentId } from '../../../core/hosts/agent-contracts';
import { specFor } from '../index';
import type { TrustFinding, TrustOptions } from './trust-finding';

export type { TrustFinding } from './trust-finding';
export { geminiFolderTrust } from './gemini-trust';
export { codexProjectTrusted } from './codex-trust';

/** What stands between this host's registered hook and a hook that runs; empty for hosts without a trust step. */
export function trustFindings(agent: AgentId, o: TrustOptions): TrustFinding[] {
	return specFor(agent).trust?.(o) ?? [];
}
