/** Claude Code: the reference contract every other host is translated to. Docs: code.claude.com/docs/en/hooks. */
import { claudeEnvelope, defineHost } from './host';

export const claudeCode = defineHost({
	id: 'claude-code',
	name: 'Claude Code',
	cli: 'claude',
	aliases: ['claude'],
	events: { SessionStart: 'SessionStart', PostToolUse: 'PostToolUse', PreToolUse: 'PreToolUse', Stop: 'Stop', SessionEnd: 'SessionEnd' },
	// Longer output is moved to a file and the model sees a ~2 KB preview.
	limit: 10_000,
	docs: 'https://code.claude.com/docs/en/hooks',
	envelope: claudeEnvelope,
	// Git Bash; PowerShell only where Git Bash is missing, which install cannot know (docs/agents.md, "PowerShell").
	windowsShell: 'sh',
});
