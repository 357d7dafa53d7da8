/** The bridge behaves like a command line: help, version, typos and vault errors, as a user sees them. */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUNDLE, makeVault, hookScript, run } from '../../helpers/bridge';
import { AGENT_IDS } from '../../../src/core/hosts/agent-contracts';

const pkg = JSON.parse(fs.readFileSync(path.join(__dirname, '../../../package.json'), 'utf8')) as { version: string };

/** A copy of the bridge outside any vault, like a clone's build or a downloaded release asset. */
function looseCopy(): string {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-loose-'));
	const file = path.join(dir, 'session-brief.cjs');
	fs.copyFileSync(BUNDLE, file);
	return file;
}

describe('help and version', () => {
	for (const arg of ['--version', '-v', 'version']) {
		it(`${arg} prints the version and exits 0`, () => {
			const r = run(BUNDLE, [arg]);
			expect(r.status).toBe(0);
			expect(String(r.stdout)).toBe(`${pkg.version}\n`);
		});
	}
	for (const args of [['--help'], ['-h'], ['help']]) {
		it(`${args.join(' ')} prints the overview on stdout and exits 0`, () => {
			const r = run(BUNDLE, args);
			expect(r.status).toBe(0);
			expect(String(r.stdout)).toMatch(/^Usage: node \S*session-brief\.cjs <command> \[options\]$/m);
			expect(r.stderr).toBe('');
		});
	}
	for (const args of [['report', '--help'], ['install', '-h'], ['help', 'check'], ['help', 'install']]) {
		it(`${args.join(' ')} prints that command's help on stdout and exits 0`, () => {
			const r = run(BUNDLE, args);
			expect(r.status).toBe(0);
			const command = args[0] === 'help' ? args[1] : args[0];
			expect(String(r.stdout)).toMatch(new RegExp(`^Usage: node \\S*session-brief\\.cjs ${command}\\b`));
			expect(r.stderr).toBe('');
		});
	}
	it('help about an unknown command is a usage error that suggests the closest one', () => {
		const r = run(BUNDLE, ['help', 'chek']);
		expect(r.status).toBe(2);
		expect(r.stderr.trim().split('\n')).toEqual(["session-brief: unknown command chek (did you mean check?); run 'session-brief --help' for usage"]);
	});
	it('the usage, the unknown-agent error and docs/install.md name the same agents, from the one list of hosts', () => {
		const usage = String(run(BUNDLE, ['--help']).stdout);
		const listed = /^Agents \(--agent\): (.*)$/m.exec(usage)?.[1]?.split(', ').map((a) => a.replace(' (default)', ''));
		expect(listed).toEqual([...AGENT_IDS]);
		const vault = makeVault();
		const wrong = run(hookScript(vault), ['install', '--agent', 'nope'], '', { env: { ...process.env, HOME: vault } });
		expect(wrong.status).toBe(2);
		expect(wrong.stderr).toContain(`one of: ${AGENT_IDS.join(', ')}`);
		const install = fs.readFileSync(path.join(__dirname, '../../../docs/install.md'), 'utf8');
		const table = /^### Other agents\n[\s\S]*?^(\|[\s\S]*?)\n\n/m.exec(install)?.[1] ?? '';
		const ids = [...table.matchAll(/^\| `([a-z-]+)`/gm)].map((m) => m[1]);
		expect(ids).toEqual([...AGENT_IDS]);
	});
	it('no command at all is a usage error with the usage on stderr', () => {
		const r = run(BUNDLE, []);
		expect(r.status).toBe(2);
		expect(String(r.stdout)).toBe('');
		expect(r.stderr).toContain('Usage:');
	});
});

describe('typos get one short line, exit 2', () => {
	it('an unknown option names it', () => {
		const vault = makeVault();
		const r = run(hookScript(vault), ['report', '--frobnicate']);
		expect(r.status).toBe(2);
		expect(r.stderr.trim().split('\n')).toEqual(["session-brief: unknown option --frobnicate for report; run 'session-brief --help' for usage"]);
	});
	it('a misspelt option suggests the right one', () => {
		const r = run(BUNDLE, ['report', '--vualt', '/tmp']);
		expect(r.status).toBe(2);
		expect(r.stderr.trim().split('\n')).toHaveLength(1);
		expect(r.stderr).toContain('unknown option --vualt for report (did you mean --vault?)');
	});
	it('an option another command has is refused for this one', () => {
		const r = run(BUNDLE, ['check', '--source', 'scan', '--vault', '/tmp']);
		expect(r.status).toBe(2);
		expect(r.stderr).toContain('unknown option --source for check');
	});
	it('an unknown command suggests the closest one', () => {
		const r = run(BUNDLE, ['reprot']);
		expect(r.status).toBe(2);
		expect(r.stderr.trim().split('\n')).toEqual(["session-brief: unknown command reprot (did you mean report?); run 'session-brief --help' for usage"]);
	});
	it('a command far from any known one gets no guess', () => {
		const r = run(BUNDLE, ['frobnicate']);
		expect(r.status).toBe(2);
		expect(r.stderr).not.toContain('did you mean');
	});
	it('an unknown single-dash option is refused', () => {
		const r = run(BUNDLE, ['report', '-x']);
		expect(r.status).toBe(2);
		expect(r.stderr).toContain('unknown option -x for report');
	});
	it('a control character in an unknown name is shown escaped, never raw', () => {
		const r = run(BUNDLE, ['repo\u001b[31mrt']);
		expect(r.status).toBe(2);
		expect(r.stderr).not.toContain('\u001b');
		expect(r.stderr).toContain('\\u001b');
	});
	it('a stray argument to a command that takes none is refused', () => {
		const r = run(BUNDLE, ['report', 'extra', '--vault', '/tmp']);
		expect(r.status).toBe(2);
		expect(r.stderr).toContain('report takes no argument extra');
	});
});

describe('--config-dir', () => {
	it('a config folder that is not in the vault is an error naming the one found, and creates nothing', () => {
		const vault = makeVault({ 'Notes/a.md': '#needs-review\n' });
		for (const command of ['report', 'check', 'install']) {
			const r = run(hookScript(vault), [command, '--config-dir', '.typo'], '', { env: { ...process.env, HOME: vault } });
			expect(r.status, command).toBe(2);
			expect(r.stderr.trim().split('\n'), command).toEqual([`session-brief: --config-dir .typo is not a folder at the root of the vault ${vault}; without --config-dir it is found automatically: .obsidian`]);
		}
		expect(fs.existsSync(path.join(vault, '.typo'))).toBe(false);
		expect(run(hookScript(vault), ['report', '--config-dir', '.obsidian']).status).toBe(0);
		// Only a folder right at the vault's root is a config folder.
		expect(run(hookScript(vault), ['report', '--config-dir', 'Notes/../../x']).status).toBe(2);
	});
});

describe('no guessed vault', () => {
	for (const command of ['report', 'check', 'serve', 'doctor', 'install', 'uninstall']) {
		it(`${command} from a copy outside any vault, run outside any vault, asks for one in user words`, () => {
			const r = run(looseCopy(), [command], '', { cwd: fs.mkdtempSync(path.join(os.tmpdir(), 'sb-no-vault-')) });
			expect(r.status).toBe(2);
			expect(r.stderr).toBe(`session-brief: no Obsidian vault here: ${command} found no vault around the current folder; run it inside your vault or pass --vault <folder>\n`);
		});
	}
	it('session-start from a copy outside any vault still answers its host, naming the problem', () => {
		const r = run(looseCopy(), ['session-start'], '{}');
		expect(r.status).toBe(0);
		const out = JSON.parse(String(r.stdout)) as { hookSpecificOutput: { additionalContext: string } };
		expect(out.hookSpecificOutput.additionalContext).toContain('needs --vault DIR');
	});
	it('post-tool-use from a copy outside any vault stays silent', () => {
		const r = run(looseCopy(), ['post-tool-use'], JSON.stringify({ tool_name: 'Edit', tool_input: { file_path: '/tmp/x.md' } }));
		expect(r.status).toBe(0);
		expect(String(r.stdout)).toBe('');
	});
});

describe('a --vault that is missing or a file: one line, every command', () => {
	const missing = path.join(os.tmpdir(), 'sb-no-such-vault-here');
	const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sb-file-')), 'note.md');
	fs.writeFileSync(file, 'x');
	for (const command of ['report', 'check', 'serve', 'doctor', 'install', 'uninstall']) {
		for (const [kind, vault] of [
			['missing', missing],
			['a file', file],
		] as const) {
			it(`${command} with a vault that is ${kind}`, () => {
				const r = run(BUNDLE, [command, '--vault', vault]);
				expect(r.status).toBe(2);
				expect(r.stderr).toBe(`session-brief: vault folder ${vault} does not exist or is not a folder\n`);
			});
		}
	}
});

describe('uninstall', () => {
	it('says so when there is nothing to remove', () => {
		const vault = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-empty-vault-'));
		const r = run(BUNDLE, ['uninstall', '--vault', vault]);
		expect(r.status).toBe(0);
		expect(String(r.stdout)).toMatch(/^Nothing to remove: no hooks of ours for Claude Code \(project\) and no bridge in .*\n$/);
		expect(fs.readdirSync(vault)).toEqual([]);
	});
});
