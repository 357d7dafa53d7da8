/**
 * Reviewing an agent's change like a pull request (docs/design.md, "Reviewing what agents
 * changed"): Accept and Revert, each with an Undo. Revert and Undo write through `Vault.process`
 * and go on only while the note holds exactly the text they replace and no editor holds unsaved
 * typing, so the human's text is never lost. No DOM here.
 */
import { MarkdownView, normalizePath, TFile, type App } from 'obsidian';
import { revertVerdict, type RevertVerdict } from '../../core/trail/change-review';
import type { AgentChanges } from './agent-changes';
import type { BeforeVersion } from './before-versions-io';

export interface ChangeRef {
	path: string;
	session: string | null;
	/** The latest edit shown for the note in this session. */
	at: string;
	tool: string | null;
}

export interface LoadedChange {
	ref: ChangeRef;
	before: BeforeVersion | null;
	/** The before-version as text: '' for a new note; null when not kept. */
	beforeText: string | null;
	/** The note now; null when it does not exist. */
	nowBytes: ArrayBuffer | null;
	nowText: string | null;
	/** What the agent's last edit left, when kept (differs from now only when edited since). */
	afterText: string | null;
	verdict: RevertVerdict;
}

/** Why a note was left as it is: it changed since, or an open editor holds unsaved text. */
export type LeftReason = 'changed' | 'unsaved';

export interface LeftAlone {
	path: string;
	reason: LeftReason;
}

export interface Undo {
	/** Resolves with the notes it left alone because they changed after the action. */
	run(): Promise<LeftAlone[]>;
}

/** Thrown inside `Vault.process` to leave the note unwritten. */
class LeaveAlone extends Error {
	constructor(readonly reason: LeftReason) {
		super(reason);
	}
}

function toArrayBuffer(bytes: Uint8Array): ArrayBuffer {
	return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}

async function sha256Hex(data: ArrayBuffer): Promise<string> {
	const digest = await crypto.subtle.digest('SHA-256', data);
	return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

const decoder = new TextDecoder();
/** Text only when the bytes are valid UTF-8; a byte-order mark is kept, so the text writes back to the same bytes. */
const strict = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

function exactText(bytes: Uint8Array | ArrayBuffer): string | null {
	try {
		return strict.decode(bytes);
	} catch {
		return null;
	}
}

function text(bytes: Uint8Array | ArrayBuffer | null): string | null {
	return bytes === null ? null : decoder.decode(bytes);
}

export class AgentReview {
	constructor(
		private readonly app: App,
		private readonly store: AgentChanges,
		private readonly clock: () => Date = () => new Date(),
	) {}

	/** The versions of the note and whether a revert may run now. */
	async load(ref: ChangeRef): Promise<LoadedChange> {
		let before: BeforeVersion | null = null;
		try {
			before = this.store.beforeVersions?.read(ref.path, ref.session) ?? null;
		} catch {
			before = null;
		}
		const file = this.app.vault.getFileByPath(ref.path);
		const nowBytes = file === null ? null : await this.app.vault.readBinary(file);
		const beforeBytes = before === null ? null : before.bytes;
		const records = this.store.recordsOf(ref.path).filter((r) => r.session === ref.session);
		const last = records.length === 0 ? Date.parse(ref.at) : Date.parse(records[records.length - 1]?.at ?? ref.at);
		const verdict = revertVerdict({
			state: before?.state ?? null,
			beforeHash: beforeBytes === null ? null : await sha256Hex(toArrayBuffer(beforeBytes)),
			nowHash: nowBytes === null ? null : await sha256Hex(nowBytes),
			afterHash: before?.afterHash ?? null,
			nowMtime: file === null ? null : file.stat.mtime,
			lastRecordMs: Number.isNaN(last) ? null : last,
		});
		return {
			ref,
			before,
			beforeText: before === null || before.bytes === null ? null : before.state === 'new' ? '' : text(before.bytes),
			nowBytes,
			nowText: text(nowBytes),
			afterText: before?.afterBytes === null || before === null ? null : text(before.afterBytes),
			verdict,
		};
	}

	/** The latest record of the note: marking up to it covers every edit the sidebar shows. */
	private latestAt(path: string, fallback: string): string {
		return this.store.recordsOf(path).reduce((a, r) => (r.at > a ? r.at : a), fallback);
	}

	/** Accept: marks the note reviewed and lets its before-version go. */
	async accept(ref: ChangeRef): Promise<Undo> {
		const previous = this.store.noteMark(ref.path);
		const kept = this.store.beforeVersions?.read(ref.path, ref.session) ?? null;
		await this.store.markNote(ref.path, this.latestAt(ref.path, ref.at));
		if (this.store.lastError !== null) throw new Error(this.store.lastError);
		this.store.beforeVersions?.drop(ref.path, ref.session);
		return {
			run: async () => {
				if (kept !== null) this.store.beforeVersions?.restore(kept);
				await this.store.restoreNoteMark(ref.path, previous);
				return [];
			},
		};
	}

	/**
	 * Reverts each change whose note still holds what the agent left (checked again now); the rest
	 * are skipped. Reverted notes are marked reviewed: the change is the human's now.
	 */
	async revert(refs: readonly ChangeRef[]): Promise<{ reverted: number; skipped: number; left: LeftAlone[]; undo: Undo }> {
		const undos: Array<() => Promise<LeftAlone | null>> = [];
		const left: LeftAlone[] = [];
		let skipped = 0;
		for (const ref of refs) {
			const change = await this.load(ref);
			if (change.verdict !== 'ok' || change.before === null || change.before.bytes === null) {
				skipped++;
				continue;
			}
			const undo = await this.revertOne(change, change.before);
			if (typeof undo === 'function') undos.push(undo);
			else {
				left.push(undo);
				skipped++;
			}
		}
		return {
			reverted: undos.length,
			skipped,
			left,
			undo: {
				run: async () => {
					const refused: LeftAlone[] = [];
					for (const u of undos.reverse()) {
						const r = await u();
						if (r !== null) refused.push(r);
					}
					return refused;
				},
			},
		};
	}

	/**
	 * An open editor on `p` holds text other than `expected`: typing not saved yet, which a write
	 * would lose. Line ends are not compared: the editor may hold `\n` for a file's `\r\n`.
	 */
	private unsavedIn(p: string, expected: string): boolean {
		const want = expected.replace(/\r\n/g, '\n');
		for (const leaf of this.app.workspace.getLeavesOfType('markdown')) {
			const view = leaf.view;
			if (view instanceof MarkdownView && view.file?.path === p && view.editor.getValue().replace(/\r\n/g, '\n') !== want) return true;
		}
		return false;
	}

	/**
	 * Replaces the note's text `from` by `to` through `Vault.process`, checked inside it; bytes that
	 * are not UTF-8 text are written as bytes after the same check. Null when written.
	 */
	private async replace(file: TFile, from: ArrayBuffer, to: ArrayBuffer): Promise<LeftReason | null> {
		const vault = this.app.vault;
		const fromText = exactText(from);
		const toText = exactText(to);
		if (fromText !== null && this.unsavedIn(file.path, fromText)) return 'unsaved';
		try {
			if (fromText !== null && toText !== null) {
				await vault.process(file, (data) => {
					if (data !== fromText) throw new LeaveAlone('changed');
					if (this.unsavedIn(file.path, fromText)) throw new LeaveAlone('unsaved');
					return toText;
				});
				return null;
			}
			const held = await this.holds(file, from);
			if (held !== null) return held;
			await vault.modifyBinary(file, to);
			return null;
		} catch (error) {
			if (error instanceof LeaveAlone) return error.reason;
			throw error;
		}
	}

	/** Whether the note's bytes are `bytes` now (a note to be trashed or recreated is checked so first). */
	private async holds(file: TFile, bytes: ArrayBuffer): Promise<LeftReason | null> {
		const text = exactText(bytes);
		if (text !== null && this.unsavedIn(file.path, text)) return 'unsaved';
		return (await sha256Hex(await this.app.vault.readBinary(file))) === (await sha256Hex(bytes)) ? null : 'changed';
	}

	private async revertOne(change: LoadedChange, before: BeforeVersion): Promise<(() => Promise<LeftAlone | null>) | LeftAlone> {
		const vault = this.app.vault;
		const p = change.ref.path;
		const previousMark = this.store.noteMark(p);
		const agents = change.nowBytes;
		const beforeBytes = toArrayBuffer(before.bytes ?? new Uint8Array());
		const file = vault.getFileByPath(p);
		await this.byHuman(p);
		let refused: LeftReason | null = null;
		if (before.state === 'new') {
			if (file !== null && agents !== null) refused = await this.holds(file, agents);
			// Trashed, not deleted: even a note changed in the last moment stays in the trash.
			if (file !== null && refused === null) await this.app.fileManager.trashFile(file);
		} else if (file !== null) {
			refused = agents === null ? 'changed' : await this.replace(file, agents, beforeBytes);
		} else {
			await this.ensureFolder(p);
			await vault.createBinary(p, beforeBytes);
		}
		if (refused !== null) return { path: p, reason: refused };
		await this.store.markNote(p, this.latestAt(p, this.clock().toISOString()));
		this.store.beforeVersions?.drop(p, change.ref.session);
		return async () => {
			const now = vault.getFileByPath(p);
			let undoRefused: LeftReason | null = null;
			// What the revert left must still be there: an edit since is the human's and stays.
			if (before.state === 'new') undoRefused = now === null ? null : 'changed';
			else if (now === null) undoRefused = 'changed';
			else if (agents === null) undoRefused = await this.holds(now, beforeBytes);
			if (undoRefused !== null) return { path: p, reason: undoRefused };
			await this.byHuman(p);
			if (agents === null) {
				if (now !== null) await this.app.fileManager.trashFile(now);
			} else if (now !== null) {
				undoRefused = await this.replace(now, beforeBytes, agents);
				if (undoRefused !== null) return { path: p, reason: undoRefused };
			} else {
				await this.ensureFolder(p);
				await vault.createBinary(p, agents);
			}
			this.store.beforeVersions?.restore(before);
			await this.store.restoreNoteMark(p, previousMark);
			return null;
		};
	}

	/** Records `p` as changed by the human before the write, so the session net leaves the write out. */
	private async byHuman(p: string): Promise<void> {
		const writes = this.store.humanWrites;
		if (writes === null) return;
		writes.note(p);
		await writes.flush();
	}

	private async ensureFolder(p: string): Promise<void> {
		const slash = p.lastIndexOf('/');
		if (slash <= 0) return;
		const folder = normalizePath(p.slice(0, slash));
		if (this.app.vault.getAbstractFileByPath(folder) === null) await this.app.vault.createFolder(folder);
	}

	/**
	 * Lets go of before-versions whose changes are all reviewed (at the plugin's start, when no
	 * Undo can still want them). One without any journal record yet waits: a shell edit is
	 * journaled at the session's end.
	 */
	pruneReviewed(): void {
		const io = this.store.beforeVersions;
		if (io === null) return;
		try {
			for (const v of io.headers()) {
				const records = this.store.recordsOf(v.path).filter((r) => r.session === v.session && r.at >= v.at);
				if (records.length > 0 && !this.store.isUnreviewed(v.path, v.session)) io.drop(v.path, v.session);
			}
		} catch {
			// Tried again at the next start; the hooks bound the folder meanwhile.
		}
	}
}

/** Whether `file` is a note a review can show (a Markdown file). */
export function isReviewable(file: unknown): file is TFile {
	return file instanceof TFile && file.extension === 'md';
}
