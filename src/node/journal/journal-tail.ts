/**
 * Reading the agent changes journal a piece at a time, for the sidebar that watches it while
 * Obsidian runs (src/plugin/review/agent-journal-watch.ts). Hooks only ever append to the file in place;
 * a compaction replaces it with a new file by a rename (src/node/journal/agent-journal.ts). So while the
 * path names the same file (same inode) and it has not shrunk, the bytes already read are still
 * there unchanged and only what follows them is new: that tail is all a reader needs.
 */
import * as fs from 'node:fs';
import { COMPACT_AT_BYTES } from '../../core/trail/agent-journal';
import { inspectStateFile, openStateFile } from '../state-file';

export interface JournalPiece {
	/** Complete lines only: a line still being written is left for the next read. */
	text: string;
	/** Where the next read continues (just after the last complete line). */
	end: number;
	/** The file's identity, to tell an append from a replaced file next time. */
	ino: number;
	/** True when `text` is the whole readable journal (a first read or a replaced file), false for a tail. */
	whole: boolean;
}

/**
 * The journal's new complete lines after `from` when `ino` still names the same file and it has
 * not shrunk; otherwise (first read, compaction, replaced by a sync) the whole journal, at most its
 * last 8 MB as every reader reads it. Null when there is no journal. A planted link, FIFO or
 * folder in its place is never opened (src/node/state-file.ts): an error the sidebar shows.
 */
export async function readJournalPiece(root: string, file: string, from: number, ino: number | null): Promise<JournalPiece | null> {
	const fd = openStateFile(root, file);
	if (fd === null) {
		const entry = inspectStateFile(root, file);
		if (entry.kind === 'missing') return null;
		throw new Error(`the agent changes journal ${entry.kind === 'damaged' ? entry.reason : 'cannot be read'}`);
	}
	try {
		const st = fs.fstatSync(fd);
		const size = st.size;
		const tail = ino !== null && st.ino === ino && size >= from;
		const start = tail ? from : Math.max(0, size - 2 * COMPACT_AT_BYTES);
		if (size <= start) return { text: '', end: tail ? from : size, ino: st.ino, whole: !tail };
		const buf = Buffer.alloc(size - start);
		const bytesRead = await new Promise<number>((resolve, reject) => {
			fs.read(fd, buf, 0, buf.length, start, (error, n) => (error === null ? resolve(n) : reject(error)));
		});
		const last = buf.subarray(0, bytesRead).lastIndexOf(0x0a);
		if (last < 0) return { text: '', end: start, ino: st.ino, whole: !tail };
		return { text: buf.subarray(0, last + 1).toString('utf8'), end: start + last + 1, ino: st.ino, whole: !tail };
	} finally {
		fs.closeSync(fd);
	}
}
