/**
 * The review seal on disk (src/core/review/review-seal.ts holds the rules): a copy of the review marks the
 * plugin last wrote, kept per vault in Session Brief's per-user folder outside every vault, where a
 * synced or cloned vault and an agent's file tools do not reach. Both the plugin (desktop) and the
 * hooks read it; only the plugin's own review actions write it. The plugin also signs the marks it
 * writes with this device's key (./device-key.ts).
 */
import * as path from 'node:path';
import { judgeMarks, marksToSign, verifiedSigner, nextSealText, parseSeal, signedMarksText, type DeviceTrust, type MarksVerdict, type ReviewSeal } from '../../core/review/review-seal';
import { REVIEW_FILE } from '../../core/trail/what-changed';
import { readRegularFile, readStateText, statStateFile, writeUserStateFile } from '../state-file';
import { deviceTrust, ensureDeviceKey, newVaultId, signWith } from './device-key';
import { REVIEW_SEAL_PREFIX } from '../state-registry';
import { vaultStateFile } from './user-state-dir';

/** The marks are pruned with the journal; a larger file is not one the plugin wrote. */
const MAX_BYTES = 4 * 1024 * 1024;

/** The seal of the vault at `root`: one file per vault, named by a hash of its real path. */
export function sealFile(root: string, env: NodeJS.ProcessEnv = process.env): string {
	return vaultStateFile(root, REVIEW_SEAL_PREFIX, '.json', env);
}

export function readSeal(root: string, env: NodeJS.ProcessEnv = process.env): ReviewSeal | null {
	const data = readRegularFile(sealFile(root, env), MAX_BYTES);
	if (data === null) return null;
	try {
		return parseSeal(JSON.parse(data.toString('utf8')) as unknown);
	} catch {
		return null;
	}
}

/**
 * Called by the plugin after each write of the marks, with the very text it wrote, and when it
 * counts marks it did not write (a trusted device's, or ones the human accepted).
 */
export function writeSeal(root: string, marksText: string, now: Date, env: NodeJS.ProcessEnv = process.env): void {
	writeUserStateFile(sealFile(root, env), nextSealText(readSeal(root, env), marksText, now, deviceTrust(env)));
}

/**
 * The marks text signed with this device's key (made on first use), for this vault, with a
 * sequence number above every one this device counted here; `current` is the marks file as it is
 * now (null: none). The plugin only.
 */
export function signMarks(root: string, marksText: string, now: Date, env: NodeJS.ProcessEnv = process.env, current: string | null = null): string {
	const key = ensureDeviceKey(env);
	const seal = readSeal(root, env);
	const seq = Math.max(now.getTime(), (seal?.seen[key.key] ?? 0) + 1);
	// A seal that never counted signed marks takes the vault's id from the file, when another device signed it already.
	const vault = seal?.vault ?? verifiedSigner(current, deviceTrust(env))?.vault ?? newVaultId();
	const { body, payload } = marksToSign(marksText, { key: key.key, device: key.label, vault, seq });
	return signedMarksText(body, signWith(key, payload));
}

/** The marks file's text as on disk (null: none or damaged). */
export function readMarksText(root: string, pluginDir: string): string | null {
	return readStateText(root, path.join(pluginDir, REVIEW_FILE), MAX_BYTES);
}

/** When the marks file was last changed (ISO-8601), or null. */
export function marksChangedAt(root: string, pluginDir: string): string | null {
	const st = statStateFile(root, path.join(pluginDir, REVIEW_FILE));
	return st === null ? null : new Date(st.mtimeMs).toISOString();
}

/** The marks that count, judged against the seal; `text` when the caller already read the file. */
export function trustedMarks(root: string, pluginDir: string, text: string | null = readMarksText(root, pluginDir), env: NodeJS.ProcessEnv = process.env): MarksVerdict {
	return judgeMarksText(root, text, env);
}

/** The marks file's `text` judged against this vault's seal and this device's keys, as the plugin judges it. */
export function judgeMarksText(root: string, text: string | null, env: NodeJS.ProcessEnv = process.env): MarksVerdict {
	const seal = readSeal(root, env);
	// Without a seal the file counts as it is: the keys need not be read.
	const trust: DeviceTrust | undefined = seal === null || seal.marks === (text ?? '') ? undefined : deviceTrust(env);
	return judgeMarks(text, seal, trust);
}

