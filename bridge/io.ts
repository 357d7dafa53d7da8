/** Hook plumbing: stdin that may be anything or never end, stdout that may be closed. */
import * as fs from 'node:fs';
import { asciiJson } from '../src/core/brief/format';

/** Reads all of stdin as bytes; gives up after `timeoutMs` (a terminal or a hung writer). */
export function readStdin(timeoutMs: number): Promise<Buffer> {
	return new Promise((resolve) => {
		if (process.stdin.isTTY) {
			resolve(Buffer.alloc(0));
			return;
		}
		const chunks: Buffer[] = [];
		let done = false;
		const finish = (): void => {
			if (done) return;
			done = true;
			clearTimeout(timer);
			process.stdin.removeAllListeners();
			process.stdin.pause();
			process.stdin.destroy();
			resolve(Buffer.concat(chunks));
		};
		const timer = setTimeout(finish, timeoutMs);
		process.stdin.on('data', (c: Buffer) => chunks.push(c));
		process.stdin.on('end', finish);
		process.stdin.on('error', finish);
	});
}

let streamed = false;

/** Whether every answer so far is written (none is left in the stdout stream, which writes later). */
export function outputWritten(): boolean {
	return !streamed;
}

/**
 * Writes and ignores a closed stdout: the host is gone, and there is nobody left to tell. The text
 * goes to file descriptor 1 directly: setting up Node's stdout stream is a measurable part of a hook
 * start (docs/bench/README.md, "Tier 1 in wall clock: where the time goes"). A descriptor that refuses to wait (non-blocking,
 * full) gets the rest through the stream, which waits for it.
 */
export function writeOut(text: string): void {
	const bytes = Buffer.from(text, 'utf8');
	let written = 0;
	try {
		while (written < bytes.length) written += fs.writeSync(1, bytes, written);
		return;
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code === 'EPIPE') return;
	}
	streamed = true;
	process.stdout.on('error', () => undefined);
	try {
		process.stdout.write(bytes.subarray(written));
	} catch {
		// Same as above.
	}
}

/**
 * The one writer of every `--json` output: a program parses the same values, and a terminal that
 * shows it gets `\uXXXX` for every control, bidi and other non-ASCII character of a vault's names.
 */
export function writeJson(value: unknown): void {
	writeOut(`${asciiJson(value, 2)}\n`);
}
