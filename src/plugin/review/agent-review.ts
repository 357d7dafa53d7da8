/**
 * Reviewing an agent's change like a pull request (docs/design.md, "Reviewing what agents
 * changed"): the versions of a note (its before-version, what the agent left, the note now), and
 * the two answers, Accept (mark reviewed, as the sidebar's check mark does) and Revert (the
 * before-version put back through the vault's API, only while the note still holds what the
 * agent left), each with an Undo. No DOM here: the diff view (agent-diff-modal.ts) and the
 * sidebar's menus call it.
 */
import { normalizePath, TFile, type App } from 'obsidian';
import { revertVerdict, type RevertVerdict } from '../../core/change-review';
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

export interface Undo {
	run(): Promise<void>;
}

function toArrayBuffer(bytes: Uint8Array): ArrayBuffer {
	return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}

async function sha256Hex(data: ArrayBuffer): Promise<string> {
	const digest = await crypto.subtle.digest('SHA-256', data);
	return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

const decoder = new TextDecoder();

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
			},
		};
	}

	/**
	 * Reverts each change whose note still holds what the agent left (checked again now); the rest
	 * are skipped. Reverted notes are marked reviewed: the change is the human's now.
	 */
	async revert(refs: readonly ChangeRef[]): Promise<{ reverted: number; skipped: number; undo: Undo }> {
		const undos: Array<() => Promise<void>> = [];
		let skipped = 0;
		for (const ref of refs) {
			const change = await this.load(ref);
			if (change.verdict !== 'ok' || change.before === null || change.before.bytes === null) {
				skipped++;
				continue;
			}
			undos.push(await this.revertOne(change, change.before));
		}
		return {
			reverted: undos.length,
			skipped,
			undo: {
				run: async () => {
					for (const u of undos.reverse()) await u();
				},
			},
		};
	}

	private async revertOne(change: LoadedChange, before: BeforeVersion): Promise<() => Promise<void>> {
		const vault = this.app.vault;
		const p = change.ref.path;
		const previousMark = this.store.noteMark(p);
		const agents = change.nowBytes;
		const file = vault.getFileByPath(p);
		await this.byHuman(p);
		if (before.state === 'new') {
			if (file !== null) await this.app.fileManager.trashFile(file);
		} else if (file !== null) {
			await vault.modifyBinary(file, toArrayBuffer(before.bytes ?? new Uint8Array()));
		} else {
			await this.ensureFolder(p);
			await vault.createBinary(p, toArrayBuffer(before.bytes ?? new Uint8Array()));
		}
		await this.store.markNote(p, this.latestAt(p, this.clock().toISOString()));
		this.store.beforeVersions?.drop(p, change.ref.session);
		return async () => {
			const now = vault.getFileByPath(p);
			await this.byHuman(p);
			if (agents === null) {
				if (now !== null) await this.app.fileManager.trashFile(now);
			} else if (now !== null) await vault.modifyBinary(now, agents);
			else {
				await this.ensureFolder(p);
				await vault.createBinary(p, agents);
			}
			this.store.beforeVersions?.restore(before);
			await this.store.restoreNoteMark(p, previousMark);
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
