/**
 * The hook events Claude Code knows (hooks reference, "Hook lifecycle", mirror of 2026-08-22,
 * v2.1.240). Names are case-sensitive: `postToolUse` is a different, unknown event.
 */
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

/** The known event a misspelt one most likely meant, or null. */
export function closestEvent(name: string): string | null {
	const lower = name.toLowerCase();
	const sameLetters = HOOK_EVENTS.find((e) => e.toLowerCase() === lower);
	if (sameLetters !== undefined) return sameLetters;
	let best: string | null = null;
	let bestDistance = 3;
	for (const event of HOOK_EVENTS) {
		const d = distance(lower, event.toLowerCase());
		if (d < bestDistance) {
			best = event;
			bestDistance = d;
		}
	}
	return best;
}
