/** GitHub Copilot CLI. Docs: docs.github.com/en/copilot/reference/hooks-reference. */
import { defineHost, SHARED_TOOL_NAMES } from './host';

export const copilot = defineHost({
	id: 'copilot',
	name: 'GitHub Copilot CLI',
	cli: 'copilot',
	events: { SessionStart: 'sessionStart', PostToolUse: 'postToolUse', Stop: 'agentStop' },
	toolNames: SHARED_TOOL_NAMES,
	afterEveryTool: true,
	// Copilot joins context values and caps them at 10 KB (bytes); 8,000 characters leaves room for
	// the few non-ASCII characters a note name may carry.
	limit: 8_000,
	docs: 'https://docs.github.com/en/copilot/reference/hooks-reference',
	envelope: (_event, text) => ({ additionalContext: text }),
	// Its entries carry a `bash` and a `powershell` command line, one for each shell.
	windowsShell: 'powershell',
});
