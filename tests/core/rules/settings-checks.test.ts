import { describe, expect, it } from 'vitest';
import { HOOK_EVENTS, HOOK_EVENTS_CLIENT, nearestEvent } from '../../../src/core/rules/settings/hook-events';
import { hookScriptsCheck, shellWords, vaultPathOf } from '../../../src/core/rules/checks/hook-scripts';
import { locateJsonError } from '../../../src/core/rules/settings/json-error';
import { settingsJsonCheck } from '../../../src/core/rules/checks/settings-json';
import { CLEAN_VAULT, findingsOf } from './memory-vault';

const SETTINGS = '.claude/settings.json';
const VAULT = { ...CLEAN_VAULT, '.claude/hooks/session-brief.cjs': '', 'tools/check.py': '' };

const settings = (hooks: unknown): string => JSON.stringify({ permissions: { allow: [] }, hooks }, null, 2);
const command = (cmd: string, extra: Record<string, unknown> = {}) => [{ matcher: 'Edit|Write', hooks: [{ type: 'command', command: cmd, ...extra }] }];

describe('settings-json', () => {
	it('passes valid settings with known events and no settings file at all', () => {
		expect(findingsOf(settingsJsonCheck, { [SETTINGS]: settings({ SessionStart: command('node x'), PostToolUse: command('node y') }) })).toEqual([]);
		expect(findingsOf(settingsJsonCheck, {})).toEqual([]);
	});

	it('reports a trailing comma at its line and column and says why', () => {
		const [f] = findingsOf(settingsJsonCheck, { [SETTINGS]: '{\n  "hooks": {},\n}\n' });
		expect(f).toMatchObject({ check: 'settings-json', path: SETTINGS, line: 3 });
		expect(f?.message).toMatch(/line 3, column 1: .*comma before `}`/);
		expect(f?.message).toMatch(/skips the whole file/);
	});

	it('reports a comment, a missing bracket and text after the end', () => {
		expect(findingsOf(settingsJsonCheck, { [SETTINGS]: '{\n  // note\n  "a": 1\n}' })[0]?.line).toBe(2);
		expect(findingsOf(settingsJsonCheck, { [SETTINGS]: '{\n  "hooks": {\n' })[0]?.message).toMatch(/ends too early/);
		expect(findingsOf(settingsJsonCheck, { [SETTINGS]: '{}\n{}' })[0]?.message).toMatch(/more text after the end/);
	});

	it('an unknown hook event is a warning naming the known one it likely meant, at its line', () => {
		const [f] = findingsOf(settingsJsonCheck, { [SETTINGS]: settings({ postToolUse: command('node x') }) });
		expect(f).toMatchObject({ check: 'settings-json', severity: 'warning', line: 6 });
		expect(f?.message).toContain('Unknown hook event "postToolUse"');
		expect(f?.message).toContain('Did you mean "PostToolUse"?');
	});

	it('an event name far from every known one is a warning too, naming the closest known event: it may be a newer release\'s', () => {
		const [f] = findingsOf(settingsJsonCheck, { [SETTINGS]: settings({ PostToolFailure: command('node x') }) });
		expect(f).toMatchObject({ severity: 'warning' });
		expect(f?.message).toBe(
			`Hook event "PostToolFailure" is not one Claude Code ${HOOK_EVENTS_CLIENT} knows: its hooks run only in a Claude Code that has this event (a newer one, if it is new); older ones skip them. The closest known event is "PostToolUseFailure".`,
		);
	});

	it('knows the events of the pinned Claude Code, those of its hooks reference and the three newer ones', () => {
		for (const event of ['StopFailure', 'PostToolBatch', 'PostToolUseFailure', 'TaskCreated', 'PostCompact', 'MessageDisplay', 'DirectoryAdded', 'PreModelSwitch', 'PostModelSwitch', 'PreSkillShellCommand']) {
			expect(findingsOf(settingsJsonCheck, { [SETTINGS]: settings({ [event]: command('node x') }) })).toEqual([]);
		}
		expect(new Set(HOOK_EVENTS).size).toBe(HOOK_EVENTS.length);
	});

	it('reports hooks of the wrong shape', () => {
		const found = findingsOf(settingsJsonCheck, {
			[SETTINGS]: settings({ Stop: { hooks: [] }, SessionStart: [{ matcher: '' }], PreToolUse: [{ hooks: [{ type: 'shell', command: 'x' }, { type: 'command' }] }] }),
		});
		expect(found.map((f) => f.message)).toEqual([
			expect.stringContaining('"Stop" must be a list'),
			expect.stringContaining('needs a "hooks" list'),
			expect.stringContaining('"type" must be one of'),
			expect.stringContaining('needs a non-empty "command"'),
		]);
	});

	it('reports a file that is no JSON object', () => {
		expect(findingsOf(settingsJsonCheck, { [SETTINGS]: '[]' })[0]?.message).toMatch(/one JSON object/);
	});
});

describe('hook-script', () => {
	it('passes scripts that exist, placeholders it cannot see, and plain programs', () => {
		const hooks = {
			SessionStart: command('node "$CLAUDE_PROJECT_DIR"/.claude/hooks/session-brief.cjs session-start'),
			PostToolUse: command('node', { args: ['${CLAUDE_PROJECT_DIR}/.claude/hooks/session-brief.cjs', 'post-tool-use'] }),
			Stop: command('python3 tools/check.py --quiet 2>/dev/null && ~/bin/x.sh && ${CLAUDE_PLUGIN_ROOT}/y.sh && echo done'),
			PreCompact: command('/vault/tools/check.py'),
		};
		expect(findingsOf(hookScriptsCheck, { [SETTINGS]: settings(hooks) }, { base: VAULT })).toEqual([]);
	});

	it('reports a missing script in shell form and in exec form, at the command line', () => {
		const hooks = {
			SessionStart: command('node "${CLAUDE_PROJECT_DIR}/.claude/hooks/gone.cjs" session-start'),
			PostToolUse: command('node', { args: ['$CLAUDE_PROJECT_DIR/.claude/hooks/also-gone.cjs'] }),
		};
		const found = findingsOf(hookScriptsCheck, { [SETTINGS]: settings(hooks) }, { base: VAULT });
		expect(found.map((f) => f.message)).toEqual([
			expect.stringContaining('The SessionStart hook runs ".claude/hooks/gone.cjs", which does not exist'),
			expect.stringContaining('".claude/hooks/also-gone.cjs"'),
		]);
		expect(found[0]?.line).toBe(12);
	});

	it('reports a missing relative script and warns that it depends on the start folder', () => {
		const [f] = findingsOf(hookScriptsCheck, { [SETTINGS]: settings({ Stop: command('python .claude/hooks/missing.py') }) }, { base: VAULT });
		expect(f?.message).toMatch(/relative/);
	});

	it('reports a missing absolute script inside the vault, not one outside it', () => {
		const found = findingsOf(hookScriptsCheck, { [SETTINGS]: settings({ Stop: command('/vault/tools/gone.py && /usr/local/bin/other.sh') }) }, { base: VAULT });
		expect(found.map((f) => f.message)).toEqual([expect.stringContaining('"tools/gone.py"')]);
	});

	it('splits shell words like a shell and maps them to vault paths', () => {
		expect(shellWords(`node "a b/c.js" 'x' y&&z|w;v > out`)).toEqual(['node', 'a b/c.js', 'x', 'y', 'z', 'w', 'v', 'out']);
		expect(vaultPathOf('${CLAUDE_PROJECT_DIR}\\.claude\\hooks\\x.py', undefined)).toBe('.claude/hooks/x.py');
		expect(vaultPathOf('%CLAUDE_PROJECT_DIR%/x.ps1', undefined)).toBe('x.ps1');
		expect(vaultPathOf('$HOME/x.py', undefined)).toBeNull();
		expect(vaultPathOf('--flag=x.py', undefined)).toBeNull();
		expect(vaultPathOf('node', undefined)).toBeNull();
		expect(vaultPathOf('../outside.py', undefined)).toBeNull();
	});
});

describe('JSON error location', () => {
	it('finds the first bad character or says the text parses', () => {
		expect(locateJsonError('{"a": [1, 2]}')).toBeNull();
		expect(locateJsonError('{"a": tru}')).toEqual({ offset: 6, problem: 'value' });
		expect(locateJsonError('{"a" 1}')).toEqual({ offset: 5, problem: 'colon' });
		expect(locateJsonError('{"a": "x\\q"}')?.problem).toBe('string');
		expect(locateJsonError('[1 2]')).toEqual({ offset: 3, problem: 'comma-or-close' });
	});

	it('finds the event a misspelling meant, and the nearest one for any other name', () => {
		expect(nearestEvent('sessionstart')).toEqual({ event: 'SessionStart', typo: true });
		expect(nearestEvent('PostToolUsed')).toEqual({ event: 'PostToolUse', typo: true });
		expect(nearestEvent('Whatever').typo).toBe(false);
	});
});
