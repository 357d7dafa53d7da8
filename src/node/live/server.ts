/**
 * The live channel server, used by the plugin and by the bridge's `serve`. Loopback only,
 * random port, a fresh CSPRNG token required on the handshake and compared in constant time; any
 * connection with an `Origin` header (every browser sends one) or a foreign `Host` (DNS rebinding)
 * is refused; oversized messages close the connection; idle connections time out.
 */
import * as crypto from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { WebSocketServer, type WebSocket } from 'ws';
import { MAX_MESSAGE_BYTES, parseRequest, PROTOCOL_VERSION, TOKEN_HEADER, type Method } from '../../core/live-protocol';
import { removeDiscovery, writeDiscovery } from './discovery';

export type LiveHandlers = Record<Exclude<Method, 'ping'>, () => unknown>;

export interface LiveServer {
	port: number;
	token: string;
	close(): Promise<void>;
}

export interface LiveServerOptions {
	discoveryFile: string;
	idleMs?: number;
	pid?: number;
}

function digest(value: string): Buffer {
	return crypto.createHash('sha256').update(value).digest();
}

/** Equal-length digests make `timingSafeEqual` usable for tokens of any length. */
export function tokenMatches(given: string | string[] | undefined, token: string): boolean {
	if (typeof given !== 'string') return false;
	return crypto.timingSafeEqual(digest(given), digest(token));
}

export function refusal(req: IncomingMessage, port: number, token: string): { code: number; reason: string } | null {
	if (req.headers.origin !== undefined) return { code: 403, reason: 'origin not allowed' };
	const host = req.headers.host ?? '';
	if (host !== `127.0.0.1:${port}` && host !== `localhost:${port}`) return { code: 403, reason: 'host not allowed' };
	if (!tokenMatches(req.headers[TOKEN_HEADER], token)) return { code: 401, reason: 'unauthorized' };
	return null;
}

export function startLiveServer(handlers: LiveHandlers, options: LiveServerOptions): Promise<LiveServer> {
	const token = crypto.randomBytes(32).toString('hex');
	const idleMs = options.idleMs ?? 10_000;
	let port = 0;
	const wss = new WebSocketServer({
		host: '127.0.0.1',
		port: 0,
		maxPayload: MAX_MESSAGE_BYTES,
		verifyClient: (info: { req: IncomingMessage }, done: (ok: boolean, code?: number, reason?: string) => void) => {
			const refused = refusal(info.req, port, token);
			if (refused === null) done(true);
			else done(false, refused.code, refused.reason);
		},
	});
	wss.on('connection', (socket: WebSocket) => serveConnection(socket, handlers, idleMs));
	// A socket error must never take Obsidian or `serve` down.
	wss.on('error', () => undefined);
	return new Promise((resolve, reject) => {
		wss.once('error', reject);
		wss.once('listening', () => {
			const address = wss.address();
			port = typeof address === 'object' && address !== null ? address.port : 0;
			writeDiscovery(options.discoveryFile, { version: PROTOCOL_VERSION, port, pid: options.pid ?? process.pid, token, startedAt: Date.now() });
			resolve({
				port,
				token,
				close: () =>
					new Promise<void>((done) => {
						removeDiscovery(options.discoveryFile, token);
						for (const client of wss.clients) client.terminate();
						wss.close(() => done());
					}),
			});
		});
	});
}

function serveConnection(socket: WebSocket, handlers: LiveHandlers, idleMs: number): void {
	let idle = setTimeout(() => socket.close(1000, 'idle'), idleMs);
	socket.on('error', () => undefined);
	socket.on('close', () => clearTimeout(idle));
	socket.on('message', (data: Buffer, isBinary: boolean) => {
		clearTimeout(idle);
		idle = setTimeout(() => socket.close(1000, 'idle'), idleMs);
		if (isBinary) {
			socket.close(1003, 'text only');
			return;
		}
		const parsed = parseRequest(data.toString('utf8'));
		if (!parsed.ok) {
			socket.send(JSON.stringify({ id: parsed.id, error: { code: parsed.code, message: parsed.message } }));
			if (parsed.code !== 'unknown-method') socket.close(1008, parsed.code);
			return;
		}
		const { id, method } = parsed.request;
		Promise.resolve()
			.then(() => (method === 'ping' ? { pong: true, version: PROTOCOL_VERSION } : handlers[method]()))
			.then(
				(result) => socket.send(JSON.stringify({ id, result })),
				// The message only: no stack, no paths beyond what the error names.
				(error: unknown) => socket.send(JSON.stringify({ id, error: { code: 'failed', message: error instanceof Error ? error.message : 'failed' } })),
			);
	});
}
