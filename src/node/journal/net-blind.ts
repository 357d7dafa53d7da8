/**
 * Where the session net keeps its files for a vault (src/node/journal/session-net.ts), and what its
 * last walk could not see, which the session start's brief tells in one line: a small module of
 * its own, so that the session start file holds no walk.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileKey } from '../../core/file-key';
import { MAX_SKIPPED } from '../../core/trail/session-net';
import { NET_BLIND_FILE, NET_STATE_PREFIX } from '../../core/state-names';
import { readRegularFile, removeUserStateFile, writeUserStateFile } from '../state-file';
import { userStateDir } from './user-state-dir';
import { BASELINE_ENV } from './session-baseline-start';
import type { NetState } from '../../core/trail/session-notes';

const BLIND_MAX_BYTES = 64 * 1024;

/** The net's folder of the vault at `root`, named by a hash of its real path as the review seal's file is. */
export function netFolder(root: string, env: NodeJS.ProcessEnv = process.env): string {
	let real = path.resolve(root);
	try {
		real = fs.realpathSync.native(real);
	} catch {
		// A vault that cannot be resolved is named by its path as given.
	}
	return path.join(userStateDir(env), `${NET_STATE_PREFIX}${fileKey(real)}`);
}

/** A JSON file of the per-user folder; null when missing, not a regular file, too large or not JSON. */
export function readJson(file: string, max: number): unknown {
	const data = readRegularFile(file, max);
	if (data === null) return null;
	try {
		return JSON.parse(data.toString('utf8')) as unknown;
	} catch {
		return null;
	}
}

/** What the last walk could not see, as the brief tells it: `off` when no baseline could be kept at all. */
export interface NetBlind {
	at: string;
	off: string | null;
	skipped: { path: string; why: string }[];
	more: number;
}

function parseBlind(v: unknown): NetBlind | null {
	if (typeof v !== 'object' || v === null || Array.isArray(v)) return null;
	const o = v as Record<string, unknown>;
	if (typeof o.at !== 'string' || !Array.isArray(o.skipped)) return null;
	const skipped = (o.skipped as unknown[]).filter((s): s is { path: string; why: string } => typeof s === 'object' && s !== null && typeof (s as { path?: unknown }).path === 'string' && typeof (s as { why?: unknown }).why === 'string');
	return { at: o.at, off: typeof o.off === 'string' ? o.off : null, skipped, more: typeof o.more === 'number' ? o.more : 0 };
}

/** The blind spots of the vault's last walk, or null when it saw everything (one read of a small file, or of none). */
export function readNetBlind(root: string, env: NodeJS.ProcessEnv = process.env): NetBlind | null {
	return parseBlind(readJson(path.join(netFolder(root, env), NET_BLIND_FILE), BLIND_MAX_BYTES));
}

/** Keeps what a walk could not see for the next brief; a walk that saw everything removes the record. */
export function noteBlind(folder: string, now: Date, skipped: readonly { path: string; why: string }[], off: string | null = null): void {
	const file = path.join(folder, NET_BLIND_FILE);
	try {
		if (skipped.length === 0 && off === null) {
			removeUserStateFile(file);
			return;
		}
		const blind: NetBlind = { at: now.toISOString(), off, skipped: skipped.slice(0, MAX_SKIPPED), more: Math.max(0, skipped.length - MAX_SKIPPED) };
		writeUserStateFile(file, `${JSON.stringify(blind)}\n`);
	} catch {
		// The brief then tells the last record there was.
	}
}

/** Records that no baseline can be kept for the vault (the brief's line says why); never throws. */
export function noteNetOff(root: string, why: string, now: Date, env: NodeJS.ProcessEnv = process.env): void {
	noteBlind(netFolder(root, env), now, [], why);
}


/**
 * Whether the session start's brief must say the net is off or partly blind, and why: no plugin
 * folder (no journal to write to), the baseline switched off, or the last walk's record. Cheap:
 * a read of a small file that is there only when something was missed.
 */
export function netState(root: string, pluginDir: string | null, env: NodeJS.ProcessEnv): NetState | null {
	if (pluginDir === null) return { off: 'noPluginFolder' };
	if (env[BASELINE_ENV] === 'off') return { off: 'env' };
	const blind = readNetBlind(root, env);
	if (blind === null) return unwritable(root, env);
	if (blind.off !== null) return { off: blind.off };
	return blind.skipped.length > 0 ? { skipped: blind.skipped, more: blind.more } : null;
}

/** The net's folder when it is there and cannot be written (a baseline then cannot be kept, nor the record saying so). */
function unwritable(root: string, env: NodeJS.ProcessEnv): NetState | null {
	try {
		fs.accessSync(netFolder(root, env), fs.constants.W_OK);
		return null;
	} catch (error) {
		const code = (error as NodeJS.ErrnoException).code;
		return code === 'ENOENT' ? null : { off: `its folder in the per-user state folder cannot be written (${code ?? 'error'})` };
	}
}
