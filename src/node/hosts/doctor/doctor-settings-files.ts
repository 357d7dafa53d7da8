/**
 * Reads every file a host takes hook registrations from and finds the entries that run a
 * Session Brief script (this vault's or another's); a file that cannot be read or parsed, or that
 * switches hooks off, becomes a check.
 */
import { hostOf } from '../../../core/hosts/agent-contracts';
import { isOwnCommand } from '../command-line/command-line';
import { hookMistakeChecks } from './doctor-hook-mistakes';
import type { Check, DoctorOptions } from './doctor-report';
import type { HostPaths, ReadFile } from '../host-spec';
import { readIfExists } from '../install/files';
import { decodeStrict } from '../../check/settings-json';
import { specFor } from '../install/options';

/** One registered command of ours: where, under which event, and its matcher (group-shaped hosts). */
export interface Found {
	where: ReadFile;
	event: string;
	command: string;
	matcher?: unknown;
}

type Raw = Record<string, unknown>;

function isObj(v: unknown): v is Raw {
	return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function readRegistrations(o: DoctorOptions, p: HostPaths, checks: Check[]): Found[] {
	const spec = specFor(o.agent);
	const found: Found[] = [];
	for (const where of spec.readFiles(p)) {
		let text: string;
		try {
			const data = readIfExists(o.vault, where.file);
			if (data === null) continue;
			text = decodeStrict(data, where.file);
		} catch (error) {
			const code = (error as NodeJS.ErrnoException).code;
			if (code === 'ENOENT') continue;
			if (where.managed && (code === 'EACCES' || code === 'EPERM')) {
				checks.push({ id: `settings:${where.label}`, status: 'info', message: `${where.file} (managed) is not readable; it cannot be checked.` });
				continue;
			}
			checks.push({ id: `settings:${where.label}`, status: 'fail', message: `${where.file} cannot be read: ${(error as Error).message}` });
			continue;
		}
		let value: unknown;
		try {
			value = JSON.parse(text.replace(/^\uFEFF/, ''));
		} catch (error) {
			checks.push({ id: `settings:${where.label}`, status: 'fail', message: `${where.file} is not valid JSON (${(error as Error).message}); ${hostOf(o.agent).name} ignores it, with every hook in it.`, fix: 'Fix the file by hand (install refuses to touch it).' });
			continue;
		}
		if (!isObj(value)) continue;
		checks.push(...hookMistakeChecks(o.agent, where, value));
		if (value.disableAllHooks === true) {
			checks.push({ id: `settings:${where.label}`, status: 'fail', message: `${where.file} sets "disableAllHooks": true, so no hook runs.`, fix: 'Remove that key if the brief should arrive.' });
		}
		if (where.managed && value.allowManagedHooksOnly === true) {
			checks.push({ id: `settings:${where.label}`, status: 'fail', message: `${where.file} allows only managed hooks; hooks from user and project files never run.`, fix: 'Ask the administrator to add the hook to managed settings.' });
		}
		const hooks = where.eventsAtTop === true ? value : isObj(value.hooks) ? value.hooks : {};
		for (const [event, arr] of Object.entries(hooks)) {
			if (!Array.isArray(arr)) continue;
			for (const item of arr) {
				const handlers = spec.shape === 'groups' ? (isObj(item) && Array.isArray(item.hooks) ? (item.hooks as unknown[]) : []) : [item];
				for (const h of handlers) {
					if (!isObj(h)) continue;
					for (const f of spec.commandFields) {
						if (isOwnCommand(h[f])) found.push({ where, event, command: h[f] as string, matcher: isObj(item) && spec.shape === 'groups' ? item.matcher : undefined });
					}
				}
			}
		}
	}
	return found;
}
