/** Runs a command line the way a host does: through the shell the host uses on this platform, with a time limit. */
import { spawn } from 'node:child_process';
import type { HostShell } from '../../../core/hosts/agent-contracts';

export interface RunOutcome {
	code: number | null;
	stdout: string;
	stderr: string;
	error?: string;
	timedOut: boolean;
}

/**
 * The program and flags for one shell: `sh -c` on macOS and Linux, Git Bash's `bash -c` on Windows
 * (as Claude Code runs shell-form hooks), and Windows PowerShell for hosts that run hooks in it.
 */
export function shellArgv(platform: NodeJS.Platform, shell: HostShell, command: string): [string, string[]] {
	if (platform !== 'win32') return ['/bin/sh', ['-c', command]];
	// Encoded (UTF-16LE, base64), so no layer of Windows argument quoting can change the line.
	if (shell === 'powershell') return ['powershell.exe', ['-NoProfile', '-NonInteractive', '-EncodedCommand', Buffer.from(command, 'utf16le').toString('base64')]];
	return ['bash', ['-c', command]];
}

export function runShell(command: string, input: string, cwd: string, env: NodeJS.ProcessEnv, platform: NodeJS.Platform, timeoutMs: number, shell: HostShell = 'sh'): Promise<RunOutcome> {
	return new Promise((resolve) => {
		const [program, argv] = shellArgv(platform, shell, command);
		let stdout = '';
		let stderr = '';
		let timedOut = false;
		let settled = false;
		const done = (o: RunOutcome): void => {
			if (settled) return;
			settled = true;
			clearTimeout(timer);
			resolve(o);
		};
		const child = spawn(program, argv, { cwd, env, stdio: ['pipe', 'pipe', 'pipe'] });
		const timer = setTimeout(() => {
			timedOut = true;
			child.kill('SIGKILL');
		}, timeoutMs);
		child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
		child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
		child.on('error', (e) => done({ code: null, stdout, stderr, error: e.message, timedOut }));
		child.on('close', (code) => done({ code, stdout, stderr, timedOut }));
		child.stdin.on('error', () => undefined);
		child.stdin.end(input);
	});
}
