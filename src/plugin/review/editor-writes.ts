/**
 * The notes the human changes in Obsidian's editor, which the session net leaves out so the human's
 * typing is never listed as an agent's change; kept in the per-user folder, where an agent cannot
 * add its own edits, and written before Obsidian itself saves the note. Desktop only.
 */
import { FileSystemAdapter, type App, type Plugin } from 'obsidian';
import { encodeEditorWrites, parseEditorWrites } from '../../core/trail/session-net';
import { readEditorWritesJson, writeEditorWrites } from '../../node/journal/editor-writes-file';

/** Obsidian saves an edited note about two seconds after the last keystroke; the record lands well before. */
const WRITE_AFTER_MS = 300;
/**
 * While the human keeps typing, the record is rewritten at most this often: still before Obsidian's
 * save of the last keystroke, but not three times a second for as long as the typing lasts.
 */
const MIN_GAP_MS = 1000;

export class EditorWrites {
	private readonly writes = new Map<string, number>();
	private timer: number | null = null;
	private writing: Promise<void> = Promise.resolve();
	private lastWrite = -Infinity;

	constructor(
		private readonly app: App,
		/** The plugin's folder, vault-relative (earlier versions kept the record there). */
		readonly folder: string,
	) {}

	/** The vault's folder on disk; null where there is none (a phone). */
	private root(): string | null {
		const adapter = this.app.vault.adapter;
		return adapter instanceof FileSystemAdapter ? adapter.getBasePath() : null;
	}

	/** Reads what an earlier run recorded, then follows the editor. */
	attach(plugin: Plugin): void {
		const root = this.root();
		if (root !== null) {
			try {
				for (const [p, t] of parseEditorWrites(readEditorWritesJson(root) ?? null)) this.writes.set(p, t);
			} catch {
				// A damaged record is replaced by the next write.
			}
		}
		plugin.registerEvent(
			this.app.workspace.on('editor-change', (_editor, info) => {
				if (info.file !== null) this.note(info.file.path);
			}),
		);
		plugin.register(() => void this.flush());
	}

	/** A change in the editor: recorded now, written after a short pause. */
	note(path: string): void {
		const now = Date.now();
		this.writes.set(path, now);
		if (this.timer !== null) return;
		const wait = Math.max(WRITE_AFTER_MS, this.lastWrite + MIN_GAP_MS - now);
		this.timer = window.setTimeout(() => void this.flush(), wait);
	}

	/** Writes the record now (when one is waiting). */
	flush(): Promise<void> {
		if (this.timer === null) return this.writing;
		window.clearTimeout(this.timer);
		this.timer = null;
		this.lastWrite = Date.now();
		const text = encodeEditorWrites(this.writes, this.lastWrite);
		const root = this.root();
		if (root === null) return this.writing;
		this.writing = this.writing.then(() => writeEditorWrites(root, text)).catch(() => undefined);
		return this.writing;
	}
}
