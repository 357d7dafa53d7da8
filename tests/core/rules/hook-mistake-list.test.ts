/** The hook-entry mistakes shared by the rule check and doctor: what counts, and what does not. */
import { describe, expect, it } from 'vitest';
import { hookMistakesCheck } from '../../../src/core/rules/checks/hook-mistakes';
import { listHookMistakes, pluginVariable, timeoutProblem, unsetVariable } from '../../../src/core/rules/settings/hook-mistake-list';
import { CLEAN_VAULT, findingsOf } from './memory-vault';

const group = (matcher: string, handler: Record<string, unknown>) => [{ matcher, hooks: [{ type: 'command', command: 'node x.js', ...handler }] }];

describe('unsetVariable', () => {
	it('finds a variable Claude Code never sets', () => {
		expect(unsetVariable('prettier --write "$FILEPATH"')).toBe('FILEPATH');
		expect(unsetVariable('echo ${TOOL_INPUT} | jq')).toBe('TOOL_INPUT');
		expect(unsetVariable('node "$CLAUDE_PROJECT_DIR/x.js"')).toBeNull();
	});

	it('leaves a variable the command sets itself before using it', () => {
		expect(unsetVariable('FILE=$(jq -r .tool_input.file_path); prettier --write "$FILE"')).toBeNull();
		expect(unsetVariable('export FILE_PATH=$(jq -r .tool_input.file_path) && lint "$FILE_PATH"')).toBeNull();
		expect(unsetVariable('jq -r .tool_input.file_path | { read -r FILE; lint "$FILE"; }')).toBeNull();
		expect(unsetVariable('for FILE in a b; do lint "$FILE"; done')).toBeNull();
		// Setting another variable does not count.
		expect(unsetVariable('MYFILE=x; lint "$FILE"')).toBe('FILE');
	});
});

describe('timeoutProblem and pluginVariable', () => {
	it('tells seconds from milliseconds and from not-a-number', () => {
		expect(timeoutProblem(undefined)).toBeNull();
		for (const ok of [1, 2.5, 30, 600, 1800]) expect(timeoutProblem(ok), String(ok)).toBeNull();
		for (const ms of [1000, 5000, 30000, 60000]) expect(timeoutProblem(ms), String(ms)).toBe('milliseconds');
		for (const bad of ['30', '30s', 0, -5, null, Number.NaN]) expect(timeoutProblem(bad), String(bad)).toBe('not-seconds');
	});

	it('names a plugin-only variable', () => {
		expect(pluginVariable('node "${CLAUDE_PLUGIN_ROOT}/hook.js"')).toBe('CLAUDE_PLUGIN_ROOT');
		expect(pluginVariable('cat $CLAUDE_PLUGIN_DATA/state')).toBe('CLAUDE_PLUGIN_DATA');
		expect(pluginVariable('node "$CLAUDE_PROJECT_DIR/hook.js"')).toBeNull();
	});
});

describe('listHookMistakes', () => {
	it('lists every kind in order, per group', () => {
		const hooks = {
			PostToolUse: [{ matcher: 'edit|Write', hooks: [{ type: 'command', command: 'lint $FILEPATH', timeout: 30000 }] }],
			SessionStart: [{ matcher: 'write', hooks: [{ type: 'command', command: 'node ${CLAUDE_PLUGIN_ROOT}/s.js', timeout: '30' }] }],
		};
		expect(listHookMistakes(hooks).map((m) => `${m.event}:${m.kind}`)).toEqual(['PostToolUse:matcher-case', 'PostToolUse:timeout-ms', 'PostToolUse:unset-variable', 'SessionStart:timeout', 'SessionStart:plugin-variable']);
	});

	it('ignores shapes it does not know', () => {
		for (const hooks of [undefined, null, [], 'x', { PostToolUse: 'x' }, { PostToolUse: [null, 5, { hooks: 'x' }] }]) expect(listHookMistakes(hooks)).toEqual([]);
	});
});

describe('the rule check reports the new kinds with their fix', () => {
	const findings = (hooks: unknown) => findingsOf(hookMistakesCheck, { ...CLEAN_VAULT, '.claude/settings.json': JSON.stringify({ hooks }, null, 2) });

	it('a timeout in milliseconds, a plugin variable; not a variable the command sets', () => {
		expect(findings({ PostToolUse: group('Edit', { timeout: 30000 }) })[0]?.message).toContain('For 30 seconds write "timeout": 30.');
		expect(findings({ PostToolUse: group('Edit', { command: 'node "${CLAUDE_PLUGIN_ROOT}/x.js"' }) })[0]?.message).toContain('Use "$CLAUDE_PROJECT_DIR"/… or an absolute path.');
		expect(findings({ PostToolUse: group('Edit', { command: 'FILE=$(jq -r .tool_input.file_path); lint "$FILE"' }) })).toEqual([]);
	});
});
