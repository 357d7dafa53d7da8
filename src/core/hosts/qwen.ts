/**
 * Qwen Code. Docs: qwenlm.github.io/qwen-code-docs (features/hooks). Proven with the real CLI,
 * 0.24.4 (tests/clients, docs/real-clients.md): its events, tool names (`edit`, `write_file`; the
 * shell is `run_shell_command`), input fields and Claude Code's envelope are as documented. It
 * escapes `<` and `>` in `additionalContext` as `&lt;` and `&gt;` before the model reads it.
 */
import { claudeEnvelope, defineHost, SHARED_TOOL_NAMES } from './host';

export const qwen = defineHost({
	id: 'qwen',
	name: 'Qwen Code',
	cli: 'qwen',
	events: { SessionStart: 'SessionStart', PostToolUse: 'PostToolUse', Stop: 'Stop' },
	toolNames: SHARED_TOOL_NAMES,
	limit: 10_000,
	docs: 'https://qwenlm.github.io/qwen-code-docs/en/users/features/hooks/',
	envelope: claudeEnvelope,
	// Not documented for Windows; kept as it was (docs/agents.md, "PowerShell").
	windowsShell: 'sh',
});
