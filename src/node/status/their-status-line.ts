/**
 * The user's own status line, chained before ours (`statusline --before CMD`): run as the host
 * would run it (`/bin/sh -c`; Git Bash on Windows, as Claude Code runs its commands) with the same
 * input and environment. Theirs may fail, hang or flood; ours is printed after it all the same.
 */
import { spawn } from 'node:child_process';

export interface TheirRun {
	/** After this the command and what it started are killed and what it printed is dropped. */
	timeoutMs: number;
	/** Their output beyond this is cut. */
	maxBytes: number;
}

export const THEIR_RUN: TheirRun = { timeoutMs: 2000, maxBytes: 64 * 1024 };

function shellFor(platform: NodeJS.Platform, env: NodeJS.ProcessEnv): [string, string[]] {
	if (platform !== 'win32') return ['/bin/sh', ['-c']];
	const bash = env.CLAUDE_CODE_GIT_BASH_PATH;
	return [bash !== undefined && bash !== '' ? bash : 'bash', ['-c']];
}

/**
 * What their command printed, as it printed it (their colours stay theirs), ending with a line
 * break; empty when it printed nothing, failed (the host shows nothing for a failed status line
 * either), could not start or ran out of time.
 */
export function runTheirStatusLine(command: string, input: Buffer, env: NodeJS.ProcessEnv, platform: NodeJS.Platform = process.platform, limits: TheirRun = THEIR_RUN): Promise<string> {
	return new Promise((resolve) => {
		const [shell, flags] = shellFor(platform, env);
		const chunks: Buffer[] = [];
		let size = 0;
		let settled = false;
		let child: ReturnType<typeof spawn>;
		const finish = (ok: boolean): void => {
			if (settled) return;
			settled = true;
			clearTimeout(timer);
			process.removeListener('SIGTERM', onStop);
			child.stdout?.destroy();
			child.unref();
			let text = ok ? Buffer.concat(chunks).toString('utf8') : '';
			if (text !== '' && !text.endsWith('\n')) text += '\n';
			resolve(text);
		};
		try {
			// Its own process group on POSIX, so a timeout also ends what it started (a pipeline, a sleep).
			child = spawn(shell, [...flags, command], { env, stdio: ['pipe', 'pipe', 'ignore'], detached: platform !== 'win32', windowsHide: true });
		} catch {
			resolve('');
			return;
		}
		const kill = (): void => {
			try {
				if (platform !== 'win32' && child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
				else child.kill('SIGKILL');
			} catch {
				// Already gone.
			}
		};
		const timer = setTimeout(() => {
			kill();
			finish(false);
		}, limits.timeoutMs);
		// The host stops a run it no longer needs (a newer update): theirs, in its own group, goes with it.
		const onStop = (): void => {
			kill();
			process.exit(0);
		};
		process.once('SIGTERM', onStop);
		child.stdout?.on('data', (c: Buffer) => {
			if (size >= limits.maxBytes) return;
			const part = c.subarray(0, limits.maxBytes - size);
			chunks.push(part);
			size += part.length;
		});
		child.on('error', () => finish(false));
		child.on('close', (code) => finish(code === 0));
		child.stdin?.on('error', () => undefined);
		child.stdin?.end(input);
	});
}
