/**
 * Review marks are the human's (docs/design.md, "Review marks changed outside Obsidian"): the seal
 * outside the vault and each device's signature tell marks this device or a trusted one wrote from
 * marks anything else wrote. Pure: src/node/journal/review-seal.ts does the files and the cryptography.
 */
import type { JournalRecord } from '../trail/agent-journal';
import { followRenames, isReviewed, parseReviewMarks, type ReviewMarks } from '../trail/what-changed';

export interface ReviewSeal {
	/** The marks file's text exactly as the plugin last wrote or accepted it; '' when none. */
	marks: string;
	/** When the plugin wrote it (ISO-8601). */
	at: string;
	/** Per device key, the highest sequence number of signed marks counted in this vault: an older one is a replay. */
	seen: Record<string, number>;
	/** The vault's id as signed marks carry it; null until signed marks were counted here. */
	vault: string | null;
}

/** Who signed a marks file, as the file says (checked only by the signature over it). */
export interface MarksSigner {
	/** The device's Ed25519 public key, 64 hex digits. */
	key: string;
	/** The device's name, as its Session Brief gave it: untrusted text, quoted wherever shown. */
	device: string | null;
	/** The vault's id, so marks of another vault of the same device are not taken for this one's. */
	vault: string;
	/** Rises with every write of that device (its clock in milliseconds, at least one more than the last). */
	seq: number;
}

export interface SignedMarks {
	signer: MarksSigner;
	/** The bytes the signature is over. */
	payload: string;
	/** Base64. */
	signature: string;
}

/** What the judge needs of this device: its own key, the keys the human trusts, and a verifier. */
export interface DeviceTrust {
	own: string | null;
	trusted: ReadonlySet<string>;
	verify(payload: string, key: string, signature: string): boolean;
}

const PAYLOAD_PREFIX = 'session-brief review marks 1\n';
const KEY_RE = /^[0-9a-f]{64}$/;
/** A device name longer than this is not one Session Brief wrote. */
export const MAX_DEVICE_LABEL = 64;

function isRecord(v: unknown): v is Record<string, unknown> {
	return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function parseSeen(v: unknown): Record<string, number> {
	const seen: Record<string, number> = {};
	if (!isRecord(v)) return seen;
	for (const [k, n] of Object.entries(v)) if (KEY_RE.test(k) && Number.isSafeInteger(n) && (n as number) > 0) seen[k] = n as number;
	return seen;
}

export function parseSeal(v: unknown): ReviewSeal | null {
	if (!isRecord(v)) return null;
	if ((v.schema !== 1 && v.schema !== 2) || typeof v.marks !== 'string' || typeof v.at !== 'string') return null;
	// Schema 1 (before signatures) has neither: the first signed marks counted fill them in.
	return { marks: v.marks, at: v.at, seen: parseSeen(v.seen), vault: typeof v.vault === 'string' && v.vault !== '' ? v.vault : null };
}

export function sealText(marks: string, now: Date, seen: Record<string, number> = {}, vault: string | null = null): string {
	return `${JSON.stringify({ schema: 2, at: now.toISOString(), marks, seen, vault })}\n`;
}

/** The short form of a device key the human compares between devices: 48 bits, too many to forge by trying keys. */
export function shortKeyId(key: string): string {
	return `${key.slice(0, 4)}-${key.slice(4, 8)}-${key.slice(8, 12)}`;
}

function parseSigner(v: unknown): MarksSigner | null {
	if (!isRecord(v)) return null;
	const { key, device, vault, seq } = v;
	if (typeof key !== 'string' || !KEY_RE.test(key) || typeof vault !== 'string' || vault === '' || vault.length > 64) return null;
	if (!Number.isSafeInteger(seq) || (seq as number) <= 0) return null;
	if (device !== null && (typeof device !== 'string' || device.length > MAX_DEVICE_LABEL)) return null;
	return { key, device, vault, seq: seq as number };
}

/** The signed bytes of a marks object: its JSON without the signature, after a prefix that names what it is. */
function payloadOf(o: Record<string, unknown>): string {
	const rest = { ...o };
	delete rest.signature;
	return `${PAYLOAD_PREFIX}${JSON.stringify(rest)}`;
}

/** The signature part of a marks file; null when it has none or it is malformed. Not yet verified. */
export function readSignature(text: string | null): SignedMarks | null {
	if (text === null) return null;
	let o: unknown;
	try {
		o = JSON.parse(text);
	} catch {
		return null;
	}
	if (!isRecord(o) || typeof o.signature !== 'string') return null;
	const signer = parseSigner(o.signed);
	return signer === null ? null : { signer, payload: payloadOf(o), signature: o.signature };
}

/**
 * The marks text to sign, with `signer` in it, and the bytes to sign. The payload is made from the
 * text parsed back, exactly as `readSignature` makes it from the file.
 */
export function marksToSign(marksText: string, signer: MarksSigner): { body: Record<string, unknown>; payload: string } {
	let o: unknown;
	try {
		o = JSON.parse(marksText);
	} catch {
		o = {};
	}
	const body: Record<string, unknown> = isRecord(o) ? { ...o } : {};
	delete body.signed;
	delete body.signature;
	body.signed = signer;
	const back = JSON.parse(JSON.stringify(body)) as Record<string, unknown>;
	return { body: back, payload: payloadOf(back) };
}

export function signedMarksText(body: Record<string, unknown>, signature: string): string {
	return `${JSON.stringify({ ...body, signature }, null, '\t')}\n`;
}

/** The file's signer when the signature verifies; null otherwise. */
export function verifiedSigner(text: string | null, trust: DeviceTrust | undefined): MarksSigner | null {
	if (trust === undefined) return null;
	const signed = readSignature(text);
	if (signed === null) return null;
	return trust.verify(signed.payload, signed.signer.key, signed.signature) ? signed.signer : null;
}

/** The next seal after the plugin wrote or accepted `text`: the sequence number and vault of a verified signer kept. */
export function nextSealText(previous: ReviewSeal | null, text: string, now: Date, trust: DeviceTrust | undefined): string {
	const seen = { ...(previous?.seen ?? {}) };
	let vault = previous?.vault ?? null;
	const signer = verifiedSigner(text, trust);
	if (signer !== null) {
		seen[signer.key] = Math.max(seen[signer.key] ?? 0, signer.seq);
		vault = signer.vault;
	}
	return sealText(text, now, seen, vault);
}

function parseText(text: string | null): ReviewMarks {
	if (text === null || text.trim() === '') return parseReviewMarks(undefined);
	try {
		return parseReviewMarks(JSON.parse(text) as unknown);
	} catch {
		return parseReviewMarks(undefined);
	}
}

/** A device that signed marks the human has not trusted yet. */
export interface OtherDevice {
	key: string;
	/** `shortKeyId(key)`. */
	id: string;
	/** As the marks say: untrusted. */
	label: string | null;
}

export interface MarksVerdict {
	/** The marks that count: the file's, or the seal's when the file was changed outside Obsidian. */
	marks: ReviewMarks;
	/**
	 * The file's own marks when they are not the ones that count; null otherwise. `device` is set
	 * when a device not trusted yet signed them (the human is asked), null when nothing verifiable did.
	 */
	outside: { marks: ReviewMarks; text: string | null; device: OtherDevice | null } | null;
	/** The file counts though it is not the seal (this device or a trusted one signed it): the plugin seals it. */
	reseal: boolean;
}

/**
 * `text` is the marks file (null: none), `seal` the plugin's copy (null: the plugin has sealed
 * nothing on this computer yet, and the file is taken as it is), `trust` this device's keys
 * (undefined: none known, so only the seal counts).
 */
export function judgeMarks(text: string | null, seal: ReviewSeal | null, trust?: DeviceTrust): MarksVerdict {
	if (seal === null || seal.marks === (text ?? '')) return { marks: parseText(text), outside: null, reseal: false };
	const signer = verifiedSigner(text, trust);
	// A replay (a sequence number not above the last counted of that device) or another vault's marks count as changed outside.
	const fresh = signer !== null && signer.seq > (seal.seen[signer.key] ?? 0) && (seal.vault === null || seal.vault === signer.vault);
	if (fresh && trust !== undefined && (signer.key === trust.own || trust.trusted.has(signer.key))) {
		return { marks: parseText(text), outside: null, reseal: true };
	}
	const device = fresh ? { key: signer.key, id: shortKeyId(signer.key), label: signer.device } : null;
	return { marks: parseText(seal.marks), outside: { marks: parseText(text), text, device }, reseal: false };
}

/** How many notes with an agent change the outside marks hide that the sealed ones show. */
export function hiddenByOutsideMarks(records: readonly JournalRecord[], verdict: MarksVerdict, exists: (path: string) => boolean): number {
	if (verdict.outside === null) return 0;
	const unreviewed = (marks: ReviewMarks): Set<string> => new Set(followRenames(records, marks.renames).filter((r) => !isReviewed(r, marks) && exists(r.path)).map((r) => r.path));
	const shown = unreviewed(verdict.marks);
	const still = unreviewed(verdict.outside.marks);
	let hidden = 0;
	for (const p of shown) if (!still.has(p)) hidden++;
	return hidden;
}
