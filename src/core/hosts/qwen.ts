/** Qwen Code. Docs: qwenlm.github.io/qwen-code-docs (features/hooks). */
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
