/**
 * What a hook prints when it fails, one rule for the three files that run hooks: a hook never fails
 * its host, so it exits 0 with output the host accepts (docs/agents.md, "Hook output"). Small and
 * free of the commands, since the start and edit files each bundle it whole.
 */
import { stringFlag, type Args } from './args';
import { agentOrDefault, DEFAULT_AGENT, hostOf, sessionStartOutput, type AgentId } from '../src/core/hosts/agent-contracts';
import { asciiJson } from '../src/core/brief/format';
import type { Lang } from '../src/core/i18n';
import { HOOK_FAILED_TEXT } from '../src/core/rules/hook-failed-text';
import { escapeControls, safeLines } from '../src/core/quote';

/** The host's own PostToolUse envelope (agent-contracts.ts), with a one-line message for the user. */
export function postToolUseEnvelope(context: string, systemMessage: string, agent: AgentId = DEFAULT_AGENT): string {
	const oneLine = escapeControls(systemMessage.replace(/\s+/g, ' ').trim().slice(0, 300));
	return `${asciiJson(hostOf(agent).envelope('PostToolUse', context, oneLine))}\n`;
}

/** The envelope for the rule check's own failure. */
export function postToolUseCrashEnvelope(error: unknown, scriptPath: string, lang: Lang = 'en', agent: AgentId = DEFAULT_AGENT): string {
	const reason = escapeControls((error instanceof Error ? error.message : String(error)).split('\n')[0]?.slice(0, 300) ?? '') || 'unknown error';
	const command = checkCommand(scriptPath);
	const t = HOOK_FAILED_TEXT[lang];
	return postToolUseEnvelope(t.hookFailed(reason, command), t.hookFailedSystem(reason), agent);
}

/** The command a user runs to repeat the rule check by hand, named in its findings. */
export function checkCommand(scriptPath: string): string {
	return `node ${/[\s"']/.test(scriptPath) ? `"${scriptPath.replace(/"/g, '\\"')}"` : scriptPath} check`;
}

/** What a session start prints when it fails before it could make any line: a valid envelope naming the problem. */
export function sessionStartCrashOutput(args: Args, error: unknown): string {
	return sessionStartOutput(stringFlag(args, 'agent'), `Session brief: ${safeLines(error instanceof Error ? error.message : String(error))}`, 'en');
}

/** What a hook command prints after `error`; null when `args` names no hook (the command line reports it instead). */
export function hookCrashOutput(args: Args, error: unknown, scriptPath: string): string | null {
	switch (args.command) {
		case 'pre-tool-use':
			return '';
		case 'turn-end':
			return '{}\n';
		case 'statusline':
			return '\n';
		case 'post-tool-use':
			return postToolUseCrashEnvelope(error, scriptPath, 'en', agentOrDefault(stringFlag(args, 'agent')));
		case 'session-start':
			return sessionStartCrashOutput(args, error);
		default:
			return null;
	}
}
