/**
 * The live channel's protocol, shared by the plugin's server, the bridge's `serve` and
 * the bridge's client. JSON requests `{id, method, params?}`; answers `{id, result}` or
 * `{id, error: {code, message}}`. Read-only by construction: no method writes or evaluates.
 */

import { checkDiscovery } from './schemas/live-discovery';

export const PROTOCOL_VERSION = 1;
/** Requests are tiny; anything larger closes the connection (ws `maxPayload`). */
export const MAX_MESSAGE_BYTES = 4096;
/** Header that carries the token on the WebSocket handshake. */
export const TOKEN_HEADER = 'x-session-brief-token';
export { DISCOVERY_FILE } from './state-names';

export const METHODS = ['ping', 'brief', 'review', 'check'] as const;
export type Method = (typeof METHODS)[number];

export interface LiveRequest {
	id: string | number;
	method: Method;
}

export type ParseResult = { ok: true; request: LiveRequest } | { ok: false; id: string | number | null; code: 'bad-json' | 'bad-request' | 'unknown-method'; message: string };

export function parseRequest(text: string): ParseResult {
	let value: unknown;
	try {
		value = JSON.parse(text);
	} catch {
		return { ok: false, id: null, code: 'bad-json', message: 'request is not JSON' };
	}
	if (value === null || typeof value !== 'object' || Array.isArray(value)) return { ok: false, id: null, code: 'bad-request', message: 'request must be an object' };
	const r = value as Record<string, unknown>;
	const id = typeof r.id === 'string' || typeof r.id === 'number' ? r.id : null;
	if (id === null) return { ok: false, id: null, code: 'bad-request', message: 'request needs a string or number id' };
	if (typeof r.method !== 'string' || !(METHODS as readonly string[]).includes(r.method)) {
		return { ok: false, id, code: 'unknown-method', message: `unknown method; use one of ${METHODS.join(', ')}` };
	}
	return { ok: true, request: { id, method: r.method as Method } };
}

export interface Discovery {
	version: number;
	port: number;
	pid: number;
	token: string;
	startedAt: number;
}

export function asDiscovery(value: unknown): Discovery | null {
	return checkDiscovery(PROTOCOL_VERSION)(value, '') === null ? (value as Discovery) : null;
}

/** The answer to `brief`: the data plus what the bridge needs to judge it (same settings, same day). */
export interface LiveBrief {
	key: string;
	date: string;
	generatedAt: number;
	brief: unknown;
	lang?: 'en' | 'de';
	locale?: string;
}

/**
 * The answer to `check`: the built-in rule checks as the `check` command reports them (sorted
 * findings, the checks that ran, the summary line). The user's external checker is not run over
 * the channel, which never starts a program; `external` says whether one is configured.
 */
export interface LiveCheck {
	findings: unknown[];
	checksRun: string[];
	summary: string;
	lang: 'en' | 'de';
	external: 'none' | 'skipped';
}
