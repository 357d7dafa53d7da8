/**
 * Which hooks of the install record (src/node/journal/installed-hooks-record.ts) their settings
 * files no longer hold: what `doctor` and the plugin's sidebar name (src/plugin/hosts/agent-hooks.ts)
 * when something other than `uninstall` took them out.
 */
import * as path from 'node:path';
import { removedHooks, type RemovedHooks } from '../../../core/hosts/installed-hooks';
import type { AgentId } from '../../../core/hosts/agent-contracts';
import { parseOwnCommand } from '../command-line/command-line';
import { readIfExists } from './files';
import { decodeStrict, parseJsonDoc } from '../../check/settings-json';
import { readInstalledHooks } from '../../journal/installed-hooks-record';
import { hooksFolder, SCRIPT_NAME } from '../../state-registry';
import { specFor } from './options';

function isObj(v: unknown): v is Record<string, unknown> {
	return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * The events of `file` whose entries run this vault's hook entry; null when the file is gone or
 * holds no JSON object (its host then reads no hook from it either).
 */
function eventsRunning(vault: string, agent: AgentId, file: string): Set<string> | null {
	let value: Record<string, unknown>;
	try {
		const data = readIfExists(vault, file);
		if (data === null) return null;
		value = parseJsonDoc(decodeStrict(data, file), file).value;
	} catch {
		return null;
	}
	const script = path.resolve(path.join(hooksFolder(vault), SCRIPT_NAME));
	const fields = specFor(agent).commandFields;
	const runsOurs = (h: unknown): boolean => isObj(h) && fields.some((f) => typeof h[f] === 'string' && path.resolve(parseOwnCommand(h[f])?.script ?? '') === script);
	const found = new Set<string>();
	// Most hosts keep events under `hooks`; Devin's file has them at the top.
	for (const events of [isObj(value.hooks) ? value.hooks : {}, value]) {
		for (const [event, list] of Object.entries(events)) {
			if (!Array.isArray(list)) continue;
			// Claude Code's shape groups handlers under a matcher; the flat shape lists them.
			if (list.some((item) => runsOurs(item) || (isObj(item) && Array.isArray(item.hooks) && item.hooks.some(runsOurs)))) found.add(event);
		}
	}
	return found;
}

/** The hooks install registered for this vault that something other than `uninstall` took out since. */
export function hooksRemoved(vault: string, env: NodeJS.ProcessEnv = process.env): RemovedHooks[] {
	const record = readInstalledHooks(vault, env);
	if (record === null) return [];
	return removedHooks(record, (x) => eventsRunning(vault, x.agent, x.file));
}
