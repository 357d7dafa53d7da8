/** `check [--json] [paths…]` from a terminal, and the external-check runner with real processes. */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { HANG_MS } from '../../helpers/patience';
import { CHECK_COUNT, CHECK_COUNT_WITH_EXTERNAL } from '../../helpers/registries';
import { runExternalCheck, utf8Environment } from '../../../src/node/check/external-check';
import { bareEnv, exampleVault, removeTempDirs, runBridge, tempDir, writeFiles } from '../../helpers/rule-vault';

afterAll(removeTempDirs);

interface CheckJson {
	schema: number;
	checksRun: string[];
	checks: Array<{ id: string; severity: string; explanation: string }>;
	findings: Array<{ check: string; severity: string; path: string; line: number; message: string }>;
	summary: string;
}

const check = (vault: string, args: string[] = [], cwd?: string) => runBridge(vault, 'check', '', { args, cwd });
const checkJson = (vault: string, args: string[] = []): CheckJson => JSON.parse(check(vault, ['--json', ...args]).text) as CheckJson;

describe('check', () => {
	it('exits 0 on the clean example vault and says how many checks ran', () => {
		const run = check(exampleVault());
		expect(run.code).toBe(0);
		expect(run.text).toBe(`None of the ${CHECK_COUNT} checks that ran found anything.\n`);
	});

	it('--json lists the checks that ran with their explanations, and no findings', () => {
		const json = checkJson(exampleVault());
		expect(json.schema).toBe(1);
		expect(json.checksRun).toHaveLength(CHECK_COUNT);
		expect(json.checks.map((c) => c.id)).toEqual(json.checksRun);
		expect(json.checks.every((c) => c.explanation.length > 20)).toBe(true);
		expect(json.findings).toEqual([]);
	});

	it('exits 1 with one line per finding, path:line first, and the summary last', () => {
		const vault = exampleVault({ 'AI/Regelwerk/broken.md': 'See [[nowhere]].\n', '.claude/agents/empty.md': '---\nname: empty\n---\n' });
		const run = check(vault);
		expect(run.code).toBe(1);
		expect(run.text.trimEnd().split('\n')).toEqual([
			'.claude/agents/empty.md:1: error [agent-frontmatter] Agent has no description (a non-empty text is required). Add "description:" to its frontmatter.',
			'AI/Regelwerk/broken.md:1: error [broken-link] [[nowhere]] points to "nowhere", which does not exist in the vault. Fix the name or create the note.',
			`2 of the ${CHECK_COUNT} checks that ran found something: 2 errors, 0 warnings.`,
		]);
	});

	it('checks only the given paths (relative to the vault, or absolute), files or folders', () => {
		const vault = exampleVault({ 'AI/Regelwerk/broken.md': 'See [[nowhere]].\n', 'Notes/also-broken.md': '[[gone]]' });
		expect(checkJson(vault, [path.join(vault, 'Notes')]).findings.map((f) => f.path)).toEqual(['Notes/also-broken.md']);
		expect(check(vault, ['AI/Regelwerk/tags.md'], vault).code).toBe(0);
		// From any other folder, a relative path still names a file of the vault.
		const elsewhere = tempDir();
		expect(check(vault, ['AI/Regelwerk/tags.md'], elsewhere).code).toBe(0);
		const broken = check(vault, ['--json', 'Notes'], elsewhere);
		expect((JSON.parse(broken.text) as CheckJson).findings.map((f) => f.path)).toEqual(['Notes/also-broken.md']);
	});

	it('a relative path that exists only from the working folder names its form from the vault', () => {
		const vault = exampleVault();
		const run = check(vault, ['tags.md'], path.join(vault, 'AI', 'Regelwerk'));
		expect(run.code).toBe(2);
		expect(run.stderr.trim()).toBe(`session-brief: tags.md does not exist in the vault ${vault}; paths are relative to the vault: did you mean AI/Regelwerk/tags.md?`);
	});

	it('exits 2 for a path outside the vault or one that does not exist', () => {
		const vault = exampleVault();
		const outside = check(vault, [tempDir()]);
		expect(outside.code).toBe(2);
		expect(outside.stderr).toContain('is not inside the vault');
		const missing = check(vault, ['AI/Regelwerk/nope.md'], vault);
		expect(missing.code).toBe(2);
		expect(missing.stderr).toContain(`AI/Regelwerk/nope.md does not exist in the vault ${vault}`);
	});

	it('counts the external check as one more check that ran', () => {
		const vault = exampleVault({ 'tools/ok.cjs': "console.log('None of the 3 checks that ran found anything.')" });
		writeFiles(vault, {
			'.obsidian/plugins/session-brief/data.json': JSON.stringify({ externalCheck: { command: process.execPath, args: ['tools/ok.cjs'] } }),
		});
		const run = check(vault);
		expect(run.code).toBe(0);
		expect(run.text).toBe(`None of the ${CHECK_COUNT_WITH_EXTERNAL} checks that ran found anything.\n`);
	});

	it('reports a hook script that settings.json names but the vault lacks', () => {
		const settings = { hooks: { SessionStart: [{ hooks: [{ type: 'command', command: 'node "$CLAUDE_PROJECT_DIR/.claude/hooks/session-brief.cjs" session-start' }] }] } };
		const vault = exampleVault({ '.claude/settings.json': JSON.stringify(settings, null, 2) });
		expect(check(vault).code).toBe(0);
		fs.rmSync(path.join(vault, '.claude', 'hooks', 'session-brief.cjs'));
		const run = runBridge(vault, 'check', '', { script: path.join(process.cwd(), 'bridge', 'dist', 'session-brief.cjs'), args: ['--vault', vault] });
		expect(run.code).toBe(1);
		expect(run.text).toContain('.claude/settings.json:8: error [hook-script] The SessionStart hook runs ".claude/hooks/session-brief.cjs", which does not exist');
	});
});

describe('external check runner', () => {
	const script = (body: string): { root: string; file: string } => {
		const root = tempDir('sb-ext-');
		writeFiles(root, { 'check.cjs': body });
		return { root, file: 'check.cjs' };
	};
	const config = (args: string[], command = process.execPath) => ({ command, args, cleanLine: 'ok N', alarmPattern: 'ACHTUNG' });

	it('gives the checker no stdin: one that reads stdin sees its end at once', async () => {
		const { root, file } = script("let n = 0; process.stdin.on('data', (c) => (n += c.length)); process.stdin.on('end', () => console.log('ok ' + n));");
		const run = await runExternalCheck(config([file]), root, bareEnv(), 5000);
		expect(run).toMatchObject({ outcome: 'exited', code: 0, lastLine: 'ok 0' });
	});

	it('stops a hanging checker and its children at the time limit', async () => {
		// The child holds the checker's output open for a minute: had it lived, the run would have
		// waited for it past the test's own time-out. Its pid is in a file so its end can be checked.
		const { root, file } = script(
			"const c = require('node:child_process').spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'inherit' }); require('node:fs').writeFileSync('child.pid', String(c.pid)); setInterval(() => {}, 1000);",
		);
		// On a loaded machine the checker may be stopped before it started its child: then the run
		// proves nothing about children, and it is repeated with a longer limit.
		const pidFile = path.join(root, 'child.pid');
		for (const limit of [300, 2000, 8000]) {
			const run = await runExternalCheck(config([file]), root, bareEnv(), limit);
			expect(run.outcome).toBe('timeout');
			if (fs.existsSync(pidFile) && fs.readFileSync(pidFile, 'utf8') !== '') break;
		}
		const child = Number(fs.readFileSync(pidFile, 'utf8'));
		const alive = (): boolean => {
			try {
				process.kill(child, 0);
			} catch {
				return false;
			}
			// A killed process whose new parent has not reaped it yet is a zombie: ended, not alive.
			try {
				return !/^\d+ \(.*\) Z/.test(fs.readFileSync(`/proc/${child}/stat`, 'utf8'));
			} catch {
				return true;
			}
		};
		// The kill is sent before the run returns; the exit itself may take the kernel a moment.
		await vi.waitFor(() => expect(alive()).toBe(false), { timeout: HANG_MS });
	});

	it('tells a missing program from one that cannot start', async () => {
		const root = tempDir('sb-ext-');
		expect(await runExternalCheck(config([], 'no-such-program-7f3a'), root, bareEnv(), 2000)).toEqual({ outcome: 'missing', program: 'no-such-program-7f3a' });
		writeFiles(root, { 'not-executable.sh': 'echo hi' });
		fs.chmodSync(path.join(root, 'not-executable.sh'), 0o644);
		const run = await runExternalCheck(config([], path.join(root, 'not-executable.sh')), root, bareEnv(), 2000);
		expect(run).toMatchObject({ outcome: 'start-failed', reason: 'EACCES' });
	});

	it('keeps every alarm line even when output floods past the tail', async () => {
		const { root, file } = script("console.log('ACHTUNG first'); for (let i = 0; i < 20000; i++) console.log('line ' + i); console.log('ok 1');");
		const run = await runExternalCheck(config([file]), root, bareEnv(), 10_000);
		expect(run).toMatchObject({ outcome: 'exited', code: 0, lastLine: 'ok 1', alarms: ['ACHTUNG first'] });
		expect(run.outcome === 'exited' && run.tail.length).toBeLessThanOrEqual(12);
	});

	it('sets a UTF-8 environment without overriding a UTF-8 locale the user has', () => {
		expect(utf8Environment({})).toMatchObject({ PYTHONIOENCODING: 'utf-8', PYTHONUTF8: '1', LANG: 'C.UTF-8', LC_CTYPE: 'C.UTF-8' });
		const german = utf8Environment({ LANG: 'de_DE.UTF-8' });
		expect(german.LANG).toBe('de_DE.UTF-8');
		expect(german.LC_CTYPE).toBeUndefined();
		expect(utf8Environment({ LC_ALL: 'C' }).LC_ALL).toBe('C.UTF-8');
	});
});
