/**
 * File access for install/uninstall: inside the vault through the state-file module, so a planted
 * link, FIFO or folder is refused with what to do. Outside it only the agent settings files the
 * user asked to change, where a symlinked file (a dotfile manager's) is edited at its target.
 */
import { createHash } from 'node:crypto';
import * as path from 'node:path';
import {
	agentSettingsStat,
	inspectStateFile,
	readAgentSettingsFile,
	resolveLink,
	readStateFile,
	removeAgentFolderIfEmpty,
	removeAgentSettingsFile,
	removeStateFile,
	removeStateFolderIfEmpty,
	StateFileError,
	statStateFile,
	writeAgentSettingsFile,
	writeStateFile,
} from '../../state-file';

/** A file we may not or could not write; nothing was changed. */
export class WriteError extends Error {}

/** An agent settings file or a hook file is far smaller; a larger file is not one to edit. */
const MAX_BYTES = 64 * 1024 * 1024;

export function sha256(data: string | Buffer): string {
	return createHash('sha256').update(data).digest('hex');
}

/** Whether `file` lies in the vault by its path (where the state-file module's rules apply). */
export function inVault(vault: string, file: string): boolean {
	const rel = path.relative(path.resolve(vault), path.resolve(file));
	return !path.isAbsolute(rel) && rel !== '..' && !rel.startsWith(`..${path.sep}`);
}

function refusedInVault(file: string, reason: string): WriteError {
	return new WriteError(`${file} ${reason}; Session Brief does not follow links or open anything but regular files in the vault. Remove it (or put the real file there) and run this again. Nothing was changed.`);
}

/** The file's bytes, or null when there is none. Throws WriteError for a link, FIFO or folder in the vault. */
export function readIfExists(vault: string, file: string): Buffer | null {
	if (!inVault(vault, file)) {
		try {
			return readAgentSettingsFile(file, MAX_BYTES);
		} catch (error) {
			// The code stays readable: doctor tells an unreadable managed file from a damaged one.
			throw Object.assign(new WriteError(`cannot read ${file}: ${(error as Error).message}`), { code: (error as NodeJS.ErrnoException).code });
		}
	}
	const entry = inspectStateFile(vault, file);
	if (entry.kind === 'missing') return null;
	if (entry.kind === 'damaged') throw refusedInVault(file, entry.reason);
	const data = readStateFile(vault, file, MAX_BYTES);
	if (data === null) throw new WriteError(`cannot read ${file}: it changed while being read, or is larger than ${MAX_BYTES} bytes. Nothing was changed.`);
	return data;
}

/**
 * Refuses a file without any write bit even when the process could write it anyway (root, or a
 * rename in a writable folder): read-only is the operator's decision.
 */
export function assertWritable(vault: string, file: string): void {
	const st = inVault(vault, file) ? statStateFile(vault, file) : agentSettingsStat(file);
	if (st !== null && (st.mode & 0o222) === 0) throw new WriteError(`${file} is read-only; it was left unchanged. Make it writable (chmod u+w) and run this again.`);
}

/** Writes atomically, keeping the file's mode. */
export function writeAtomic(vault: string, file: string, data: string | Buffer): void {
	if (!inVault(vault, file)) {
		// A dotfile manager links ~/.claude/settings.json: the file it points to is edited in place.
		const target = resolveLink(file);
		assertWritable(vault, target);
		try {
			writeAgentSettingsFile(target, data, { mode: 'keep' });
		} catch (error) {
			throw new WriteError(`cannot write ${target}: ${(error as Error).message}. Nothing in it was changed.`);
		}
		return;
	}
	const entry = inspectStateFile(vault, file);
	if (entry.kind === 'damaged') throw refusedInVault(file, entry.reason);
	assertWritable(vault, file);
	try {
		writeStateFile(vault, file, data, { mode: 'keep' });
	} catch (error) {
		if (error instanceof StateFileError) throw refusedInVault(file, error.reason);
		throw new WriteError(`cannot write ${file}: ${(error as Error).message}. Nothing in it was changed.`);
	}
}

/** Removes a file (a link in the vault is removed itself, never what it points to); false when none was there. */
export function removeFile(vault: string, file: string): boolean {
	try {
		return inVault(vault, file) ? removeStateFile(vault, file) : removeAgentSettingsFile(file);
	} catch (error) {
		throw new WriteError(`cannot remove ${file}: ${(error as Error).message}`);
	}
}

/** Removes `dir` only when empty; an operator's file in it keeps it. */
export function removeDirIfEmpty(vault: string, dir: string): void {
	if (inVault(vault, dir)) removeStateFolderIfEmpty(vault, dir);
	else removeAgentFolderIfEmpty(dir);
}
