/**
 * CodeBuddy Code (Tencent's CLI, v1.16 and later): "fully compatible" with Claude Code's hooks,
 * with Claude Code's event and tool names and envelope. Docs: www.codebuddy.ai/docs/cli/hooks.
 */
import { claudeEnvelope, defineHost } from './host';

export const codebuddy = defineHost({
	id: 'codebuddy',
	name: 'CodeBuddy Code',
	cli: 'codebuddy',
	events: { SessionStart: 'SessionStart', PostToolUse: 'PostToolUse', Stop: 'Stop' },
	limit: 10_000,
	docs: 'https://www.codebuddy.ai/docs/cli/hooks',
	envelope: claudeEnvelope,
	// Not documented for Windows: the Claude Code-compatible shell form (docs/agents.md, "PowerShell").
	windowsShell: 'sh',
});
