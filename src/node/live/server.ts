/**
 * The live channel server, for the plugin and `serve`: loopback only, a fresh token, and no browser
 * or rebinding origin may reach it (docs/in-obsidian.md, "The live channel (network use)").
 */
import * as crypto from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import { MAX_MESSAGE_BYTES, parseRequest, PROTOCOL_VERSION, TOKEN_HEADER, type Method } from '../../core/live-protocol';
import { removeDiscovery, writeDiscovery } from './discovery';

export type LiveHandlers = Record<Exclude<Method, 'ping'>, () => unknown>;

export interface LiveServer {
	port: number;
	token: string;
	/** Sockets open now, handshaken or not (for tests and `doctor`). */
	openSockets(): number;
	close(): Promise<void>;
}

export interface LiveServerOptions {
	/** The vault the discovery file must stay in (src/node/state-file.ts). */
	vaultRoot: string;
	discoveryFile: string;
	idleMs?: number;
	pid?: number;
	handshakeMs?: number;
	maxConnections?: number;
	maxMessagesPerSecond?: number;
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

/**
 * Limits against a local process that opens sockets and never finishes them: every descriptor it
 * holds is held inside Obsidian. A connection has
 * `HANDSHAKE_MS` to complete its WebSocket handshake or it is destroyed; Node's own header and
 * request timeouts back that up; at most `MAX_CONNECTIONS` sockets are open at once (more are
 * dropped on accept); an open connection may send `MAX_MESSAGES_PER_SECOND`, more closes it.
 */
export const HANDSHAKE_MS = 2000;
export const MAX_CONNECTIONS = 32;
export const MAX_MESSAGES_PER_SECOND = 20;

export function startLiveServer(handlers: LiveHandlers, options: LiveServerOptions): Promise<LiveServer> {
	const token = crypto.randomBytes(32).toString('hex');
	const idleMs = options.idleMs ?? 10_000;
	const handshakeMs = options.handshakeMs ?? HANDSHAKE_MS;
	let port = 0;
	// Plain HTTP gets nothing but a refusal; only an upgrade is served.
	const http = createServer({ headersTimeout: handshakeMs, requestTimeout: handshakeMs, connectionsCheckingInterval: Math.min(1000, handshakeMs), keepAliveTimeout: 1 }, (_req, res) => {
		res.writeHead(426, { Connection: 'close' }).end();
	});
	http.maxConnections = options.maxConnections ?? MAX_CONNECTIONS;
	const sockets = new Set<Socket>();
	const pending = new WeakMap<Socket, NodeJS.Timeout>();
	http.on('connection', (socket: Socket) => {
		sockets.add(socket);
		socket.on('error', () => undefined);
		socket.on('close', () => {
			sockets.delete(socket);
			clearTimeout(pending.get(socket));
		});
		pending.set(
			socket,
			setTimeout(() => socket.destroy(), handshakeMs),
		);
	});
	const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
	http.on('upgrade', (req: IncomingMessage, socket: Socket, head: Buffer) => {
		const refused = refusal(req, port, token);
		if (refused !== null) {
			socket.end(`HTTP/1.1 ${refused.code} ${refused.reason}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
			socket.destroy();
			return;
		}
		wss.handleUpgrade(req, socket, head, (ws: WebSocket) => {
			clearTimeout(pending.get(socket));
			serveConnection(ws, handlers, idleMs, options.maxMessagesPerSecond ?? MAX_MESSAGES_PER_SECOND);
		});
	});
	// A socket error must never take Obsidian or `serve` down.
	http.on('clientError', (_error, socket: Socket) => socket.destroy());
	wss.on('error', () => undefined);
	return new Promise((resolve, reject) => {
		http.once('error', reject);
		http.listen(0, '127.0.0.1', () => {
			http.on('error', () => undefined);
			const address = http.address();
			port = typeof address === 'object' && address !== null ? address.port : 0;
			try {
				writeDiscovery(options.vaultRoot, options.discoveryFile, { version: PROTOCOL_VERSION, port, pid: options.pid ?? process.pid, token, startedAt: Date.now() });
			} catch (error) {
				// No discovery file (a vault folder gone, or one the state-file module refuses): no channel.
				wss.close();
				http.close();
				reject(error instanceof Error ? error : new Error(String(error)));
				return;
			}
			resolve({
				port,
				token,
				openSockets: () => sockets.size,
				close: () =>
					new Promise<void>((done) => {
						removeDiscovery(options.vaultRoot, options.discoveryFile, token);
						for (const client of wss.clients) client.terminate();
						for (const socket of sockets) socket.destroy();
						wss.close();
						http.close(() => done());
					}),
			});
		});
	});
}

function serveConnection(socket: WebSocket, handlers: LiveHandlers, idleMs: number, perSecond: number): void {
	let idle = setTimeout(() => socket.close(1000, 'idle'), idleMs);
	let windowStart = Date.now();
	let inWindow = 0;
	socket.on('error', () => undefined);
	socket.on('close', () => clearTimeout(idle));
	socket.on('message', (data: Buffer, isBinary: boolean) => {
		clearTimeout(idle);
		const now = Date.now();
		if (now - windowStart >= 1000) {
			windowStart = now;
			inWindow = 0;
		}
		if (++inWindow > perSecond) {
			socket.close(1008, 'too many messages');
			// A client that keeps sending after the close frame is cut off.
			setTimeout(() => socket.terminate(), 500).unref();
			return;
		}
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
