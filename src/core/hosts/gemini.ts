/** Gemini CLI. Docs: geminicli.com/docs/hooks/reference. */
import { defineHost, SHARED_TOOL_NAMES } from './host';

export const gemini = defineHost({
	id: 'gemini',
	name: 'Gemini CLI',
	cli: 'gemini',
	events: { SessionStart: 'SessionStart', PostToolUse: 'AfterTool', Stop: 'AfterAgent' },
	inputEvents: { AfterTool: 'PostToolUse' },
	toolNames: SHARED_TOOL_NAMES,
	limit: 10_000,
	docs: 'https://geminicli.com/docs/hooks/reference',
	envelope: (event, text) => ({ hookSpecificOutput: { hookEventName: event === 'PostToolUse' ? 'AfterTool' : event, additionalContext: text } }),
	// Gemini CLI runs command hooks through its platform shell, PowerShell on Windows (docs/agents.md, "PowerShell").
	windowsShell: 'powershell',
});
