/**
 * Where the plugin keeps its record of the notes the human changed in Obsidian's editor
 * (src/plugin/review/editor-writes.ts), which the session net reads (./session-net.ts): in Session
 * Brief's per-user folder, one file per vault, so an agent cannot write its own shell edits into
 * the record of the human's (docs/design.md, "What lives outside the vault"). A record an earlier
 * version left in the plugin's folder is ignored.
 */
import { EDITOR_WRITES_PREFIX } from '../state-registry';
import { readRegularFile, writeUserStateFile } from '../state-file';
import { vaultStateFile } from './user-state-dir';

/** The editor record is at most a few thousand short entries. */
const MAX_BYTES = 1024 * 1024;

export function editorWritesFile(root: string, env: NodeJS.ProcessEnv = process.env): string {
	return vaultStateFile(root, EDITOR_WRITES_PREFIX, '.json', env);
}

/** The record as JSON; undefined when there is none or it cannot be read. */
export function readEditorWritesJson(root: string, env: NodeJS.ProcessEnv = process.env): unknown {
	const data = readRegularFile(editorWritesFile(root, env), MAX_BYTES);
	if (data === null) return undefined;
	try {
		return JSON.parse(data.toString('utf8')) as unknown;
	} catch {
		return undefined;
	}
}

export function writeEditorWrites(root: string, text: string, env: NodeJS.ProcessEnv = process.env): void {
	writeUserStateFile(editorWritesFile(root, env), text);
}
