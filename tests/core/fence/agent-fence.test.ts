import { describe, expect, it } from 'vitest';
import { beforeGlob, commandWords, fenceRefusal } from '../../../src/core/fence/agent-fence';

describe('commandWords', () => {
	it('splits at blanks and shell operators, removes quotes, reads \\ as /', () => {
		expect(commandWords(`rm -rf ".obsidian/plugins/session brief"&&echo x>'a b'|tee c;(ls d)`)).toEqual(['rm', '-rf', '.obsidian/plugins/session brief', 'echo', 'x', 'a b', 'tee', 'c', 'ls', 'd']);
		expect(commandWords('type .obsidian\\plugins\\session-brief\\data.json')).toEqual(['type', '.obsidian/plugins/session-brief/data.json']);
	});

	it('adds the value of name=value', () => {
		expect(commandWords('tool --out=.claude/hooks/session-brief.cjs')).toEqual(['tool', '--out=.claude/hooks/session-brief.cjs', '.claude/hooks/session-brief.cjs']);
	});

	it('keeps an unclosed quote to the end and gives nothing for an empty line', () => {
		expect(commandWords("cat 'open end")).toEqual(['cat', 'open end']);
		expect(commandWords('   ')).toEqual([]);
	});
});

describe('beforeGlob', () => {
	it('cuts a word at its first glob character', () => {
		expect(beforeGlob('.obsidian/plugins/*')).toBe('.obsidian/plugins/');
		expect(beforeGlob('.obs*')).toBe('.obs');
		expect(beforeGlob('Notes/a.md')).toBe('Notes/a.md');
	});
});

describe('fenceRefusal', () => {
	it('names the place and what to do, in both languages, and quotes odd names', () => {
		const en = fenceRefusal('plugin', '/v/.obsidian/plugins/session-brief/data.json', '.obsidian/plugins/session-brief/', false, 'en');
		expect(en.reason).toMatch(/^Refused: \/v\/\.obsidian\/plugins\/session-brief\/data\.json is in Session Brief's plugin folder \(\.obsidian\/plugins\/session-brief\/\)\./);
		expect(en.reason).not.toContain('The command names');
		const viaBash = fenceRefusal('hooks', '.claude/hooks/session-brief.cjs', '.claude/hooks/', true, 'en');
		expect(viaBash.reason).toContain("is one of Session Brief's hook files (in .claude/hooks/)");
		expect(viaBash.reason).toContain('The command names .claude/hooks/session-brief.cjs.');
		expect(fenceRefusal('plugin', 'x', 'y/', false, 'de').reason).toContain('liegt im Plugin-Ordner von Session Brief');
		expect(fenceRefusal('plugin', 'a\nb', 'y/', false, 'en').reason).toContain('"a\\nb"');
	});

	it('names the agent plugin folder and the per-user state folder, in both languages', () => {
		expect(fenceRefusal('agentPlugin', '/c/plugins/session-brief/hooks/hooks.json', '/c/plugins/session-brief/', false, 'en').reason).toContain("is in Session Brief's agent plugin (/c/plugins/session-brief/)");
		const state = fenceRefusal('state', ': > /s/review-seal-a.json', '/s/', true, 'en').reason;
		expect(state).toContain("is in Session Brief's per-user state folder (/s/)");
		expect(state).toContain('The command names');
		expect(fenceRefusal('state', 'x', '/s/', false, 'de').reason).toContain('Zustandsordner von Session Brief');
		expect(fenceRefusal('agentPlugin', 'x', '/c/', false, 'de').reason).toContain('Agenten-Plugin von Session Brief');
	});
});
