/** Gemini CLI. Docs: geminicli.com/docs/hooks/reference. */
import { defineHost, SHARED_TOOL_NAMES, str } from './host';

/** Gemini CLI's shell tool, which runs its command in `dir_path` (relative to the project) when given. */
const SHELL = 'run_shell_command';

export const gemini = defineHost({
	id: 'gemini',
	name: 'Gemini CLI',
	cli: 'gemini',
	events: { SessionStart: 'SessionStart', PostToolUse: 'AfterTool', PreToolUse: 'BeforeTool', Stop: 'AfterAgent' },
	inputEvents: { AfterTool: 'PostToolUse', BeforeTool: 'PreToolUse' },
	toolNames: { ...SHARED_TOOL_NAMES, [SHELL]: 'Bash' },
	limit: 10_000,
	docs: 'https://geminicli.com/docs/hooks/reference',
	envelope: (event, text) => ({ hookSpecificOutput: { hookEventName: event === 'PostToolUse' ? 'AfterTool' : event, additionalContext: text } }),
	// BeforeTool refuses a call with a top-level `decision` of "deny" (or "block"); `reason` goes to the model.
	denyEnvelope: (reason, message) => ({ decision: 'deny', reason, systemMessage: message }),
	adaptInput(raw, out) {
		// The shell tool's `dir_path` is where its command runs: relative names in it are read from there.
		if (str(raw.tool_name) !== SHELL || out.tool_input === undefined) return;
		const dir = str(out.tool_input.dir_path);
		if (dir === undefined || dir.trim() === '') return;
		const absolute = dir.startsWith('/') || /^[A-Za-z]:[\\/]/.test(dir) || dir.startsWith('\\\\');
		if (absolute) out.cwd = dir;
		else if (out.cwd !== undefined) out.cwd = `${out.cwd.replace(/[\\/]+$/, '')}/${dir}`;
	},
	// Gemini CLI runs command hooks through its platform shell, PowerShell on Windows (docs/agents.md, "PowerShell").
	windowsShell: 'powershell',
});
