/**
 * Every fix doctor prints as a command runs as printed: from broken installs of a vault whose path
 * needs quoting, each `Run:`/`Fix:` command goes through a shell unchanged, and doctor is then ok.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUNDLE, run, withStateDir } from '../../helpers/bridge';

const SLOW = 120_000;

function setup(): { vault: string; env: NodeJS.ProcessEnv } {
	const base = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'sb-fix-')));
	// A space, an apostrophe and brackets: a fix that does not quote the path breaks on each.
	// (Characters double quotes do not protect, install refuses: they would break the hook command.)
	const vault = path.join(base, "Bob's Vault (notes)");
	fs.mkdirSync(path.join(vault, '.obsidian'), { recursive: true });
	fs.writeFileSync(path.join(vault, 'note.md'), '# Note\n');
	const home = path.join(base, 'home');
	fs.mkdirSync(home);
	return { vault, env: withStateDir({ ...process.env, HOME: home, USERPROFILE: home }) };
}

function doctor(vault: string, env: NodeJS.ProcessEnv): { status: number | null; text: string } {
	const r = run(BUNDLE, ['doctor', '--vault', vault], '', { env, timeout: 60_000 });
	return { status: r.status, text: String(r.stdout) };
}

/** The commands the report prints (`Run:` lines, and `Fix:` lines that are a command). */
function printedCommands(text: string): string[] {
	const program = `node ${BUNDLE}`;
	return [...text.matchAll(/^ {7}(?:Run|Fix): (.*)$/gm)].map((m) => m[1] ?? '').filter((line) => line.startsWith(program));
}

function runAsPrinted(command: string, env: NodeJS.ProcessEnv): number | null {
	return spawnSync('/bin/sh', ['-c', command], { env, timeout: 60_000 }).status;
}

const BROKEN: Record<string, (vault: string, env: NodeJS.ProcessEnv) => void> = {
	'nothing installed': () => undefined,
	'the bridge file is gone': (vault, env) => {
		expect(run(BUNDLE, ['install', '--vault', vault], '', { env }).status).toBe(0);
		fs.rmSync(path.join(vault, '.claude', 'hooks', 'session-brief.bridge.cjs'));
	},
	'an older copy and no MCP server file': (vault, env) => {
		expect(run(BUNDLE, ['install', '--vault', vault], '', { env }).status).toBe(0);
		fs.appendFileSync(path.join(vault, '.claude', 'hooks', 'session-brief.start.cjs'), '\n// changed\n');
		fs.rmSync(path.join(vault, '.claude', 'hooks', 'session-brief.mcp.cjs'));
	},
	'the hooks were taken out of the settings by something else': (vault, env) => {
		expect(run(BUNDLE, ['install', '--vault', vault], '', { env }).status).toBe(0);
		fs.writeFileSync(path.join(vault, '.claude', 'settings.json'), '{\n  "model": "opus"\n}\n');
	},
	'the recorded node is gone': (vault, env) => {
		expect(run(BUNDLE, ['install', '--vault', vault], '', { env }).status).toBe(0);
		const file = path.join(vault, '.claude', 'settings.json');
		fs.writeFileSync(file, fs.readFileSync(file, 'utf8').split(JSON.stringify(JSON.stringify(process.execPath)).slice(1, -1)).join('\\"/nonexistent/bin/node\\"'));
	},
};

describe.skipIf(process.platform === 'win32')('doctor fixes run as printed', () => {
	for (const [name, breakIt] of Object.entries(BROKEN)) {
		it(
			name,
			() => {
				const { vault, env } = setup();
				breakIt(vault, env);
				const before = doctor(vault, env);
				expect(before.status, before.text).toBe(1);
				const commands = printedCommands(before.text);
				expect(commands.length, before.text).toBeGreaterThan(0);
				for (const command of new Set(commands)) expect(runAsPrinted(command, env), command).toBe(0);
				const after = doctor(vault, env);
				expect(after.text).not.toMatch(/^\[FAIL\]/m);
				expect(after.status, after.text).toBe(0);
			},
			SLOW,
		);
	}

	it(
		'every fix that says to run install carries the command, in the JSON report too',
		() => {
			const { vault, env } = setup();
			const r = run(BUNDLE, ['doctor', '--json', '--vault', vault], '', { env, timeout: 60_000 });
			const report = JSON.parse(String(r.stdout)) as { checks: { fix?: string; command?: string }[] };
			const fixes = report.checks.filter((c) => c.fix !== undefined);
			expect(fixes.length).toBeGreaterThan(0);
			for (const c of fixes) {
				expect(c.fix).not.toMatch(/"install/);
				if (/\binstall\b/.test(c.fix ?? '')) expect(c.command).toMatch(new RegExp(`^node \\S+ install --vault ".*" --agent claude-code --scope (project|user)$`));
			}
		},
		SLOW,
	);
});

describe('a path in a printed command', () => {
	it('is quoted so that a shell reads it back as it was', async () => {
		const { shellWord } = await import('../../../src/node/hosts/command-line/shell-word');
		for (const word of ['/v/plain', "/v/Bob's Vault (notes)", '/v/$HOME `x` "q" \\ !', "/v/it's $5"]) {
			const quoted = shellWord(word, 'linux');
			const r = spawnSync('/bin/sh', ['-c', `printf %s ${quoted}`]);
			expect(String(r.stdout), quoted).toBe(word);
		}
		expect(shellWord('C:\\Users\\Bob Smith\\Vault', 'win32')).toBe('"C:\\Users\\Bob Smith\\Vault"');
	});
});
