/**
 * Runs the user's own rule checker and reports what happened; `judgeExternalRun` in
 * the core decides whether that was clean. No stdin (a checker that waits for input would hang the
 * hook), a UTF-8 environment (Claude Code does not set one, and a Python checker would otherwise
 * crash or garble on a non-ASCII path), and a hard time limit.
 */
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { alarmPattern, type ExternalRun } from '../../core/rules/checks/external';
import type { ExternalCheck } from '../../core/settings';

/** Below the 30 s `timeout` the settings entry gives the hook. */
export const EXTERNAL_TIMEOUT_MS = 20_000;
const TAIL_LINES = 12;
const MAX_ALARMS = 10;
const MAX_LINE = 500;

const SCRIPT_EXTENSION = /\.(?:py|pyw|js|cjs|mjs|ts|sh|ps1|rb|pl|php)$/i;

export function utf8Environment(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
	const out: NodeJS.ProcessEnv = { ...env, PYTHONIOENCODING: 'utf-8', PYTHONUTF8: '1' };
	if (!env.LANG) out.LANG = 'C.UTF-8';
	// Only the character type is forced, so a user's message language stays as it is.
	const effective = env.LC_ALL || env.LC_CTYPE || env.LANG || '';
	if (!/utf-?8/i.test(effective)) {
		if (env.LC_ALL) out.LC_ALL = 'C.UTF-8';
		else out.LC_CTYPE = 'C.UTF-8';
	}
	return out;
}

/** Splits a stream into lines as it arrives; keeps the last few and every alarm, never all of it. */
class LineWatcher {
	private readonly decoder = new TextDecoder('utf-8', { fatal: false });
	private partial = '';
	readonly tail: string[] = [];
	readonly alarms: string[] = [];

	constructor(private readonly alarm: RegExp | null) {}

	push(chunk: Buffer): void {
		this.take(this.decoder.decode(chunk, { stream: true }));
	}

	end(): void {
		this.take(`${this.decoder.decode()}\n`);
	}

	private take(text: string): void {
		const parts = (this.partial + text).split('\n');
		this.partial = parts.pop() ?? '';
		// A line that never ends must not grow without bound.
		if (this.partial.length > 64 * 1024) this.partial = this.partial.slice(-MAX_LINE);
		for (const raw of parts) {
			const line = raw.replace(/\r$/, '');
			if (line.trim() === '') continue;
			const shown = line.length > MAX_LINE ? `${line.slice(0, MAX_LINE - 1)}…` : line;
			if (this.alarm !== null && this.alarms.length < MAX_ALARMS && this.alarm.test(line)) this.alarms.push(shown.trim());
			this.tail.push(shown);
			if (this.tail.length > TAIL_LINES) this.tail.shift();
		}
	}
}

/** A script argument (`python check.py`) that is not there: reported as missing, not as exit 2. */
function missingScript(config: ExternalCheck, root: string): string | null {
	const candidates = [config.command, ...config.args].filter((w) => SCRIPT_EXTENSION.test(w) && !w.startsWith('-'));
	for (const word of candidates) if (!fs.existsSync(path.resolve(root, word))) return word;
	if (/[\\/]/.test(config.command) && !fs.existsSync(path.resolve(root, config.command))) return config.command;
	return null;
}

function killTree(pid: number | undefined): void {
	if (pid === undefined) return;
	try {
		// The checker runs in its own process group (detached), so its children die with it.
		process.kill(process.platform === 'win32' ? pid : -pid, 'SIGKILL');
	} catch {
		try {
			process.kill(pid, 'SIGKILL');
		} catch {
			// Already gone.
		}
	}
}

export function runExternalCheck(config: ExternalCheck, root: string, env: NodeJS.ProcessEnv, timeoutMs = EXTERNAL_TIMEOUT_MS): Promise<ExternalRun> {
	const absent = missingScript(config, root);
	if (absent !== null) return Promise.resolve({ outcome: 'missing', program: absent });
	return new Promise((resolve) => {
		const stdout = new LineWatcher(alarmPattern(config.alarmPattern));
		const stderr = new LineWatcher(alarmPattern(config.alarmPattern));
		let settled = false;
		const settle = (run: ExternalRun): void => {
			if (settled) return;
			settled = true;
			clearTimeout(timer);
			resolve(run);
		};
		const child = spawn(config.command, config.args, {
			cwd: root,
			env: utf8Environment(env),
			stdio: ['ignore', 'pipe', 'pipe'],
			detached: process.platform !== 'win32',
			windowsHide: true,
		});
		const timer = setTimeout(() => {
			killTree(child.pid);
			// A grandchild may still hold the pipes; the hook must not wait for it.
			child.stdout.destroy();
			child.stderr.destroy();
			child.unref();
			settle({ outcome: 'timeout', seconds: Math.round(timeoutMs / 100) / 10, tail: [...stdout.tail, ...stderr.tail].slice(-TAIL_LINES) });
		}, timeoutMs);
		child.stdout.on('data', (c: Buffer) => stdout.push(c));
		child.stderr.on('data', (c: Buffer) => stderr.push(c));
		child.on('error', (error: NodeJS.ErrnoException) => {
			if (error.code === 'ENOENT') settle({ outcome: 'missing', program: config.command });
			else settle({ outcome: 'start-failed', program: config.command, reason: error.code ?? error.message });
		});
		child.on('close', (code, signal) => {
			stdout.end();
			stderr.end();
			settle({
				outcome: 'exited',
				code,
				signal,
				lastLine: stdout.tail[stdout.tail.length - 1] ?? null,
				alarms: [...stdout.alarms, ...stderr.alarms],
				tail: code === 0 ? stdout.tail : [...stdout.tail, ...stderr.tail].slice(-TAIL_LINES),
			});
		});
	});
}
