/**
 * The bridge's side of the live channel: ask the running plugin (or `serve`) one question within
 * a short budget. Every failure (no file, dead pid, closed port, wrong token, timeout) is an
 * answer of its own kind, never a throw, so the caller falls through to the next tier.
 */
import { WebSocket } from 'ws';
import { TOKEN_HEADER, type Method } from '../../core/live-protocol';
import { readDiscovery } from './discovery';
import { processAlive } from './process-alive';

export type LiveAnswer = { ok: true; result: unknown } | { ok: false; reason: string };

export function askLive(root: string, discoveryFile: string, method: Method, budgetMs: number): Promise<LiveAnswer> {
	const d = readDiscovery(root, discoveryFile);
	if (d === null) return Promise.resolve({ ok: false, reason: 'no live channel' });
	if (!processAlive(d.pid)) return Promise.resolve({ ok: false, reason: 'live channel owner is not running' });
	return new Promise((resolve) => {
		let settled = false;
		const ws = new WebSocket(`ws://127.0.0.1:${d.port}`, { headers: { [TOKEN_HEADER]: d.token }, handshakeTimeout: budgetMs });
		const finish = (answer: LiveAnswer): void => {
			if (settled) return;
			settled = true;
			clearTimeout(timer);
			ws.terminate();
			resolve(answer);
		};
		const timer = setTimeout(() => finish({ ok: false, reason: `no answer within ${budgetMs} ms` }), budgetMs);
		ws.on('open', () => ws.send(JSON.stringify({ id: 1, method })));
		ws.on('message', (data: Buffer) => {
			try {
				const msg = JSON.parse(data.toString('utf8')) as { id?: unknown; result?: unknown; error?: { message?: string } };
				if (msg.id !== 1) return;
				finish(msg.error !== undefined ? { ok: false, reason: msg.error.message ?? 'error' } : { ok: true, result: msg.result });
			} catch {
				finish({ ok: false, reason: 'unreadable answer' });
			}
		});
		ws.on('unexpected-response', (_req, res) => finish({ ok: false, reason: `refused (${res.statusCode ?? '?'})` }));
		ws.on('error', (error: Error) => finish({ ok: false, reason: error.message }));
		ws.on('close', () => finish({ ok: false, reason: 'closed' }));
	});
}
