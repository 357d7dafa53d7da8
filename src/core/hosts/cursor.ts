/** Cursor. Docs: cursor.com/docs/agent/hooks. */
import { defineHost, SHARED_TOOL_NAMES, str } from './host';

export const cursor = defineHost({
	id: 'cursor',
	name: 'Cursor',
	cli: 'cursor-agent',
	events: { SessionStart: 'sessionStart', PostToolUse: 'afterFileEdit', Stop: 'stop' },
	inputEvents: { afterFileEdit: 'PostToolUse' },
	toolNames: SHARED_TOOL_NAMES,
	limit: 10_000,
	docs: 'https://cursor.com/docs/agent/hooks',
	envelope: (_event, text) => ({ additional_context: text }),
	adaptInput(raw, out) {
		// Cursor starts every session fresh and does not say so.
		if (out.source === undefined && out.hook_event_name === 'SessionStart') out.source = 'startup';
		// Its afterFileEdit names the file at the top level.
		if (out.tool_input === undefined && str(raw.file_path) !== undefined) {
			out.tool_input = { file_path: raw.file_path };
			out.tool_name ??= 'Edit';
		}
	},
	// Cursor runs hook commands in PowerShell on Windows (docs/agents.md, "PowerShell").
	windowsShell: 'powershell',
});
