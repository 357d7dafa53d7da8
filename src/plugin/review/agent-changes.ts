/**
 * The unreviewed agent changes behind *Changed by agents* and the status-bar count (docs/design.md,
 * "What agents changed"): the core's rules (the same the bridge applies) fed from the journal watch
 * and the vault; marks go to `agent-review.json`, never into a note.
 */
import { Events, TFile, type App, type Plugin, type TAbstractFile } from 'obsidian';
import { isCountedNote } from '../../core/notes/paths';
import type { Settings } from '../../core/settings';
import { agentChangesItem, followRenames, isReviewed, markAll, markNote, markSession, pruneMarks, renameInMarks, sessionKey, unreviewedSessions, type ChangeSession, type ReviewMarks } from '../../core/trail/what-changed';
import { hiddenByOutsideMarks, shortKeyId, type OtherDevice } from '../../core/review/review-seal';
import { JournalWatch, type AgentChangesIo } from './agent-journal-watch';
import type { JournalRecord } from '../../core/trail/agent-journal';
import type { BeforeVersionsIo } from './before-versions-io';

export const AGENT_CHANGES_CHANGED = 'changed';
/** How often the plugin folder is polled for a grown journal (two stats when nothing changed). */
export const POLL_MS = 2000;

/** What *Mark all reviewed* set, for its Undo. */
export interface MarkAllUndo {
	previous: string | null;
	set: string;
}

export class AgentChanges extends Events {
	private watch: JournalWatch | null = null;
	private io: AgentChangesIo | null = null;
	/** Bumped whenever what `sessions()` answers may have changed. */
	private revision = 0;
	private memo: { revision: number; key: string; sessions: ChangeSession[] } | null = null;
	/** Every path the journal's records name after renames: vault events for other files are ignored. */
	private paths = new Set<string>();
	/** Marks are read, changed and written one after another. */
	private queue: Promise<unknown> = Promise.resolve();
	private inflight: Promise<void> | null = null;
	/** The last write error, for the notice; null after a good write. */
	lastError: string | null = null;
	/** The agents' before-versions of notes (src/plugin/review/before-versions-io.ts); null on a phone. */
	beforeVersions: BeforeVersionsIo | null = null;
	/**
	 * The record of notes the human changed in Obsidian (src/plugin/review/editor-writes.ts): a revert
	 * and its undo are the human's writes, so the session net never lists them as an agent's.
	 */
	humanWrites: { note(path: string): void; flush(): Promise<void> } | null = null;

	constructor(
		private readonly app: App,
		private readonly settings: () => Settings,
		private readonly clock: () => Date = () => new Date(),
	) {
		super();
	}

	/** False until the desktop gives the store its files (there is no journal on a phone). */
	get available(): boolean {
		return this.watch !== null;
	}

	/** True once the journal holds a record: the section shows from then on, even with all reviewed. */
	get hasJournal(): boolean {
		return (this.watch?.records.length ?? 0) > 0;
	}

	/** Starts watching: vault events for renames and deletions, and the poll of the plugin folder. */
	attach(io: AgentChangesIo, plugin: Plugin): void {
		this.io = io;
		this.watch = new JournalWatch(io);
		const vault = this.app.vault;
		plugin.registerEvent(vault.on('rename', (file: TAbstractFile, oldPath: string) => void this.onRename(file, oldPath)));
		plugin.registerEvent(vault.on('delete', (file: TAbstractFile) => this.onPresence(file)));
		plugin.registerEvent(vault.on('create', (file: TAbstractFile) => this.onPresence(file)));
		plugin.registerInterval(window.setInterval(() => void this.refresh(), POLL_MS));
		void this.refresh();
	}

	/**
	 * A poll of the plugin folder that starts after this call; resolves when the view has what it
	 * found. A poll under way may have read before what the caller wants seen: one more follows it,
	 * shared by every call made meanwhile, so polls are never doubled.
	 */
	refresh(): Promise<void> {
		if (this.inflight === null) {
			this.inflight = this.poll().finally(() => {
				this.inflight = null;
			});
			return this.inflight;
		}
		this.again ??= this.inflight.then(() => {
			this.again = null;
			return this.refresh();
		});
		return this.again;
	}

	private again: Promise<void> | null = null;

	private async poll(): Promise<void> {
		const watch = this.watch;
		if (watch === null) return;
		try {
			if (await watch.tick(this.clock())) this.bump();
		} catch {
			// An unreadable file now is tried again at the next tick; the section keeps what it showed.
		}
	}

	/** The unreviewed changes by session, newest first; notes deleted or no longer counted left out. */
	sessions(): ChangeSession[] {
		const watch = this.watch;
		if (watch === null) return [];
		const excluded = this.settings().excludedRootFolders;
		const key = JSON.stringify(excluded);
		if (this.memo !== null && this.memo.revision === this.revision && this.memo.key === key) return this.memo.sessions;
		const vault = this.app.vault;
		const sessions = unreviewedSessions(watch.records, watch.marks, (p) => isCountedNote(p, excluded) && vault.getFileByPath(p) !== null);
		this.memo = { revision: this.revision, key, sessions };
		return sessions;
	}

	/** How many notes wait for review: the `agentChanges` count the bridge reports. */
	count(): number {
		return agentChangesItem(this.sessions()).count;
	}

	/** How many records the vault's journal lost that its copy outside the vault holds (shown again). */
	journalLost(): number {
		return this.watch?.lost ?? 0;
	}

	/**
	 * When the review marks file does not count (src/core/review/review-seal.ts): when it was changed, how
	 * many of the changes shown it would hide, and the device that signed it when the human has not
	 * trusted that device yet (null: nothing verifiable did); null while the file counts.
	 */
	changedOutside(): { at: string | null; hidden: number; device: (OtherDevice & { own: string | null }) | null } | null {
		const watch = this.watch;
		if (watch === null || watch.verdict.outside === null) return null;
		const excluded = this.settings().excludedRootFolders;
		const vault = this.app.vault;
		const other = watch.verdict.outside.device;
		return {
			at: watch.outsideAt,
			hidden: hiddenByOutsideMarks(watch.records, watch.verdict, (p) => isCountedNote(p, excluded) && vault.getFileByPath(p) !== null),
			device: other === null ? null : { ...other, own: watch.ownKey === null ? null : shortKeyId(watch.ownKey) },
		};
	}

	/**
	 * The human trusts the device that signed the marks file: its marks count from now on, in every
	 * vault on this device, and the file as it is now counts (it is sealed).
	 */
	trustOutsideDevice(): Promise<void> {
		const run = async (): Promise<void> => {
			const io = this.io;
			const watch = this.watch;
			const outside = watch?.verdict.outside;
			if (io === null || watch === null || outside === undefined || outside === null || outside.device === null) return;
			await io.trustDevice?.(outside.device.key, outside.device.label);
			await io.seal?.(outside.text ?? '');
			watch.forget();
			await this.refresh();
		};
		const next = this.queue.then(run);
		this.queue = next.catch(() => undefined);
		return next;
	}

	/** The human accepts the marks as the file holds them now (a sync from another device, say). */
	acceptOutsideMarks(): Promise<void> {
		const run = async (): Promise<void> => {
			const io = this.io;
			const watch = this.watch;
			if (io === null || watch === null || watch.verdict.outside === null) return;
			await io.seal?.(watch.verdict.outside.text ?? '');
			watch.forget();
			await this.refresh();
		};
		const next = this.queue.then(run);
		this.queue = next.catch(() => undefined);
		return next;
	}

	markNote(path: string, at: string): Promise<void> {
		return this.updateMarks((m) => markNote(m, path, at));
	}

	markSession(session: string | null, at: string): Promise<void> {
		return this.updateMarks((m) => markSession(m, session, at));
	}

	/** Marks everything up to `at` reviewed; returns what its Undo needs. */
	async markAll(at: string): Promise<MarkAllUndo> {
		let previous: string | null = null;
		await this.updateMarks((m) => {
			previous = m.all;
			return markAll(m, at);
		});
		return { previous, set: at };
	}

	/** The journal's records of `path` (renames followed), oldest first: the review's facts about a note. */
	recordsOf(path: string): JournalRecord[] {
		const watch = this.watch;
		if (watch === null) return [];
		return followRenames(watch.records, watch.marks.renames).filter((r) => r.path === path);
	}

	/** Whether the journal holds a record of `path` in `session` that no mark covers. */
	isUnreviewed(path: string, session: string | null): boolean {
		const marks = this.watch?.marks;
		return marks !== undefined && this.recordsOf(path).some((r) => r.session === session && !isReviewed(r, marks));
	}

	/** The note's own mark now (undefined: none), for an Undo that puts it back. */
	noteMark(path: string): string | undefined {
		return this.watch?.marks.notes[path];
	}

	/** Puts a note's own mark back as it was (undefined: removes it). */
	restoreNoteMark(path: string, mark: string | undefined): Promise<void> {
		return this.updateMarks((m) => {
			const notes = { ...m.notes };
			if (mark === undefined) delete notes[path];
			else notes[path] = mark;
			return { ...m, notes };
		});
	}

	/** The session's own mark now (undefined: none), for an Undo that puts it back. */
	sessionMark(session: string | null): string | undefined {
		return this.watch?.marks.sessions[sessionKey(session)];
	}

	/** Puts a session's own mark back as it was (undefined: removes it). */
	restoreSessionMark(session: string | null, mark: string | undefined): Promise<void> {
		return this.updateMarks((m) => {
			const sessions = { ...m.sessions };
			if (mark === undefined) delete sessions[sessionKey(session)];
			else sessions[sessionKey(session)] = mark;
			return { ...m, sessions };
		});
	}

	/** Takes a *Mark all reviewed* back, unless a later one replaced it; every other mark stays. */
	undoMarkAll(undo: MarkAllUndo): Promise<void> {
		return this.updateMarks((m) => (m.all === undo.set ? { ...m, all: undo.previous } : m));
	}

	/**
	 * Reads the file again (another device may have written it through a sync), applies the change,
	 * drops marks older than the journal keeps, and replaces the file atomically.
	 */
	private updateMarks(change: (marks: ReviewMarks) => ReviewMarks): Promise<void> {
		const run = async (): Promise<void> => {
			const io = this.io;
			const watch = this.watch;
			if (io === null || watch === null) return;
			try {
				// The marks that count (a file changed outside Obsidian does not): the human's change goes on top of those.
				const next = pruneMarks(change((await watch.judge(await io.readMarks())).marks), this.clock());
				await io.writeMarks(`${JSON.stringify(next, null, '\t')}\n`);
				watch.setMarks(next);
				this.lastError = null;
			} catch (error) {
				this.lastError = (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? 'error';
			}
			this.bump();
		};
		const next = this.queue.then(run);
		this.queue = next.catch(() => undefined);
		return next;
	}

	private async onRename(file: TAbstractFile, oldPath: string): Promise<void> {
		if (!(file instanceof TFile) || this.watch === null) return;
		// Only renames of notes the journal or the marks know of are kept; the rest would only grow the file.
		if (!this.paths.has(oldPath) && this.watch.marks.notes[oldPath] === undefined) return;
		const at = this.clock().toISOString();
		await this.updateMarks((m) => renameInMarks(m, oldPath, file.path, at));
	}

	private onPresence(file: TAbstractFile): void {
		if (file instanceof TFile && this.paths.has(file.path)) this.bump();
	}

	private bump(): void {
		this.revision++;
		const watch = this.watch;
		this.paths = watch === null ? new Set() : new Set(followRenames(watch.records, watch.marks.renames).map((r) => r.path));
		this.trigger(AGENT_CHANGES_CHANGED);
	}
}
