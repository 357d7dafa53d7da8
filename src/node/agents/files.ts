/** File writes for install/uninstall: atomic, never through a read-only mark, never replacing a symlink. */
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import { writeFileAtomic } from '../atomic-write';

/** A file we may not or could not write; nothing was changed. */
export class WriteError extends Error {}

export function sha256(data: string | Buffer): string {
	return createHash('sha256').update(data).digest('hex');
}

export function readIfExists(file: string): Buffer | null {
	try {
		return fs.readFileSync(file);
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
		throw new WriteError(`cannot read ${file}: ${(error as Error).message}`);
	}
}

/** The file a symlink points to (dotfile managers link ~/.claude/settings.json), so we edit it in place. */
function realTarget(file: string): string {
	try {
		return fs.realpathSync(file);
	} catch {
		return file;
	}
}

/**
 * Refuses a file without any write bit even when the process could write it anyway (root, or a
 * rename in a writable folder): read-only is the operator's decision.
 */
export function assertWritable(file: string): void {
	let st: fs.Stats;
	try {
		st = fs.statSync(file);
	} catch {
		return;
	}
	if ((st.mode & 0o222) === 0) throw new WriteError(`${file} is read-only; it was left unchanged. Make it writable (chmod u+w) and run this again.`);
}

/** Writes atomically (src/node/atomic-write.ts) through a symlink, keeping the file's mode. */
export function writeAtomic(file: string, data: string | Buffer): void {
	const target = realTarget(file);
	assertWritable(target);
	try {
		writeFileAtomic(target, data, { mode: 'keep' });
	} catch (error) {
		throw new WriteError(`cannot write ${target}: ${(error as Error).message}. Nothing in it was changed.`);
	}
}

export function removeFile(file: string): boolean {
	try {
		fs.unlinkSync(file);
		return true;
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
		throw new WriteError(`cannot remove ${file}: ${(error as Error).message}`);
	}
}

/** Removes `dir` only when empty; an operator's file in it keeps it. */
export function removeDirIfEmpty(dir: string): void {
	try {
		if (fs.readdirSync(dir).length === 0) fs.rmdirSync(dir);
	} catch {
		// Gone already or not ours to judge.
	}
}
