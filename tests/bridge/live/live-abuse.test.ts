/**
 * Local abuse of the live channel: any process of the machine can open sockets to its port. The
 * built bridge's `serve` runs as a child process (the plugin runs the same server inside Obsidian);
 * the attacker holds sockets silent, sends half a handshake, trickles one slowly, opens 500 at
 * once, or floods an open connection. The server must close every socket itself (a socket it
 * keeps is a hang, caught by the test's timeout), and the channel must answer the hook again afterwards.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { TOKEN_HEADER } from '../../../src/core/live-protocol';
import { FIXED_NOW, hookScript, makeVault, run, stopServerAndRemove, waitFor } from '../../helpers/bridge';
import { HANG_MS } from '../../helpers/patience';

const v = makeVault({ 'Inbox/a.md': '', 'Notes/b.md': '#needs-review' });
const discovery = path.join(v, '.obsidian', 'plugins', 'session-brief', 'live.json');
let server: ChildProcess;
let port = 0;
let token = '';

beforeAll(async () => {
	server = spawn(process.execPath, [hookScript(v), 'serve'], { env: { ...process.env, SESSION_BRIEF_NOW: FIXED_NOW }, stdio: ['ignore', 'ignore', 'pipe'] });
	expect(await waitFor(() => fs.existsSync(discovery))).toBe(true);
	const d = JSON.parse(fs.readFileSync(discovery, 'utf8')) as { port: number; token: string };
	port = d.port;
	token = d.token;
});
afterAll(async () => await stopServerAndRemove(server, v));

/** Open descriptors of the server process (Linux), or null where /proc is not there. */
function openFds(): number | null {
	try {
		return fs.readdirSync(`/proc/${server.pid}/fd`).length;
	} catch {
		return null;
	}
}

function liveAnswers(): boolean {
	const r = run(hookScript(v), ['report', '--json', '--source', 'live'], '', { env: { ...process.env, SESSION_BRIEF_NOW: FIXED_NOW } });
	return r.status === 0 && (JSON.parse(r.stdout.toString()) as { source: string }).source === 'live';
}

/** Opens `n` raw sockets, runs `feed` on each once connected, and resolves once the server has closed them all. */
function hold(n: number, feed: (s: net.Socket, i: number) => void): Promise<void> {
	let closed = 0;
	return new Promise((resolve) => {
		for (let i = 0; i < n; i++) {
			const s = net.connect(port, '127.0.0.1', () => feed(s, i));
			s.on('error', () => undefined);
			s.on('data', () => undefined);
			s.on('close', () => {
				if (++closed === n) resolve();
			});
		}
	});
}

describe('local abuse: the live channel frees what a local process holds', () => {
	it('300 silent sockets and 50 half-sent handshakes are closed by the server, and the channel answers again', async () => {
		expect(liveAnswers()).toBe(true);
		const before = openFds();
		await hold(350, (s, i) => {
			if (i >= 300) s.write(`GET / HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n`);
		});
		if (before !== null) expect(await waitFor(() => (openFds() ?? 0) <= before)).toBe(true);
		expect(liveAnswers()).toBe(true);
	}, HANG_MS);

	it('a slow handshake (one byte every 300 ms, with the right token) is cut off', async () => {
		const request = `GET / HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n${TOKEN_HEADER}: ${token}\r\n\r\n`;
		const timers: NodeJS.Timeout[] = [];
		// How far each socket got: cut off means closed before its handshake was whole.
		const sent: number[] = [];
		await hold(20, (s, i) => {
			sent[i] = 0;
			const t = setInterval(() => {
				const at = sent[i] ?? 0;
				if (at < request.length && !s.destroyed) {
					s.write(request[at] ?? '');
					sent[i] = at + 1;
				}
			}, 300);
			timers.push(t);
		});
		for (const t of timers) clearInterval(t);
		expect(sent.filter((n) => n >= request.length)).toEqual([]);
		expect(liveAnswers()).toBe(true);
	}, HANG_MS);

	it('500 connections at once: all freed by the server, and the channel answers again', async () => {
		const before = openFds();
		await hold(500, () => undefined);
		if (before !== null) expect(await waitFor(() => (openFds() ?? 0) <= before)).toBe(true);
		expect(liveAnswers()).toBe(true);
	}, HANG_MS);

	it('a client that floods messages on an open connection is closed (1008)', async () => {
		const code = await new Promise<number>((resolve) => {
			const ws = new WebSocket(`ws://127.0.0.1:${port}`, { headers: { [TOKEN_HEADER]: token } });
			ws.on('open', () => {
				for (let i = 0; i < 200; i++) ws.send(JSON.stringify({ id: i, method: 'ping' }));
			});
			ws.on('error', () => undefined);
			ws.on('close', (c) => resolve(c));
		});
		expect(code).toBe(1008);
		expect(liveAnswers()).toBe(true);
	});
});
