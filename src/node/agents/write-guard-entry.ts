/**
 * The registration of the opt-in Write guard (docs/design.md, "The Write guard"), for the hosts
 * whose PreToolUse hook can refuse a call with a reason the model reads: Claude Code only.
 *
 * The entry is registered whether the setting is on or off; the hook reads the setting on each
 * run. So the plugin's toggle takes effect with the next Write, with no settings file to rewrite
 * (and no second place to keep in step). The price is one Node start per `Write` while the guard
 * is off, measured in README, "Speed".
 */
import type { HookEvent } from '../../core/agent-contracts';
import { GUARDED_TOOL } from '../../core/write-guard';
import type { DesiredEntry, EventCommand } from './host-spec';

export const WRITE_GUARD_EVENT: HookEvent = 'PreToolUse';

/** Claude Code's entry: only `Write` (edits and other tools never start the hook). */
export function writeGuardEntry(command: (event: HookEvent) => EventCommand): DesiredEntry {
	return {
		event: WRITE_GUARD_EVENT,
		matcher: GUARDED_TOOL,
		handler: { type: 'command', command: command(WRITE_GUARD_EVENT).native, timeout: 10, statusMessage: 'Checking the sessions folder…' },
	};
}
