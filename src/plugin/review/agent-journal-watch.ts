/**
 * Follows the agent changes journal and the review marks while Obsidian runs. The vault sends no
 * events for the plugin's folder, so both are polled by size and modification time and read only
 * when those changed, the journal as a tail while the hooks only appended.
 */
import { boundJournal, JOURNAL_FILE, parseJournal, withCopy, type JournalRecord } from '../../core/trail/agent-journal';
import { judgeMarks, type DeviceTrust, type MarksVerdict, type ReviewSeal } from '../../core/review/review-seal';
import { emptyMarks, parseReviewMarks, REVIEW_FILE, type ReviewMarks } from '../../core/trail/what-changed';
import type { JournalPiece } from '../../node/journal/journal-tail';

export interface FileStamp {
	size: number;
	mtime: number;
}

/** The plugin folder's files as the watch needs them. */
export interface AgentChangesIo {
	/** Size and modification time of a file of the plugin folder; null when it is missing. */
	stat(name: string): Promise<FileStamp | null>;
	/** The journal after `from` when `ino` still names the same file, else all of it; null when missing. */
	readJournal(from: number, ino: number | null): Promise<JournalPiece | null>;
	/**
	 * The journal's copy outside the vault (src/node/journal/agent-journal-copy.ts): its stamp, and
	 * its text as readers read it; null when there is none. Left out where there is no such place.
	 */
	statJournalCopy?(): Promise<FileStamp | null>;
	readJournalCopy?(): Promise<string | null>;
	/** The marks file's text; null when missing. */
	readMarks(): Promise<string | null>;
	/** Replaces the marks file atomically (and, where there is one, seals that text). */
	writeMarks(text: string): Promise<void>;
	/**
	 * The plugin's copy of the marks it last wrote (src/core/review/review-seal.ts), kept outside the vault;
	 * null when none. Left out where there is no such place: the marks are then taken as they are.
	 */
	readSeal?(): Promise<ReviewSeal | null>;
	/** Records `text` as the marks the human accepts (the seal). */
	seal?(text: string): Promise<void>;
	/** This device's key and the devices the human trusts, whose signed marks count; left out: none. */
	trust?(): Promise<DeviceTrust>;
	/** Adds a device the human confirmed to the trusted ones. */
	trustDevice?(key: string, label: string | null): Promise<void>;
}

function sameStamp(a: FileStamp | null, b: FileStamp | null): boolean {
	return a === b || (a !== null && b !== null && a.size === b.size && a.mtime === b.mtime);
}

function byTime(a: JournalRecord, b: JournalRecord): number {
	return a.at < b.at ? -1 : a.at > b.at ? 1 : 0;
}

export function parseMarksText(text: string | null): ReviewMarks {
	if (text === null) return emptyMarks();
	try {
		return parseReviewMarks(JSON.parse(text) as unknown);
	} catch {
		// A damaged file counts as none, as the bridge reads it: at worst a reviewed note shows again.
		return emptyMarks();
	}
}

export class JournalWatch {
	/** The vault's journal with the records of its copy it lost. */
	records: JournalRecord[] = [];
	/** How many records the vault's journal lost that its copy outside the vault holds. */
	lost = 0;
	/** The vault's journal alone. */
	private own: JournalRecord[] = [];
	private copyStamp: FileStamp | null = null;
	/** The copy's text as last read and its records: a copy the hooks only appended to is parsed from where it grew. */
	private copyText: string | null = null;
	private copyRecords: JournalRecord[] | null = null;
	/** The marks that count: the file's, or the seal's when the file was changed outside Obsidian. */
	marks: ReviewMarks = emptyMarks();
	/** The verdict behind `marks`: its `outside` part is set while the file differs from the seal. */
	verdict: MarksVerdict = { marks: emptyMarks(), outside: null, reseal: false };
	/** This device's public key as last read (null: none), which the prompt about another device names. */
	ownKey: string | null = null;
	/** When the marks file was changed outside Obsidian (its modification time), while it is. */
	outsideAt: string | null = null;
	/** Test and bench seam: how many times a file was read (not just stat'ed). */
	reads = 0;
	private journalStamp: FileStamp | null = null;
	private marksStamp: FileStamp | null = null;
	/** Where the next tail read of the journal starts, and which file it continues. */
	private end = 0;
	private ino: number | null = null;
	private first = true;

	constructor(private readonly io: AgentChangesIo) {}

	/** One poll: true when the records or the marks changed. */
	async tick(now: Date): Promise<boolean> {
		const [journal, marks, copy] = await Promise.all([this.io.stat(JOURNAL_FILE), this.io.stat(REVIEW_FILE), this.io.statJournalCopy?.() ?? null]);
		let changed = false;
		let records = false;
		if (this.first || !sameStamp(journal, this.journalStamp)) {
			records = await this.readJournal(journal, now);
		}
		if (this.io.readJournalCopy !== undefined && (this.first || !sameStamp(copy, this.copyStamp))) {
			this.copyStamp = copy;
			this.readCopy(copy === null ? null : await this.io.readJournalCopy());
			records = true;
		}
		if (records) {
			const merged = withCopy(this.own, this.copyRecords, now);
			changed = true;
			this.records = merged.records;
			this.lost = merged.lost;
		}
		if (this.first || !sameStamp(marks, this.marksStamp)) {
			this.marksStamp = marks;
			this.reads++;
			this.verdict = await this.judge(marks === null ? null : await this.io.readMarks());
			this.marks = this.verdict.marks;
			this.outsideAt = this.verdict.outside !== null && marks !== null ? new Date(marks.mtime).toISOString() : null;
			changed = true;
		}
		this.first = false;
		return changed;
	}

	private readCopy(text: string | null): void {
		const was = this.copyText;
		if (text === null || this.copyRecords === null || was === null || !text.startsWith(was) || !was.endsWith('\n')) {
			this.copyRecords = text === null ? null : parseJournal(text);
		} else if (text.length > was.length) {
			const fresh = parseJournal(text.slice(was.length));
			const last = this.copyRecords[this.copyRecords.length - 1];
			const merged = this.copyRecords.concat(fresh);
			// Appends of concurrent hooks may land a little out of clock order.
			if (last !== undefined && (fresh[0]?.at ?? '') < last.at) merged.sort(byTime);
			this.copyRecords = merged;
		}
		this.copyText = text;
	}

	private async readJournal(stamp: FileStamp | null, now: Date): Promise<boolean> {
		this.journalStamp = stamp;
		const hadRecords = this.own.length > 0;
		if (stamp === null) {
			this.own = [];
			this.end = 0;
			this.ino = null;
			return hadRecords;
		}
		this.reads++;
		const piece = await this.io.readJournal(this.end, this.ino);
		if (piece === null) {
			this.own = [];
			this.end = 0;
			this.ino = null;
			return hadRecords;
		}
		this.end = piece.end;
		this.ino = piece.ino;
		if (piece.whole) {
			this.own = boundJournal(parseJournal(piece.text), now);
			return true;
		}
		if (piece.text === '') return false;
		const fresh = parseJournal(piece.text);
		if (fresh.length === 0) return false;
		// Appends of concurrent hooks may land a little out of clock order.
		const merged = this.own.concat(fresh);
		const last = this.own[this.own.length - 1];
		if (last !== undefined && (fresh[0]?.at ?? '') < last.at) merged.sort(byTime);
		this.own = boundJournal(merged, now);
		return true;
	}

	/**
	 * The marks file judged against the seal and this device's keys. Without a seal yet (the first
	 * run on this computer, or one before seals existed) the file is taken as it is and sealed, so
	 * later changes show; marks a trusted device signed are sealed as they count, so a replay of
	 * older ones shows.
	 */
	async judge(text: string | null): Promise<MarksVerdict> {
		if (this.io.readSeal === undefined) return { marks: parseMarksText(text), outside: null, reseal: false };
		const seal = await this.io.readSeal();
		if (seal === null && text !== null) await this.io.seal?.(text);
		const trust = await this.io.trust?.();
		this.ownKey = trust?.own ?? null;
		const verdict = judgeMarks(text, seal, trust);
		if (verdict.reseal && text !== null) await this.io.seal?.(text);
		return verdict;
	}

	/** The marks after the plugin itself wrote (and sealed) them. */
	setMarks(marks: ReviewMarks): void {
		this.marks = marks;
		this.verdict = { marks, outside: null, reseal: false };
		this.outsideAt = null;
	}

	/** Reads the marks again at the next tick (after the human accepted the outside marks). */
	forget(): void {
		this.marksStamp = { size: -1, mtime: -1 };
	}
}
