/**
 * Help as a user expects it: `--help` is a short overview, `<command> --help` and `help <command>`
 * that command's own page, and every usage line names the program the way it was run.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMMANDS } from '../../../bridge/args';
import { programName } from '../../../bridge/program-name';
import { BUNDLE, makeVault, hookScript, run } from '../../helpers/bridge';

const USER_COMMANDS = ['install', 'uninstall', 'doctor', 'check', 'report', 'changes', 'launcher', 'serve'];

describe('per-command help', () => {
	for (const command of USER_COMMANDS) {
		it(`${command} --help, ${command} -h and help ${command} print ${command}'s own page`, () => {
			const pages = [[command, '--help'], [command, '-h'], ['help', command]].map((args) => run(BUNDLE, args));
			for (const r of pages) {
				expect(r.status).toBe(0);
				expect(r.stderr).toBe('');
			}
			const text = String(pages[0]?.stdout);
			expect(pages.map((r) => String(r.stdout))).toEqual([text, text, text]);
			expect(text).toMatch(new RegExp(`^Usage: node \\S+ ${command}\\b`));
			expect(text).toMatch(/\nExample:\n {2}node \S+ \S/);
			// One command's page, not the list of all of them.
			expect(text).not.toContain('post-tool-use');
		});
	}

	it('the overview lists every command on one line each and stays short', () => {
		const text = String(run(BUNDLE, ['--help']).stdout);
		// Every command the parser takes (bridge/args.ts).
		for (const command of COMMANDS) {
			expect(text).toMatch(new RegExp(`^ {2}${command} +\\S`, 'm'));
		}
		expect(text.split('\n').length).toBeLessThan(40);
		expect(text).not.toEqual(String(run(BUNDLE, ['install', '--help']).stdout));
	});

	it('the installed copy run from the vault names itself as the user types it', () => {
		const vault = makeVault();
		const r = run(hookScript(vault), ['doctor', '--help'], '', { cwd: vault });
		expect(String(r.stdout).split('\n')[0]).toBe('Usage: node .claude/hooks/session-brief.cjs doctor [--agent ID] [--json] [--vault DIR]');
	});
});

describe('the name the bridge was run by', () => {
	const cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-prog-'));
	it('npx and npm exec: npx session-brief', () => {
		expect(programName(path.join(cwd, 'node_modules/.bin/session-brief'), { npm_command: 'exec' }, cwd, 'linux')).toBe('npx session-brief');
		// npm's Windows shim runs the file inside the package.
		expect(programName('C:\\p\\node_modules\\session-brief\\bridge\\dist\\session-brief.cjs', { npm_command: 'exec' }, 'C:\\p', 'win32')).toBe('npx session-brief');
	});
	it('the npm command on PATH (global install, a package script): session-brief', () => {
		expect(programName('/usr/local/bin/session-brief', {}, cwd, 'linux')).toBe('session-brief');
		expect(programName(path.join(cwd, 'node_modules/.bin/session-brief'), { npm_command: 'run-script', npm_lifecycle_event: 'brief' }, cwd, 'linux')).toBe('session-brief');
	});
	it('any other file: node and the file, relative inside the current folder, quoted when the shell needs it', () => {
		expect(programName(path.join(cwd, '.claude/hooks/session-brief.cjs'), {}, cwd, 'linux')).toBe('node .claude/hooks/session-brief.cjs');
		expect(programName('/opt/sb/session-brief.cjs', {}, cwd, 'linux')).toBe('node /opt/sb/session-brief.cjs');
		expect(programName('/My Vault/.claude/hooks/session-brief.cjs', {}, cwd, 'linux')).toBe('node "/My Vault/.claude/hooks/session-brief.cjs"');
		expect(programName('/opt/sb/session-brief.cjs', {}, null, 'linux')).toBe('node /opt/sb/session-brief.cjs');
	});
});
