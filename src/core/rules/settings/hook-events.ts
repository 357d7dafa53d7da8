/**
 * The Claude Code release the event list below is checked against: the one the client tests pin
 * (tests/clients/package.json). Its hooks reference lists 31 events (mirror of 2026-08-22,
 * v2.1.240); the pinned release knows three more (docs/claude-code-events.md). Names are
 * case-sensitive: `postToolUse` is a different, unknown event. `npm run test:clients` compares the
 * list with the one inside the pinned binary, so a new release's events show up there first.
 */
export const HOOK_EVENTS_CLIENT = '2.1.332';

export const HOOK_EVENTS: readonly string[] = [
	'SessionStart',
	'Setup',
	'UserPromptSubmit',
	'UserPromptExpansion',
	'PreToolUse',
	'PermissionRequest',
	'PermissionDenied',
	'PostToolUse',
	'PostToolUseFailure',
	'PostToolBatch',
	'Notification',
	'MessageDisplay',
	'SubagentStart',
	'SubagentStop',
	'TaskCreated',
	'TaskCompleted',
	'Stop',
	'StopFailure',
	'TeammateIdle',
	'InstructionsLoaded',
	'ConfigChange',
	'CwdChanged',
	'DirectoryAdded',
	'FileChanged',
	'WorktreeCreate',
	'WorktreeRemove',
	'PreCompact',
	'PostCompact',
	'PreModelSwitch',
	'PostModelSwitch',
	'PreSkillShellCommand',
	'Elicitation',
	'ElicitationResult',
	'SessionEnd',
];

export const HANDLER_TYPES: readonly string[] = ['command', 'http', 'mcp_tool', 'prompt', 'agent'];

function distance(a: string, b: string): number {
	let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
	for (let i = 1; i <= a.length; i++) {
		const row = [i];
		for (let j = 1; j <= b.length; j++) {
			row[j] = Math.min((previous[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1));
		}
		previous = row;
	}
	return previous[b.length] ?? 0;
}

/**
 * The known event nearest to `name`: the same letters in another case, else the fewest edits.
 * `typo` when it is that close (other case, or under three edits), so the name was most likely
 * meant as it; otherwise it may be an event of a newer Claude Code.
 */
export function nearestEvent(name: string): { event: string; typo: boolean } {
	const lower = name.toLowerCase();
	const sameLetters = HOOK_EVENTS.find((e) => e.toLowerCase() === lower);
	if (sameLetters !== undefined) return { event: sameLetters, typo: true };
	let best = HOOK_EVENTS[0] ?? '';
	let bestDistance = Number.POSITIVE_INFINITY;
	for (const event of HOOK_EVENTS) {
		const d = distance(lower, event.toLowerCase());
		if (d < bestDistance) {
			best = event;
			bestDistance = d;
		}
	}
	return { event: best, typo: bestDistance < 3 };
}
