/**
 * What the review trail holds after a real client's session: the agent changes journal's records,
 * and `agentChanges` as `report --json` gives it (what the next brief lists).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { bridgeOk, type Workspace } from './clients';

export interface Journaled {
	path: string;
	tool: string | null;
	session: string | null;
	change?: string;
	from?: string;
}

export function journal(ws: Workspace): Journaled[] {
	const file = path.join(ws.vault, '.obsidian', 'plugins', 'session-brief', 'agent-changes.jsonl');
	if (!fs.existsSync(file)) return [];
	return fs
		.readFileSync(file, 'utf8')
		.split('\n')
		.filter((l) => l.trim() !== '')
		.map((l) => JSON.parse(l) as Journaled);
}

export async function reported(ws: Workspace): Promise<string[]> {
	const json = JSON.parse(await bridgeOk(ws, ['report', '--json'])) as { items: { agentChanges: { paths: string[] } | null } };
	return json.items.agentChanges?.paths ?? [];
}
