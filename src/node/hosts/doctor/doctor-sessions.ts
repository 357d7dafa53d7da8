/**
 * `doctor`'s proof from real sessions (docs/design.md, "Proof that sessions got the brief"): the
 * last firings `session-start` recorded, a warning when hooks are registered but no session has
 * fired for days, and one when recent sessions started outside the vault.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { quoteName } from '../../../core/quote';
import type { Check } from './doctor';
import { bridgeTarget } from '../install/options';
import { describeStart, lastDelivered, STARTS_LOG } from '../../../core/trail/session-starts';
import { readSessionStartEntries } from '../../journal/session-starts-log';
import { loadVaultContext } from '../../vault-config';

export const QUIET_DAYS = 3;
const SHOWN = 3;
const DAY_MS = 24 * 60 * 60 * 1000;

function now(env: NodeJS.ProcessEnv): number {
	const fixed = env.SESSION_BRIEF_NOW === undefined ? Number.NaN : Date.parse(env.SESSION_BRIEF_NOW);
	return Number.isNaN(fixed) ? Date.now() : fixed;
}

function installedAt(vault: string): number | null {
	try {
		return fs.statSync(bridgeTarget(vault)).mtimeMs;
	} catch {
		return null;
	}
}

export function sessionStartChecks(vault: string, registered: boolean, env: NodeJS.ProcessEnv = {}): Check[] {
	const pluginDir = loadVaultContext(vault, { env }).pluginDir;
	const entries = pluginDir === null ? [] : readSessionStartEntries(vault, pluginDir);
	const t = now(env);
	const checks: Check[] = [];
	const delivered = entries.filter((e) => e.delivered);
	const last = lastDelivered(entries);
	if (last === undefined) {
		const since = installedAt(vault);
		const quietDays = since === null ? 0 : Math.floor((t - since) / DAY_MS);
		if (registered && quietDays >= QUIET_DAYS) {
			checks.push({ id: 'sessions', status: 'warn', message: `The hooks were installed ${quietDays} days ago, but no real session has received the brief since.`, fix: 'Start the agent in the vault (or install with --scope user) and run doctor again.' });
		} else {
			checks.push({ id: 'sessions', status: 'info', message: `No real session has received the brief yet${pluginDir === null ? ' (no plugin folder to record it in)' : ''}; doctor's own run above does not count.` });
		}
		return checks;
	}
	const recent = delivered.slice(-SHOWN).reverse();
	checks.push({ id: 'sessions', status: 'ok', message: `Last real sessions that received the brief (newest first, from ${path.join(pluginDir ?? '', STARTS_LOG)}): ${recent.map(describeStart).join('; ')}.` });
	const quietDays = Math.floor((t - Date.parse(last.at)) / DAY_MS);
	if (registered && quietDays >= QUIET_DAYS) {
		checks.push({ id: 'sessions-quiet', status: 'warn', message: `No session has received the brief for ${quietDays} days (last: ${describeStart(last)}).`, fix: 'If you used the agent since, it started where the hooks do not reach: start it in the vault (or install with --scope user).' });
	}
	const outside = delivered.slice(-5).filter((e) => e.outside && e.cwd !== null);
	const latest = outside[outside.length - 1];
	if (latest !== undefined) {
		checks.push({
			id: 'sessions-outside',
			status: 'warn',
			message: `${outside.length} of the last ${Math.min(5, delivered.length)} sessions started outside the vault (latest in ${quoteName(latest.cwd ?? '')}): they get the brief, but the host does not load the vault's CLAUDE.md there; the brief tells the agent to read it first.`,
			fix: 'Start the agent in the vault; "launcher" prints a shell function that does.',
		});
	}
	return checks;
}
