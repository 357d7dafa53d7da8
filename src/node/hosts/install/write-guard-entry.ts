/**
 * Claude Code's registration of the PreToolUse hook: the opt-in Write guard and the fence, so it
 * reaches the edit tools and Bash. Registered whether the setting is on or off, so the plugin's
 * toggle needs no settings file rewritten (docs/design.md, "The Write guard"; the cost: docs/speed.md).
 */
import type { HookEvent } from '../../../core/hosts/agent-contracts';
import { FENCE_MATCHER } from '../../../core/fence/agent-fence';
import type { DesiredEntry, EventCommand } from '../host-spec';

export const WRITE_GUARD_EVENT: HookEvent = 'PreToolUse';

/** Claude Code's entry: the edit tools and Bash (other tools never start the hook). */
export function writeGuardEntry(command: (event: HookEvent) => EventCommand): DesiredEntry {
	return {
		event: WRITE_GUARD_EVENT,
		matcher: FENCE_MATCHER,
		handler: { type: 'command', command: command(WRITE_GUARD_EVENT).native, timeout: 10, statusMessage: 'Checking the target…' },
	};
}
