/**
 * The MCP server's stdio transport, one JSON-RPC message per line as the SDK's, except that a bad
 * line never ends the session: the SDK's closes on an overlong line and ignores non-JSON, and the
 * model then loses every tool. Here such a line gets a parse error and the next is served.
 */
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { JSONRPCMessageSchema, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

/** The longest line read (the SDK's stdio limit); a client's requests are far smaller. */
export const MAX_LINE_BYTES = 10 * 1024 * 1024;

const PARSE_ERROR = -32700;
const INVALID_REQUEST = -32600;

/** The id of a request that parsed as JSON but is not a valid message, when it has a usable one. */
function idOf(value: unknown): string | number | null {
	if (typeof value !== 'object' || value === null) return null;
	const id = (value as { id?: unknown }).id;
	return typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id)) ? id : null;
}

export class LineTransport implements Transport {
	onclose?: () => void;
	onerror?: (error: Error) => void;
	onmessage?: (message: JSONRPCMessage) => void;

	private chunks: Buffer[] = [];
	private held = 0;
	/** Bytes of an over-long line are being dropped until its end. */
	private skipping = false;
	private closed = false;

	constructor(
		private readonly input: NodeJS.ReadableStream = process.stdin,
		private readonly output: NodeJS.WritableStream = process.stdout,
		private readonly maxLine: number = MAX_LINE_BYTES,
	) {}

	private readonly onData = (chunk: Buffer | string): void => {
		let data = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
		for (;;) {
			const nl = data.indexOf(0x0a);
			if (nl === -1) {
				this.hold(data);
				return;
			}
			this.hold(data.subarray(0, nl));
			this.endLine();
			data = data.subarray(nl + 1);
		}
	};

	private readonly onInputError = (error: Error): void => this.onerror?.(error);
	private readonly onEnd = (): void => void this.close();

	private hold(part: Buffer): void {
		if (this.skipping || part.length === 0) return;
		if (this.held + part.length > this.maxLine) {
			this.chunks = [];
			this.held = 0;
			this.skipping = true;
			return;
		}
		this.chunks.push(part);
		this.held += part.length;
	}

	private endLine(): void {
		if (this.skipping) {
			this.skipping = false;
			this.refuse(null, PARSE_ERROR, `Parse error: the message is longer than ${this.maxLine} bytes and was skipped; send a shorter one.`);
			return;
		}
		const line = Buffer.concat(this.chunks, this.held).toString('utf8').replace(/\r$/, '');
		this.chunks = [];
		this.held = 0;
		if (line.trim() === '') return;
		let value: unknown;
		try {
			value = JSON.parse(line);
		} catch (error) {
			this.refuse(null, PARSE_ERROR, `Parse error: ${(error as Error).message}`);
			return;
		}
		const parsed = JSONRPCMessageSchema.safeParse(value);
		if (!parsed.success) {
			this.refuse(idOf(value), INVALID_REQUEST, 'Invalid request: not a JSON-RPC 2.0 message.');
			return;
		}
		try {
			this.onmessage?.(parsed.data);
		} catch (error) {
			this.onerror?.(error as Error);
		}
	}

	private refuse(id: string | number | null, code: number, message: string): void {
		this.onerror?.(new Error(message));
		// JSON-RPC 2.0: an error about a message whose id cannot be read carries the id null.
		this.output.write(`${JSON.stringify({ jsonrpc: '2.0', id, error: { code, message } })}\n`);
	}

	start(): Promise<void> {
		this.input.on('data', this.onData);
		this.input.on('error', this.onInputError);
		this.input.on('end', this.onEnd);
		return Promise.resolve();
	}

	send(message: JSONRPCMessage): Promise<void> {
		return new Promise((resolve) => {
			if (this.output.write(`${JSON.stringify(message)}\n`)) resolve();
			else this.output.once('drain', resolve);
		});
	}

	close(): Promise<void> {
		if (this.closed) return Promise.resolve();
		this.closed = true;
		this.input.off('data', this.onData);
		this.input.off('error', this.onInputError);
		this.input.off('end', this.onEnd);
		this.chunks = [];
		this.held = 0;
		this.onclose?.();
		return Promise.resolve();
	}
}
