/**
 * Devin CLI ("Devin for Terminal", also called Devin Local): Claude Code's hook format and envelope,
 * its own lowercase tool names, and no `cwd` in the input (the project root is in
 * `DEVIN_PROJECT_DIR`, which the bridge does not need: the root comes from the script's place).
 * Docs: docs.devin.ai/cli/extensibility/hooks/overview and /lifecycle-hooks.
 */
import { claudeEnvelope, defineHost } from './host';

export const devin = defineHost({
	id: 'devin',
	name: 'Devin CLI',
	cli: 'devin',
	aliases: ['devin-local', 'devin-cli'],
	events: { SessionStart: 'SessionStart', PostToolUse: 'PostToolUse', Stop: 'Stop' },
	toolNames: { edit: 'Edit', write: 'Write', notebook_edit: 'NotebookEdit' },
	limit: 10_000,
	docs: 'https://docs.devin.ai/cli/extensibility/hooks/overview',
	envelope: claudeEnvelope,
	// Not documented for Windows: the Claude Code-compatible shell form (docs/agents.md, "PowerShell").
	windowsShell: 'sh',
});
