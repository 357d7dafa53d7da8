/**
 * The record of what install registered (src/core/hosts/installed-hooks.ts): read as untrusted, one entry
 * per host and scope, and compared with what the settings files hold now.
 */
import { describe, expect, it } from 'vitest';
import { encodeInstalledHooks, parseInstalledHooks, removedHooks, withInstall, withoutInstall, type InstalledHooksEntry } from '../../../src/core/hosts/installed-hooks';

const claude: InstalledHooksEntry = { agent: 'claude-code', scope: 'project', file: '/v/.claude/settings.json', events: ['SessionStart', 'PreToolUse', 'Stop'] };
const gemini: InstalledHooksEntry = { agent: 'gemini', scope: 'project', file: '/v/.gemini/settings.json', events: ['SessionStart', 'AfterTool'] };

describe('the install record', () => {
	it('round-trips; a forged, foreign or broken file is no record, and bad entries are left out', () => {
		const r = withInstall(withInstall(null, '/v', claude), '/v', gemini);
		expect(parseInstalledHooks(encodeInstalledHooks(r))).toEqual(r);
		expect(parseInstalledHooks(null)).toBeNull();
		expect(parseInstalledHooks('{')).toBeNull();
		expect(parseInstalledHooks('{"schema":2,"vault":"/v","installs":[]}')).toBeNull();
		const odd = parseInstalledHooks(JSON.stringify({ schema: 1, vault: '/v', installs: [claude, { agent: 'nobody', scope: 'project', file: '/x', events: [] }, { ...gemini, events: ['AfterTool', 7] }, null] }));
		expect(odd?.installs).toEqual([claude, { ...gemini, events: ['AfterTool'] }]);
	});

	it('an install again replaces its entry; uninstall takes out only its host and scope', () => {
		const r = withInstall(withInstall(null, '/v', claude), '/v', gemini);
		expect(withInstall(r, '/v', { ...claude, events: ['SessionStart'] }).installs).toEqual([gemini, { ...claude, events: ['SessionStart'] }]);
		expect(withoutInstall(r, 'claude-code', 'project').installs).toEqual([gemini]);
		expect(withoutInstall(r, 'claude-code', 'user').installs).toEqual([claude, gemini]);
		// Another vault's record under this name starts afresh.
		expect(withInstall(r, '/w', claude).installs).toEqual([claude]);
	});

	it('names the events a file lacks now; a file gone or unreadable lacks them all', () => {
		const r = withInstall(withInstall(null, '/v', claude), '/v', gemini);
		const present = (x: InstalledHooksEntry): Set<string> | null => (x.agent === 'claude-code' ? new Set(['SessionStart']) : null);
		expect(removedHooks(r, present)).toEqual([
			{ agent: 'claude-code', file: claude.file, events: ['PreToolUse', 'Stop'] },
			{ agent: 'gemini', file: gemini.file, events: ['SessionStart', 'AfterTool'] },
		]);
		expect(removedHooks(r, (x) => new Set(x.events))).toEqual([]);
		expect(removedHooks(null, () => null)).toEqual([]);
	});
});
