/** OpenAI Codex CLI. Docs: developers.openai.com/codex/hooks. */
import { claudeEnvelope, defineHost, SHARED_TOOL_NAMES, str } from './host';

/** The files an `apply_patch` patch touches (Codex reports edits this way, with no file_path). */
export function patchPaths(patch: string): string[] {
	const out: string[] = [];
	for (const m of patch.matchAll(/^\*\*\* (?:Add|Update|Delete) File: (.+)$/gm)) out.push((m[1] ?? '').trim());
	for (const m of patch.matchAll(/^\*\*\* Move to: (.+)$/gm)) out.push((m[1] ?? '').trim());
	return out;
}

export const codex = defineHost({
	id: 'codex',
	name: 'OpenAI Codex CLI',
	cli: 'codex',
	events: { SessionStart: 'SessionStart', PostToolUse: 'PostToolUse', PreToolUse: 'PreToolUse', Stop: 'Stop' },
	// Codex names every shell tool `Bash` in its hook input; the tools' own names are matched too.
	toolNames: { ...SHARED_TOOL_NAMES, exec_command: 'Bash', shell_command: 'Bash', local_shell: 'Bash', shell: 'Bash' },
	// Codex spills hook output over 2,500 tokens to a file; paths and dates run near 3 characters a
	// token, so 7,000 characters stays under it.
	limit: 7_000,
	docs: 'https://developers.openai.com/codex/hooks',
	envelope: claudeEnvelope,
	adaptInput(raw, out) {
		const input = out.tool_input;
		if (input === undefined) return;
		// A shell tool under its own name carries its command line as `cmd`.
		if (out.tool_name === 'Bash' && str(input.command) === undefined && str(input.cmd) !== undefined) input.command = input.cmd;
		// Codex reports edits as `apply_patch` with the patch and no file_path.
		if (str(raw.tool_name) !== 'apply_patch') return;
		const paths = patchPaths(str(input.command) ?? str(input.patch) ?? str(input.input) ?? '');
		if (paths.length > 0) {
			input.file_path = paths[0];
			input.file_paths = paths;
		}
	},
	// Codex evaluates a hook's command with PowerShell on Windows (docs/agents.md, "PowerShell").
	windowsShell: 'powershell',
});
