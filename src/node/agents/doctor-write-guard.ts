/**
 * What `doctor` says about the opt-in Write guard (docs/design.md, "The Write guard"): whether its
 * PreToolUse entry is registered for this vault, whether it reaches `Write`, and whether the
 * setting it reads is on. Claude Code only; other hosts get no entry and no line.
 */
import * as path from 'node:path';
import type { AgentId } from '../../core/agent-contracts';
import { GUARDED_TOOL } from '../../core/write-guard';
import type { Settings } from '../../core/settings';
import { quoteName } from '../../core/quote';
import { parseOwnCommand } from './command-line';
import type { ReadFile } from './host-spec';
import { specFor } from './options';
import { WRITE_GUARD_EVENT } from './write-guard-entry';

export interface GuardCheck {
	id: string;
	status: 'ok' | 'warn' | 'info';
	message: string;
	fix?: string;
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
	// Only hosts whose module registers the guard's PreToolUse entry (Claude Code).
	if (!specFor(agent).events.includes(WRITE_GUARD_EVENT)) return [];
	const ours = found.filter((f) => f.event === WRITE_GUARD_EVENT && path.resolve(parseOwnCommand(f.command)?.script ?? '') === path.resolve(script));
	const folder = settings.sessionsFolder === '' ? '' : quoteName(settings.sessionsFolder);
	const out: GuardCheck[] = [];
	if (ours.length === 0) {
		if (settings.writeGuard) out.push({ id: 'write-guard', status: 'warn', message: `The Write guard is on (${SETTING}), but no ${WRITE_GUARD_EVENT} hook of ours is registered: a Write over an existing file in ${folder || 'the sessions folder'} is not refused.`, fix: 'Run "install" again; it adds the entry.' });
		return out;
	}
	for (const f of ours) {
		if (!matcherReaches(f.matcher, GUARDED_TOOL)) {
			out.push({ id: 'write-guard', status: 'warn', message: `The ${WRITE_GUARD_EVENT} matcher ${JSON.stringify(f.matcher)} in ${f.where.file} does not reach ${GUARDED_TOOL}, so the Write guard never runs.`, fix: `Run "install" again; it writes the matcher "${GUARDED_TOOL}".` });
		}
	}
	const where = ours.map((f) => f.where.file).join(', ');
	if (!settings.writeGuard) {
		out.push({ id: 'write-guard', status: 'info', message: `${where} registers ${WRITE_GUARD_EVENT} (matcher "${GUARDED_TOOL}") for the Write guard, which is off (${SETTING}): each Write starts the hook, which lets it through.` });
	} else if (folder === '') {
		out.push({ id: 'write-guard', status: 'warn', message: 'The Write guard is on, but the sessions folder setting is empty, so there is no folder to protect.', fix: 'Set the sessions folder in the plugin settings.' });
	} else {
		out.push({ id: 'write-guard', status: 'ok', message: `The Write guard is on: ${where} registers ${WRITE_GUARD_EVENT} (matcher "${GUARDED_TOOL}"), and a Write over an existing file in ${folder} is refused.` });
	}
	return out;
}
