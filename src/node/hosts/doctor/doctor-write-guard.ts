/**
 * What `doctor` says about the PreToolUse entry (docs/design.md, "The Write guard" and "The review
 * trail is the human's"): registered, reaching every tool the fence watches (earlier installs
 * registered `Write` only), and whether the guard is on. Only for hosts that register the hook.
 */
import * as path from 'node:path';
import { hostOf, type AgentId, type HookEvent } from '../../../core/hosts/agent-contracts';
import { FENCE_MATCHER } from '../../../core/fence/agent-fence';
import { GUARDED_TOOL } from '../../../core/fence/write-guard';
import type { Settings } from '../../../core/settings';
import { quoteName } from '../../../core/quote';
import { parseOwnCommand } from '../command-line/command-line';
import type { ReadFile } from '../host-spec';
import { specFor } from '../install/options';
import { WRITE_GUARD_EVENT } from '../install/write-guard-entry';

export interface GuardCheck {
	id: string;
	status: 'ok' | 'warn' | 'info';
	message: string;
	fix?: string;
	/** Set on the lines that say the pre-tool entry is missing. */
	hook?: HookEvent;
}

/** One registration of ours as doctor found it. */
export interface FoundEntry {
	where: ReadFile;
	event: string;
	command: string;
	matcher?: unknown;
}

/** Whether Claude Code runs a group with this matcher for `Write` (exact list, `*`/empty, or a regular expression). */
export function matcherReaches(matcher: unknown, tool: string): boolean {
	if (matcher === undefined || matcher === '' || matcher === '*') return true;
	if (typeof matcher !== 'string') return false;
	if (/^[\w\s,|-]*$/.test(matcher)) return matcher.split(/[|,]/).map((m) => m.trim()).includes(tool);
	try {
		return new RegExp(matcher).test(tool);
	} catch {
		return false;
	}
}

const SETTING = 'the plugin setting "Protect session files from overwriting"';

export function writeGuardChecks(agent: AgentId, vault: string, script: string, found: readonly FoundEntry[], settings: Settings): GuardCheck[] {
	// Only hosts whose module registers the pre-tool entry.
	const spec = specFor(agent);
	if (!spec.events.includes(WRITE_GUARD_EVENT)) return [];
	const event = hostOf(agent).events[WRITE_GUARD_EVENT] ?? WRITE_GUARD_EVENT;
	const guardTool = spec.guardTool === undefined ? GUARDED_TOOL : spec.guardTool;
	const ours = found.filter((f) => f.event === event && path.resolve(parseOwnCommand(f.command)?.script ?? '') === path.resolve(script));
	const folder = settings.sessionsFolder === '' ? '' : quoteName(settings.sessionsFolder);
	const out: GuardCheck[] = [];
	if (ours.length === 0) {
		const hook = WRITE_GUARD_EVENT;
		out.push({ id: 'agent-fence', status: 'warn', message: `No ${event} hook of ours is registered, so nothing keeps the agent's edit tools and shell commands out of Session Brief's own files (the review marks, the agent changes journal, the hook files).`, fix: 'Run "install" again; it adds the entry.', hook });
		if (settings.writeGuard && guardTool !== null) out.push({ id: 'write-guard', status: 'warn', message: `The Write guard is on (${SETTING}), but no ${event} hook of ours is registered: a Write over an existing file in ${folder || 'the sessions folder'} is not refused.`, fix: 'Run "install" again; it adds the entry.', hook });
		return out;
	}
	const watched = spec.preToolTools ?? FENCE_MATCHER.split('|');
	// The matcher install writes, for the fix.
	const matcher = spec.entries(() => ({ sh: '', ps: '', native: '' })).find((e) => e.event === event)?.matcher ?? FENCE_MATCHER;
	const missed = watched.filter((tool) => !ours.some((f) => matcherReaches(f.matcher, tool)));
	if (missed.length > 0) {
		out.push({ id: 'agent-fence', status: 'warn', message: `The ${event} entry of ours does not reach ${missed.join(', ')} (an install of an earlier version registered it for Write only), so the agent's ${missed.join(', ')} can change Session Brief's own files, its review trail included.`, fix: `Run "install" again; it writes the matcher "${matcher}".` });
	} else out.push({ id: 'agent-fence', status: 'ok', message: `The agent's edit tools and shell commands are kept out of Session Brief's own files (${event}, matcher "${matcher}").` });
	// A host with no whole-file write tool: the guard has nothing to refuse.
	if (guardTool === null) return out;
	for (const f of ours) {
		if (!matcherReaches(f.matcher, guardTool)) {
			out.push({ id: 'write-guard', status: 'warn', message: `The ${event} matcher ${JSON.stringify(f.matcher)} in ${f.where.file} does not reach ${guardTool}, so the Write guard never runs.`, fix: `Run "install" again; it writes the matcher "${guardTool}".` });
		}
	}
	const where = ours.map((f) => f.where.file).join(', ');
	if (!settings.writeGuard) {
		out.push({ id: 'write-guard', status: 'info', message: `${where} registers ${event}; the Write guard it also runs is off (${SETTING}), so a Write into the sessions folder is let through.` });
	} else if (folder === '') {
		out.push({ id: 'write-guard', status: 'warn', message: 'The Write guard is on, but the sessions folder setting is empty, so there is no folder to protect.', fix: 'Set the sessions folder in the plugin settings.' });
	} else {
		out.push({ id: 'write-guard', status: 'ok', message: `The Write guard is on: ${where} registers ${event}, and a Write over an existing file in ${folder} is refused.` });
	}
	return out;
}
