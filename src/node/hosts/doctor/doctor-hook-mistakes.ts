/**
 * `doctor`'s look at every hook entry in the files Claude Code reads (user, project, local,
 * managed and its `managed-settings.d/` drop-ins): the mistakes that make an entry never fire or get
 * nothing to work on, each with its fix. The rule check reports the same in the vault's own files
 * after an edit (`hook-mistakes`); doctor covers the files outside the vault too.
 */
import type { AgentId } from '../../../core/hosts/agent-contracts';
import { listHookMistakes, type HookMistake } from '../../../core/rules/settings/hook-mistake-list';
import type { ReadFile } from '../host-spec';
import { specFor } from '../install/options';

export interface MistakeCheck {
	id: string;
	status: 'warn';
	message: string;
	fix: string;
}

function describe(m: HookMistake): { message: string; fix: string } {
	switch (m.kind) {
		case 'matcher-case':
			return { message: `the "${m.event}" matcher ${JSON.stringify(m.matcher)} names "${m.wrong}"; tool names match case-sensitively, so it matches no tool and the hook never runs for it.`, fix: `Write "${m.right}" in that matcher.` };
		case 'timeout':
			return { message: `a hook under "${m.event}" has "timeout": ${JSON.stringify(m.timeout)}, not a positive number of seconds.`, fix: 'Write a number of seconds without quotes or units, e.g. "timeout": 30.' };
		case 'timeout-ms':
			return { message: `a hook under "${m.event}" has "timeout": ${m.timeout}; Claude Code reads seconds, so that is ${Math.round(m.timeout / 60)} minutes, not ${m.timeout / 1000} seconds.`, fix: `Write "timeout": ${m.timeout / 1000} for ${m.timeout / 1000} seconds.` };
		case 'unset-variable':
			return { message: `a hook under "${m.event}" reads $${m.name}, which Claude Code does not set: it expands to nothing.`, fix: "Read the hook's input as JSON from stdin instead, e.g. jq -r '.tool_input.file_path'." };
		case 'plugin-variable':
			return { message: `a hook under "${m.event}" uses $${m.name}, which Claude Code sets only for a plugin's own hooks; from a settings file the hook fails.`, fix: 'Use "$CLAUDE_PROJECT_DIR"/… or an absolute path.' };
	}
}

/** The findings for one parsed settings file (Claude Code only; other hosts' entries have other shapes and tool names). */
export function hookMistakeChecks(agent: AgentId, where: ReadFile, settings: Record<string, unknown>): MistakeCheck[] {
	if (specFor(agent).claudeHookRules !== true) return [];
	return listHookMistakes(settings.hooks).map((m) => {
		const { message, fix } = describe(m);
		return { id: `hook-mistake:${where.label}`, status: 'warn', message: `${where.file}: ${message}`, fix };
	});
}
