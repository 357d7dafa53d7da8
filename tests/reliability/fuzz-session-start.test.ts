/**
 * Fail-open fuzzing of the SessionStart hook as a child process: whatever arrives on stdin, it
 * exits 0 and prints exactly one JSON object that decodes strictly as UTF-8, is pure ASCII and
 * keeps its text within the 10,000-character cap. Seeded, so a failure names its case.
 */
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { FIXED_NOW, hookScript, makeVault } from '../helpers/bridge';
import { LONG, pick, prng, randomBytes } from '../helpers/random';

const vault = makeVault({ 'Inbox/a.md': '#needs-review Grüße', 'Notes/b.md': '---\ntags: [review]\n---\n' });
afterAll(() => fs.rmSync(vault, { recursive: true, force: true, maxRetries: 30 }));

const WRONG_VALUES: unknown[] = [null, 0, -1, 1e308, true, '', 'x'.repeat(5000), [], [1, [2, [3]]], {}, { a: { b: {} } }, '\u0000', '../../etc', 'C:\\Windows'];
const FIELDS = ['session_id', 'transcript_path', 'cwd', 'hook_event_name', 'source', 'model', 'agent_type'];

function deepJson(depth: number): string {
	return '['.repeat(depth) + ']'.repeat(depth);
}

/** One fuzz input for case `seed`: random bytes, invalid UTF-8, wrong-typed fields, deep or huge JSON. */
function input(seed: number): Buffer {
	const rand = prng(seed);
	switch (seed % 6) {
		case 0:
			return randomBytes(rand, Math.floor(rand() * 2000));
		case 1:
			return Buffer.concat([Buffer.from('{"source":"'), Buffer.from([0xff, 0xfe, 0xc3, 0x28, 0xed, 0xa0, 0x80]), Buffer.from('"}')]);
		case 2: {
			const obj: Record<string, unknown> = {};
			for (const f of FIELDS) if (rand() < 0.7) obj[f] = pick(rand, WRONG_VALUES);
			return Buffer.from(JSON.stringify(obj));
		}
		case 3:
			return Buffer.from(deepJson(1000 + Math.floor(rand() * 100_000)));
		case 4:
			return Buffer.from(JSON.stringify(pick(rand, WRONG_VALUES)));
		default:
			return Buffer.from(JSON.stringify({ source: pick(rand, ['startup', 'resume', 'clear', 'compact', 'fork', 'other']), cwd: '/tmp', hook_event_name: 'SessionStart' }));
	}
}

function runHook(stdin: Buffer, env: NodeJS.ProcessEnv): Promise<{ code: number | null; stdout: Buffer; stderr: string }> {
	return new Promise((resolve) => {
		const child = spawn(process.execPath, [hookScript(vault), 'session-start'], { env });
		const out: Buffer[] = [];
		let err = '';
		child.stdout.on('data', (c: Buffer) => out.push(c));
		child.stderr.on('data', (c: Buffer) => (err += c.toString()));
		child.stdin.on('error', () => undefined);
		child.stdin.end(stdin);
		child.on('exit', (code) => resolve({ code, stdout: Buffer.concat(out), stderr: err }));
	});
}

/** Two starts of one session within seconds give one brief: an input with a session id may be told it had it. */
function hasSessionId(stdin: Buffer): boolean {
	try {
		const id = (JSON.parse(stdin.toString('utf8')) as { session_id?: unknown } | null)?.session_id;
		return typeof id === 'string' && id !== '';
	} catch {
		return false;
	}
}

const ALREADY_GIVEN = 'Session brief: already given to this session by another of its hook entries; not repeated.';

function check(r: { code: number | null; stdout: Buffer; stderr: string }, seed: number, stdin: Buffer): void {
	const where = `fuzz case ${seed}`;
	expect(r.code, where).toBe(0);
	const text = new TextDecoder('utf-8', { fatal: true }).decode(r.stdout);
	expect(text, where).toMatch(/^[\x20-\x7e]*\n$/);
	const out = JSON.parse(text) as { hookSpecificOutput: { hookEventName: string; additionalContext: string } };
	expect(Object.keys(out), where).toEqual(['hookSpecificOutput']);
	expect(out.hookSpecificOutput.hookEventName, where).toBe('SessionStart');
	expect(out.hookSpecificOutput.additionalContext.length, where).toBeLessThanOrEqual(10_000);
	const context = out.hookSpecificOutput.additionalContext;
	if (hasSessionId(stdin) && context === ALREADY_GIVEN) return;
	expect(context, where).toContain('needs-review: 1 (Inbox/a.md)');
	expect(r.stderr, where).toBe('');
}

const CASES = LONG ? 600 : 120;

describe('session-start never fails its host', () => {
	it(`survives ${CASES} seeded inputs, with and without a UTF-8 locale`, async () => {
		const bare: NodeJS.ProcessEnv = { PATH: process.env.PATH, SESSION_BRIEF_NOW: FIXED_NOW };
		const full: NodeJS.ProcessEnv = { ...process.env, SESSION_BRIEF_NOW: FIXED_NOW, LANG: 'C.UTF-8' };
		for (let seed = 1; seed <= CASES; seed += 2) {
			const [a, b] = await Promise.all([runHook(input(seed), seed % 4 === 1 ? bare : full), runHook(input(seed + 1), bare)]);
			check(a, seed, input(seed));
			check(b, seed + 1, input(seed + 1));
		}
	}, 600_000);
	it('survives a 10 MB JSON input', async () => {
		const big = Buffer.from(JSON.stringify({ source: 'startup', cwd: 'x'.repeat(10 * 1024 * 1024) }));
		check(await runHook(big, { ...process.env, SESSION_BRIEF_NOW: FIXED_NOW }), -1, big);
	});
});
