/**
 * This device's key for signing the review marks, and the devices the human trusts
 * (src/core/review/review-seal.ts holds the rules). Both live in Session Brief's per-user folder outside
 * every vault, beside the seals, where vault content does not reach. Only the plugin writes them;
 * the hooks read the public keys to judge marks as the plugin does.
 */
import type * as Crypto from 'node:crypto';
import * as path from 'node:path';
import { MAX_DEVICE_LABEL, type DeviceTrust } from '../../core/review/review-seal';
import { builtinOnDemand } from '../builtin-on-demand';
import { readRegularFile, writeUserStateFile } from '../state-file';
import { DEVICE_KEY_FILE, TRUSTED_DEVICES_FILE } from '../state-registry';
import { userStateDir } from './user-state-dir';

const MAX_BYTES = 256 * 1024;
/** An Ed25519 public key as SubjectPublicKeyInfo, before its 32 raw bytes. */
const SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

// Loaded only here: a hook judges marks only when they changed since its cache.
const crypto = (): typeof Crypto => builtinOnDemand<typeof Crypto>('node:crypto');

export function deviceKeyFile(env: NodeJS.ProcessEnv = process.env): string {
	return path.join(userStateDir(env), DEVICE_KEY_FILE);
}

export function trustedDevicesFile(env: NodeJS.ProcessEnv = process.env): string {
	return path.join(userStateDir(env), TRUSTED_DEVICES_FILE);
}

export interface DeviceKey {
	/** The public key, 64 hex digits. */
	key: string;
	/** PKCS #8, base64. */
	private: string;
	label: string | null;
}

function readJson(file: string): unknown {
	const data = readRegularFile(file, MAX_BYTES);
	if (data === null) return null;
	try {
		return JSON.parse(data.toString('utf8')) as unknown;
	} catch {
		return null;
	}
}

export function readDeviceKey(env: NodeJS.ProcessEnv = process.env): DeviceKey | null {
	const v = readJson(deviceKeyFile(env));
	if (typeof v !== 'object' || v === null) return null;
	const o = v as Record<string, unknown>;
	if (o.schema !== 1 || typeof o.key !== 'string' || !/^[0-9a-f]{64}$/.test(o.key) || typeof o.private !== 'string') return null;
	return { key: o.key, private: o.private, label: typeof o.label === 'string' ? o.label.slice(0, MAX_DEVICE_LABEL) : null };
}

/** This device's key, made on first use (the plugin only: the hooks never write here). */
export function ensureDeviceKey(env: NodeJS.ProcessEnv = process.env): DeviceKey {
	const had = readDeviceKey(env);
	if (had !== null) return had;
	const pair = crypto().generateKeyPairSync('ed25519');
	const spki = pair.publicKey.export({ type: 'spki', format: 'der' });
	let label: string | null = null;
	try {
		label = builtinOnDemand<typeof import('node:os')>('node:os').hostname().slice(0, MAX_DEVICE_LABEL) || null;
	} catch {
		// A device without a name is shown by its key alone.
	}
	const made: DeviceKey = { key: spki.subarray(SPKI_PREFIX.length).toString('hex'), private: pair.privateKey.export({ type: 'pkcs8', format: 'der' }).toString('base64'), label };
	writeUserStateFile(deviceKeyFile(env), `${JSON.stringify({ schema: 1, ...made })}\n`);
	return made;
}

/** A vault's id in its signed marks, made by the first device that signs them. */
export function newVaultId(): string {
	return crypto().randomBytes(12).toString('hex');
}

export function signWith(key: DeviceKey, payload: string): string {
	const privateKey = crypto().createPrivateKey({ key: Buffer.from(key.private, 'base64'), format: 'der', type: 'pkcs8' });
	return crypto().sign(null, Buffer.from(payload, 'utf8'), privateKey).toString('base64');
}

export function verifySignature(payload: string, key: string, signature: string): boolean {
	try {
		const publicKey = crypto().createPublicKey({ key: Buffer.concat([SPKI_PREFIX, Buffer.from(key, 'hex')]), format: 'der', type: 'spki' });
		return crypto().verify(null, Buffer.from(payload, 'utf8'), publicKey, Buffer.from(signature, 'base64'));
	} catch {
		return false;
	}
}

export interface TrustedDevice {
	key: string;
	label: string | null;
	at: string;
}

export function readTrustedDevices(env: NodeJS.ProcessEnv = process.env): TrustedDevice[] {
	const v = readJson(trustedDevicesFile(env));
	if (typeof v !== 'object' || v === null || !Array.isArray((v as { devices?: unknown }).devices)) return [];
	const out: TrustedDevice[] = [];
	for (const d of (v as { devices: unknown[] }).devices) {
		if (typeof d !== 'object' || d === null) continue;
		const { key, label, at } = d as Record<string, unknown>;
		if (typeof key === 'string' && /^[0-9a-f]{64}$/.test(key)) out.push({ key, label: typeof label === 'string' ? label : null, at: typeof at === 'string' ? at : '' });
	}
	return out;
}

/** Adds a device the human confirmed; every vault on this device then counts its signed marks. */
export function trustDevice(key: string, label: string | null, now: Date, env: NodeJS.ProcessEnv = process.env): void {
	const devices = readTrustedDevices(env).filter((d) => d.key !== key);
	devices.push({ key, label, at: now.toISOString() });
	writeUserStateFile(trustedDevicesFile(env), `${JSON.stringify({ schema: 1, devices }, null, '\t')}\n`);
}

/** This device's keys as the judge needs them; read only, so a hook can call it. */
export function deviceTrust(env: NodeJS.ProcessEnv = process.env): DeviceTrust {
	return { own: readDeviceKey(env)?.key ?? null, trusted: new Set(readTrustedDevices(env).map((d) => d.key)), verify: verifySignature };
}
