/**
 * Fail-open fuzzing of the PostToolUse hook as a child process: exit 0 always, and stdout either
 * empty or exactly one pure-ASCII JSON object that decodes strictly as UTF-8, in the PostToolUse
 * envelope, with a one-line systemMessage and the context within its caps (40 lines, 4,000
 * characters, plus the truncation note). Seeded and reproducible.
 */
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FIXED_NOW, hookScript, makeVault } from '../helpers/bridge';
import { LONG, pick, prng, randomBytes } from '../helpers/random';

// A rule set with many findings, so real reports hit the caps, in the default rules folder (no data.json).
const broken: Record<string, string> = { 'CLAUDE.md': '@Rules/missing.md\n' };
for (let i = 0; i < 80; i++) broken[`Rules/r${i}.md`] = `---\nbroken: [\n---\nSee [[nowhere-${i}]] and [[gone-${i}]].\n`;
const vault = makeVault(broken);
afterAll(() => fs.rmSync(vault, { recursive: true, force: true, maxRetries: 30 }));

const PATHS = [
	path.join(vault, 'Rules', 'r1.md'),
	path.join(vault, 'CLAUDE.md').replace(/\//g, '\\'),
	`${vault}/Notes/../Rules/r2.md`,
	`${vault}-old/Rules/r1.md`,
	'Rules/r3.md',
	'C:\\vault\\CLAUDE.md',
	'/etc/passwd',
	`${vault}/Notes/x.md`,
	`${vault}/Rules/\u0000.md`,
	`${vault}/.claude/settings.json`,
	`${vault}/Rules/Grüße 🎉.md`,
	'',
];
const WRONG: unknown[] = [null, 7, true, [], {}, ['a'], { file_path: 1 }, 'x'.repeat(3000)];

function input(seed: number): Buffer {
	const rand = prng(seed);
	switch (seed % 5) {
		case 0:
			return randomBytes(rand, Math.floor(rand() * 1500));
		case 1:
			return Buffer.concat([Buffer.from(`{"tool_input":{"file_path":"${vault}/Rules/`), Buffer.from([0xff, 0xc3, 0x28]), Buffer.from('.md"}}')]);
		case 2:
			return Buffer.from(JSON.stringify({ tool_name: pick(rand, ['Edit', 'Write', 'MultiEdit', 'NotebookEdit', 7]), tool_input: pick(rand, WRONG), cwd: pick(rand, WRONG) }));
		case 3:
			return Buffer.from('{"tool_input":'.repeat(2000) + '1' + '}'.repeat(2000));
		default:
			return Buffer.from(JSON.stringify({ tool_name: 'Edit', cwd: '/tmp', tool_input: { [pick(rand, ['file_path', 'notebook_path'])]: pick(rand, PATHS) } }));
	}
}

function runHook(stdin: Buffer, env: NodeJS.ProcessEnv): Promise<{ code: number | null; stdout: Buffer }> {
	return new Promise((resolve) => {
		const child = spawn(process.execPath, [hookScript(vault), 'post-tool-use'], { env });
		const out: Buffer[] = [];
		child.stdout.on('data', (c: Buffer) => out.push(c));
		child.stdin.on('error', () => undefined);
		child.stdin.end(stdin);
		child.on('exit', (code) => resolve({ code, stdout: Buffer.concat(out) }));
	});
}

let reports = 0;
function check(r: { code: number | null; stdout: Buffer }, seed: number): void {
	const where = `fuzz case ${seed}`;
	expect(r.code, where).toBe(0);
	if (r.stdout.length === 0) return;
	reports++;
	const text = new TextDecoder('utf-8', { fatal: true }).decode(r.stdout);
	expect(text, where).toMatch(/^[\x20-\x7e]*\n$/);
	const out = JSON.parse(text) as { hookSpecificOutput: { hookEventName: string; additionalContext: string }; systemMessage: string };
	expect(Object.keys(out).sort(), where).toEqual(['hookSpecificOutput', 'systemMessage']);
	expect(out.hookSpecificOutput.hookEventName, where).toBe('PostToolUse');
	expect(out.systemMessage, where).not.toContain('\n');
	const context = out.hookSpecificOutput.additionalContext;
	expect(context.split('\n').length, where).toBeLessThanOrEqual(41);
	expect(context.length, where).toBeLessThanOrEqual(4000 + 300);
}

const CASES = LONG ? 400 : 100;

describe('post-tool-use never fails its host', () => {
	it(`survives ${CASES} seeded inputs, with and without a UTF-8 locale`, async () => {
		const bare: NodeJS.ProcessEnv = { PATH: process.env.PATH, SESSION_BRIEF_NOW: FIXED_NOW };
		const full: NodeJS.ProcessEnv = { ...process.env, SESSION_BRIEF_NOW: FIXED_NOW };
		// The last check's findings are kept so an edit that adds nothing stays quiet; forgotten before
		// each pair, every case that reaches the check reports in full and meets the caps.
		const lastCheck = path.join(vault, '.obsidian', 'plugins', 'session-brief', 'last-check.json');
		for (let seed = 1; seed <= CASES; seed += 2) {
			fs.rmSync(lastCheck, { force: true });
			const [a, b] = await Promise.all([runHook(input(seed), full), runHook(input(seed + 1), bare)]);
			check(a, seed);
			check(b, seed + 1);
		}
		// Some cases must have reached the check and reported, or the caps were never exercised.
		expect(reports).toBeGreaterThan(5);
		console.log(`post-tool-use fuzz: ${CASES} cases, ${reports} reports`);
	}, 600_000);
});
