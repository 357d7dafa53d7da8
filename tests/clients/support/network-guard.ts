/**
 * Keeps the agent CLIs on the loopback: every proxy variable points at this listener, which records
 * the first line of each connection (`CONNECT host:443`, `GET http://host/…`) and closes it. A
 * client that honours the proxy variables can reach nothing but the stand-in (exempt through
 * NO_PROXY); the tests assert the guard saw no attempt, so a new phone-home shows up as a failure
 * with the host it tried.
 *
 * A client that sends everything through the proxy, NO_PROXY or not (Qwen Code's undici
 * ProxyAgent), asks for a tunnel to the stand-in itself: a `CONNECT` to an address in `allow` (the
 * stand-in's `127.0.0.1:port`) is tunnelled there and counted in `tunnels`, never in `attempts`.
 */
import * as net from 'node:net';

export interface NetworkGuard {
	url: string;
	attempts: string[];
	/** The allowed `CONNECT` targets the guard tunnelled (loopback only). */
	tunnels: string[];
	close(): Promise<void>;
}

export interface GuardOptions {
	/** `host:port` targets a `CONNECT` may reach: only loopback addresses are accepted. */
	allow?: string[];
}

export async function startNetworkGuard(options: GuardOptions = {}): Promise<NetworkGuard> {
	const attempts: string[] = [];
	const tunnels: string[] = [];
	const allow = new Set((options.allow ?? []).filter((t) => t.startsWith('127.0.0.1:')));
	const sockets = new Set<net.Socket>();
	const server = net.createServer((socket) => {
		sockets.add(socket);
		socket.on('close', () => sockets.delete(socket));
		socket.on('error', () => undefined);
		let head = '';
		const record = (): void => {
			attempts.push(head.split(/\r?\n/)[0]?.slice(0, 200) || '(connection without a request line)');
			socket.destroy();
		};
		const tunnel = (target: string, rest: Buffer): void => {
			tunnels.push(target);
			const [host, port] = target.split(':');
			const upstream = net.connect(Number(port), host ?? '127.0.0.1', () => {
				socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
				if (rest.length > 0) upstream.write(rest);
				socket.pipe(upstream);
				upstream.pipe(socket);
			});
			sockets.add(upstream);
			upstream.on('close', () => {
				sockets.delete(upstream);
				socket.destroy();
			});
			upstream.on('error', () => socket.destroy());
			socket.on('close', () => upstream.destroy());
		};
		const timer = setTimeout(record, 2000);
		const onData = (chunk: Buffer): void => {
			head += chunk.toString('latin1');
			const line = head.split(/\r?\n/)[0] ?? '';
			const target = /^CONNECT (\S+) HTTP\/1\.[01]$/.exec(line)?.[1];
			if (target !== undefined && allow.has(target)) {
				// Wait for the end of the CONNECT request's headers; anything after them is the tunnel's.
				const end = head.indexOf('\r\n\r\n');
				if (end < 0) return;
				clearTimeout(timer);
				socket.off('data', onData);
				tunnel(target, Buffer.from(head.slice(end + 4), 'latin1'));
				return;
			}
			if (head.includes('\n')) {
				clearTimeout(timer);
				socket.off('data', onData);
				record();
			}
		};
		socket.on('data', onData);
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const port = (server.address() as net.AddressInfo).port;
	return {
		url: `http://127.0.0.1:${port}`,
		attempts,
		tunnels,
		close: () =>
			new Promise<void>((resolve) => {
				for (const s of sockets) s.destroy();
				server.close(() => resolve());
			}),
	};
}
