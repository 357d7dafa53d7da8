/**
 * Claude Code's registration of the PreToolUse hook (Gemini CLI's and Codex's are in their own
 * modules, with their own tool names). It holds the opt-in Write guard (docs/design.md,
 * "The Write guard") and the fence around Session Brief's own files (src/core/fence/agent-fence.ts), so
 * it reaches the edit tools and Bash.
 *
 * The entry is registered whether the setting is on or off; the hook reads the setting on each
 * run. So the plugin's toggle takes effect with the next Write, with no settings file to rewrite
 * (and no second place to keep in step). The price is one Node start per edit tool call and shell
 * command, measured in docs/speed.md.
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
