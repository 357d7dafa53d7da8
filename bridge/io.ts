/** Hook plumbing: stdin that may be anything or never end, stdout that may be closed. */

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

/** Writes and ignores a closed stdout: the host is gone, and there is nobody left to tell. */
export function writeOut(text: string): void {
	process.stdout.on('error', () => undefined);
	try {
		process.stdout.write(text);
	} catch {
		// Same as above.
	}
}
