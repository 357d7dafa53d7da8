/** hook-mistakes: settings Claude Code accepts that never fire or get no input, each with its fix. */
import { describe, expect, it } from 'vitest';
import { hookMistakesCheck, miscasedTools } from '../../../src/core/rules/checks/hook-mistakes';
import { CLEAN_VAULT, findingsOf } from './memory-vault';

const SETTINGS = '.claude/settings.json';
const settings = (hooks: unknown): string => JSON.stringify({ hooks }, null, 2);
const group = (matcher: string, handler: Record<string, unknown>) => [{ matcher, hooks: [{ type: 'command', command: 'node x.js', ...handler }] }];
const findings = (hooks: unknown) => findingsOf(hookMistakesCheck, { ...CLEAN_VAULT, [SETTINGS]: settings(hooks) });

describe('hook-mistakes', () => {
	it('finds nothing in correct entries, a regular-expression matcher or a broken file', () => {
		expect(findings({ PostToolUse: group('Edit|Write|MultiEdit', { timeout: 30 }), SessionStart: group('startup', {}) })).toEqual([]);
		expect(findings({ PreToolUse: group('^mcp__.*', {}) })).toEqual([]);
		expect(findingsOf(hookMistakesCheck, { ...CLEAN_VAULT, [SETTINGS]: '{ "hooks": ' })).toEqual([]);
	});

	it('a tool name in the wrong case, with the right spelling', () => {
		const [f, ...rest] = findings({ PostToolUse: group('edit|write', {}) });
		expect(rest).toHaveLength(1);
		expect(f).toMatchObject({ check: 'hook-mistakes', severity: 'warning', path: SETTINGS });
		expect(f?.message).toContain('"edit" matches no tool. Write "Edit".');
		expect(miscasedTools('Edit, multiedit')).toEqual([['multiedit', 'MultiEdit']]);
		expect(miscasedTools('edit.*')).toEqual([]);
		// Not a tool event: the matcher is a source or a reason, not a tool.
		expect(findings({ SessionStart: group('Edit', {}) })).toEqual([]);
	});

	it('a timeout that is not a positive number of seconds', () => {
		for (const bad of ['30', '30s', 0, -5, null]) {
			const [f] = findings({ PostToolUse: group('Edit', { timeout: bad }) });
			expect(f?.message, String(bad)).toContain(`"timeout": ${JSON.stringify(bad)}; Claude Code wants a positive number of seconds`);
		}
		expect(findings({ PostToolUse: group('Edit', { timeout: 2.5 }) })).toEqual([]);
	});

	it('a command reading a variable Claude Code does not set, with where the input really is', () => {
		for (const cmd of ['python3 check.py "$FILEPATH"', 'echo ${TOOL_INPUT} | jq', 'prettier --write $CLAUDE_FILE_PATHS']) {
			const [f] = findings({ PostToolUse: group('Edit', { command: cmd }) });
			expect(f?.message, cmd).toMatch(/reads \$\w+, which Claude Code does not set .*JSON on stdin/);
		}
		expect(findings({ PostToolUse: group('Edit', { command: 'node "$CLAUDE_PROJECT_DIR/x.js"' }) })).toEqual([]);
	});

	it('speaks German when the run does', () => {
		const [f] = findingsOf(hookMistakesCheck, { [SETTINGS]: settings({ PostToolUse: group('write', {}) }) }, { lang: 'de' });
		expect(f?.message).toContain('Richtig ist "Write"');
	});
});
