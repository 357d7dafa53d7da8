/**
 * The chained status line command: the user's command as one literal word that the real /bin/sh
 * (and PowerShell's quoting rules, tests/helpers/powershell-line.ts) reads back exactly, and our
 * own line told from everything else, ours before ours included.
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { chainedCommand, literalWord, ownStatusLine, readLiteralWord } from '../../../src/node/hosts/command-line/status-line-command';
import { parsePowerShellCommand } from '../../helpers/powershell-line';
import { pick, prng } from '../../helpers/random';

const OURS = '"/usr/bin/node" "/home/me/My Vault/.claude/hooks/session-brief.cjs" statusline';

/** Commands people keep as their status line, and some that would break a careless quote. */
const THEIRS = [
	'~/.claude/statusline.sh',
	`printf '%s' "$(cat | jq -r .model.display_name)"`,
	"echo 'it'\\''s' \"$HOME\" `date` $(pwd) && exit 0 || true; # comment",
	"a''b'''c'",
	'two\nlines; echo "\\n"',
	' --before \'x\' ',
	'„typografisch“ ‘quoted’ ‚low‛ 日本語 📓',
];

function shArgs(line: string): string[] {
	const r = spawnSync('/bin/sh', ['-c', `printf '%s\\0' ${line}`], { encoding: 'utf8' });
	expect(r.status, r.stderr).toBe(0);
	return r.stdout.split('\0').slice(0, -1);
}

describe('the chained command', () => {
	it.each(THEIRS)('%j is one word for sh and for PowerShell, read back exactly', (theirs) => {
		expect(shArgs(literalWord(theirs, 'sh'))).toEqual([theirs]);
		expect(readLiteralWord(literalWord(theirs, 'sh'), 'sh')).toBe(theirs);
		if (!/[\r\n]/.test(theirs)) expect(parsePowerShellCommand(`& "C:/node.exe" ${literalWord(theirs, 'powershell')}`).words).toEqual(['C:/node.exe', theirs]);
		expect(readLiteralWord(literalWord(theirs, 'powershell'), 'powershell')).toBe(theirs);
		const chained = chainedCommand(OURS, theirs, 'sh');
		expect(shArgs(chained).slice(-2)).toEqual(['--before', theirs]);
		expect(ownStatusLine(chained)).toEqual({ ours: OURS, before: theirs });
	});

	it('random strings survive the round trip through the real shell', () => {
		const rand = prng(44);
		const alphabet = ["'", '"', '\\', '$', '`', ' ', '\n', 'a', '-', '&', ';', '|', '*', '?', '~', '#', '(', ')', 'é', '\t'];
		for (let i = 0; i < 40; i++) {
			const s = Array.from({ length: 1 + Math.floor(rand() * 20) }, () => pick(rand, alphabet)).join('');
			expect(shArgs(literalWord(s, 'sh'))).toEqual([s]);
			expect(readLiteralWord(literalWord(s, 'sh'), 'sh')).toBe(s);
		}
	});

	it('knows our own line, alone or chained, and nothing else: never ours before ours', () => {
		expect(ownStatusLine(OURS)).toEqual({ ours: OURS });
		expect(ownStatusLine(`& "C:/node.exe" "C:/v/.claude/hooks/session-brief.cjs" statusline --before ${literalWord("it's", 'powershell')}`)).toEqual({ ours: '& "C:/node.exe" "C:/v/.claude/hooks/session-brief.cjs" statusline', before: "it's" });
		expect(ownStatusLine(chainedCommand(OURS, OURS, 'sh'))).toBeNull();
		expect(ownStatusLine(`${OURS}; echo more`)).toBeNull();
		expect(ownStatusLine(`${OURS} --before unquoted`)).toBeNull();
		expect(ownStatusLine(`${OURS} --lang de`)).toBeNull();
		expect(ownStatusLine('"/usr/bin/node" "/home/me/My Vault/.claude/hooks/session-brief.cjs" session-start')).toBeNull();
		expect(ownStatusLine('~/.claude/statusline.sh')).toBeNull();
		expect(ownStatusLine(undefined)).toBeNull();
		expect(readLiteralWord("'a'b'", 'sh')).toBeNull();
	});
});
