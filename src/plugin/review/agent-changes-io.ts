/**
 * The plugin folder's agent files on desktop: stats and reads through the vault adapter, the
 * journal's tail through Node (only Node tells whether the path still names the file read before,
 * see src/node/journal/journal-tail.ts), and the marks written atomically like the plugin's other files in
 * that folder (src/plugin/index/atomic-write.ts). Loaded only through the desktop parts.
 */
import { FileSystemAdapter, normalizePath, type App } from 'obsidian';
import { JOURNAL_FILE } from '../../core/trail/agent-journal';
import { REVIEW_FILE } from '../../core/trail/what-changed';
import { readJournalPiece, type JournalPiece } from '../../node/journal/journal-tail';
import { copyStamp, readCopyText } from '../../node/journal/agent-journal-copy';
import type { DeviceTrust, ReviewSeal } from '../../core/review/review-seal';
import { deviceTrust, ensureDeviceKey, trustDevice } from '../../node/journal/device-key';
import { readSeal, signMarks, writeSeal } from '../../node/journal/review-seal';
import { readStateText } from '../../node/state-file';
import type { AgentChangesIo, FileStamp } from './agent-journal-watch';
import { writeAtomic } from '../index/atomic-write';

/** Review marks are a few hundred bytes per session; a larger file is not one the plugin wrote. */
const MARKS_MAX_BYTES = 4 * 1024 * 1024;

export class DesktopAgentChangesIo implements AgentChangesIo {
	constructor(
		private readonly app: App,
		/** The plugin's folder, vault-relative (src/plugin/index/plugin-folder.ts). */
		private readonly folder: string,
	) {}

	private path(name: string): string {
		return normalizePath(`${this.folder}/${name}`);
	}

	async stat(name: string): Promise<FileStamp | null> {
		const st = await this.app.vault.adapter.stat(this.path(name));
		return st === null ? null : { size: st.size, mtime: st.mtime };
	}

	async readJournal(from: number, ino: number | null): Promise<JournalPiece | null> {
		const adapter = this.app.vault.adapter;
		if (!(adapter instanceof FileSystemAdapter)) return null;
		return readJournalPiece(adapter.getBasePath(), adapter.getFullPath(this.path(JOURNAL_FILE)), from, ino);
	}

	/** The journal's copy outside the vault (src/node/journal/agent-journal-copy.ts), which the hooks keep. */
	statJournalCopy(): Promise<FileStamp | null> {
		const adapter = this.app.vault.adapter;
		return Promise.resolve(adapter instanceof FileSystemAdapter ? copyStamp(adapter.getBasePath()) : null);
	}

	readJournalCopy(): Promise<string | null> {
		const adapter = this.app.vault.adapter;
		return Promise.resolve(adapter instanceof FileSystemAdapter ? readCopyText(adapter.getBasePath()) : null);
	}

	readMarks(): Promise<string | null> {
		const adapter = this.app.vault.adapter;
		const file = this.path(REVIEW_FILE);
		// Through Node's state-file module, as the hooks read it: a planted FIFO must not hang a read.
		if (adapter instanceof FileSystemAdapter) return Promise.resolve(readStateText(adapter.getBasePath(), adapter.getFullPath(file), MARKS_MAX_BYTES));
		return adapter.exists(file).then((there) => (there ? adapter.read(file) : null));
	}

	async writeMarks(text: string): Promise<void> {
		const adapter = this.app.vault.adapter;
		const signed = adapter instanceof FileSystemAdapter ? this.signed(adapter.getBasePath(), text, await this.readMarks()) : text;
		await writeAtomic(adapter, this.path(REVIEW_FILE), signed);
		await this.seal(signed);
	}

	/** Signed with this device's key, so other devices can tell it from marks anything else wrote. */
	private signed(root: string, text: string, current: string | null): string {
		try {
			return signMarks(root, text, new Date(), process.env, current);
		} catch {
			// Without a key (a runtime without Ed25519) the marks are saved unsigned: other devices then warn, as before signatures.
			return text;
		}
	}

	readSeal(): Promise<ReviewSeal | null> {
		const adapter = this.app.vault.adapter;
		return Promise.resolve(adapter instanceof FileSystemAdapter ? readSeal(adapter.getBasePath()) : null);
	}

	/** The seal lies outside the vault (src/node/journal/review-seal.ts), where vault content does not reach. */
	seal(text: string): Promise<void> {
		const adapter = this.app.vault.adapter;
		if (adapter instanceof FileSystemAdapter) writeSeal(adapter.getBasePath(), text, new Date());
		return Promise.resolve();
	}

	/** Makes this device's key on first use, so the prompt about another device can name this one. */
	trust(): Promise<DeviceTrust> {
		try {
			ensureDeviceKey();
		} catch {
			// No key: marks of this device are unsigned, and only the trusted devices' count besides the seal.
		}
		return Promise.resolve(deviceTrust());
	}

	trustDevice(key: string, label: string | null): Promise<void> {
		trustDevice(key, label, new Date());
		return Promise.resolve();
	}
}
