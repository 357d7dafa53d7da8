/**
 * The hook command line per platform and shell, with paths people really have: spaces, quotes,
 * `$`, backticks, `&`, `%`, typographic quotes and other Unicode. POSIX lines are run through the
 * real /bin/sh; PowerShell lines go through a small tokenizer that follows PowerShell's quoting
 * rules (tests/helpers/powershell-line.ts), since no PowerShell is installed here.
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { commandLine, commandPath, commandWords, parseOwnCommand, powershellCommand, shellCommand, shellOn, unsafeCharacters } from '../../../src/node/hosts/command-line/command-line';
import { parsePowerShellCommand, PowerShellParseError } from '../../helpers/powershell-line';

const ARGS = ['session-start', '--agent', 'cursor'];
const script = (vault: string): string => `${vault}\\.claude\\hooks\\session-brief.cjs`;

/** Windows vault folders, each a name someone has. */
const WINDOWS_VAULTS = [
	'C:\\Users\\Jörg Müller\\Obsidian Vault',
	"C:\\Users\\Mary O'Brien\\Notes",
	'C:\\Users\\me\\Tom & Jerry',
	'C:\\Users\\me\\costs $HOME $(calc) ${env:PATH}',
	'C:\\Users\\me\\a`whoami`b',
	'C:\\Users\\me\\100% done',
	'C:\\Users\\me\\„Notizen“ und ”mehr”',
	'C:\\Users\\me\\‘single’ ‚low‛',
	'C:\\Users\\me\\日本語 📓 (work) [2026] {x}; y | z',
];
const NODE = 'C:\\Program Files\\nodejs\\node.exe';

/** Words as the real /bin/sh splits the line (printf prints each argument once, NUL-terminated). */
function shWords(line: string): string[] {
	const r = spawnSync('/bin/sh', ['-c', `printf '%s\\0' ${line}`], { encoding: 'utf8' });
	expect(r.status, r.stderr).toBe(0);
	return r.stdout.split('\0').slice(0, -1);
}

describe('PowerShell lines (hosts that run hooks in PowerShell on Windows)', () => {
	it.each(WINDOWS_VAULTS)('%s: the call operator, then exactly the node path, the script path and the arguments', (vault) => {
		const line = powershellCommand(NODE, script(vault), ARGS, 'win32');
		expect(line.startsWith('& "')).toBe(true);
		const parsed = parsePowerShellCommand(line);
		expect(parsed.callOperator).toBe(true);
		expect(parsed.words).toEqual([commandPath(NODE, 'win32'), commandPath(script(vault), 'win32'), ...ARGS]);
		expect(unsafeCharacters(vault, 'win32', 'powershell')).toEqual([]);
		// We read our own line back the same way.
		expect(commandWords(line)).toEqual(parsed.words);
		expect(parseOwnCommand(line)).toEqual({ interpreter: commandPath(NODE, 'win32'), script: commandPath(script(vault), 'win32'), args: ARGS });
	});

	it('the tokenizer fails the lines that break in PowerShell: no call operator, or $ and a backtick left unescaped', () => {
		expect(() => parsePowerShellCommand(shellCommand(NODE, script(WINDOWS_VAULTS[0] ?? ''), ARGS, 'win32'))).toThrow(/Unexpected token/);
		expect(() => parsePowerShellCommand(`& "C:/costs $HOME/x.cjs" session-start`)).toThrow(PowerShellParseError);
		expect(() => parsePowerShellCommand(`& "C:/a "quoted" b/x.cjs"`)).toThrow(PowerShellParseError);
		expect(parsePowerShellCommand('& "C:/a`tb/x.cjs"').words[0]).toBe('C:/a\tb/x.cjs');
		// PowerShell closes a double-quoted string at a typographic quote too: left alone, „ ends the path.
		expect(() => parsePowerShellCommand('& "C:/„Notizen“/x.cjs"')).toThrow(PowerShellParseError);
	});

	it('only a line break or NUL is refused for PowerShell; everything else is escaped', () => {
		expect(unsafeCharacters('C:\\a\nb', 'win32', 'powershell')).toEqual(['\n']);
		expect(unsafeCharacters('C:\\a\0b', 'win32', 'powershell')).toEqual(['\0']);
		expect(unsafeCharacters('C:\\a$b`c%d"e', 'win32', 'powershell')).toEqual([]);
	});
});

describe('POSIX lines (sh -c, Git Bash)', () => {
	it.each(['/home/jörg/Obsidian Vault', "/home/mary/O'Brien notes", '/home/me/Tom & Jerry', '/home/me/日本語 📓 (work) [x] {y}; z | w', '/home/me/‘single’ „double“'])(
		'%s: /bin/sh reads exactly the two paths and the arguments',
		(vault) => {
			const node = '/opt/node 20/bin/node';
			const line = shellCommand(node, `${vault}/.claude/hooks/session-brief.cjs`, ARGS, 'linux');
			expect(unsafeCharacters(vault, 'linux')).toEqual([]);
			expect(shWords(line)).toEqual([node, `${vault}/.claude/hooks/session-brief.cjs`, ...ARGS]);
			expect(commandWords(line)).toEqual(shWords(line));
		},
	);

	it('Windows paths for Git Bash: forward slashes, and /bin/sh reads them back whole', () => {
		for (const vault of WINDOWS_VAULTS.filter((v) => unsafeCharacters(v, 'win32').length === 0)) {
			const line = shellCommand(NODE, script(vault), ARGS, 'win32');
			expect(line).not.toContain('\\');
			expect(shWords(line)).toEqual([commandPath(NODE, 'win32'), commandPath(script(vault), 'win32'), ...ARGS]);
		}
	});

	it('refuses what a POSIX shell would still read inside double quotes, never escapes it', () => {
		expect(unsafeCharacters('/a$b`c"d\\e', 'linux').sort()).toEqual(['"', '$', '\\', '`'].sort());
		expect(unsafeCharacters('C:\\100% done', 'win32')).toEqual(['%']);
		expect(unsafeCharacters('C:\\costs $HOME', 'win32')).toEqual(['$']);
		// The refused characters really do change what sh runs: the proof the refusal is needed.
		expect(shWords(`"/a $HOME b"`)).not.toEqual(['/a $HOME b']);
	});
});

describe('which line a host gets', () => {
	it('the host shell on Windows, sh everywhere else', () => {
		expect(shellOn('win32', 'powershell')).toBe('powershell');
		expect(shellOn('win32', 'sh')).toBe('sh');
		expect(shellOn('linux', 'powershell')).toBe('sh');
		expect(shellOn('darwin', 'powershell')).toBe('sh');
		expect(commandLine('powershell', NODE, 'C:\\v\\.claude\\hooks\\session-brief.cjs', ARGS, 'win32')).toBe('& "C:/Program Files/nodejs/node.exe" "C:/v/.claude/hooks/session-brief.cjs" session-start --agent cursor');
		expect(commandLine('sh', NODE, 'C:\\v\\.claude\\hooks\\session-brief.cjs', ARGS, 'win32')).toBe('"C:/Program Files/nodejs/node.exe" "C:/v/.claude/hooks/session-brief.cjs" session-start --agent cursor');
	});
});
