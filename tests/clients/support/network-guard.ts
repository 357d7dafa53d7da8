/**
 * Keeps the agent CLIs on the loopback: every proxy variable points at this listener, which records
 * the first line of each connection (`CONNECT host:443`, `GET http://host/…`) and closes it. A
 * client that honours the proxy variables can reach nothing but the stand-in (exempt through
 * NO_PROXY); the tests assert the guard saw no attempt, so a new phone-home shows up as a failure
 * with the host it tried.
 */
import * as net from 'node:net';

export interface NetworkGuard {
	url: string;
	attempts: string[];
	close(): Promise<void>;
}

export async function startNetworkGuard(): Promise<NetworkGuard> {
	const attempts: string[] = [];
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
		const timer = setTimeout(record, 2000);
		socket.on('data', (chunk: Buffer) => {
			head += chunk.toString('latin1');
			if (head.includes('\n')) {
				clearTimeout(timer);
				record();
			}
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const port = (server.address() as net.AddressInfo).port;
	return {
		url: `http://127.0.0.1:${port}`,
		attempts,
		close: () =>
			new Promise<void>((resolve) => {
				for (const s of sockets) s.destroy();
				server.close(() => resolve());
			}),
	};
}
