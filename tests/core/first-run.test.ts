// The first run's proposals from what a vault holds (src/core/first-run.ts).
import { describe, expect, it } from 'vitest';
import { proposeSetup } from '../../src/core/first-run';
import { DEFAULT_SETTINGS, resolveSettings } from '../../src/core/settings';

describe('first run', () => {
	it('starts from the defaults, which are neutral: no folder of anyone in particular', () => {
		const neutral = resolveSettings(undefined);
		expect(neutral).toEqual(DEFAULT_SETTINGS);
		expect(neutral.rulesFolder).toBe('Rules');
		expect(neutral.excludedRootFolders).toEqual([]);
		expect(neutral.externalCheck).toBeNull();
	});

	it('proposes the agent rule files it finds and a folder of rule notes, in either language', () => {
		const p = proposeSetup({
			present: ['CLAUDE.md', 'AGENTS.md', '.claude/agents', '.cursor/rules'],
			folders: [
				{ path: 'Projects', notes: 12 },
				{ path: 'KI/Regeln', notes: 4 },
				{ path: 'Archive/Old/rules', notes: 9 },
				{ path: 'KI/Sitzungen', notes: 0 },
			],
		});
		expect(p).toEqual({
			rulesFolder: 'KI/Regeln',
			sessionsFolder: 'KI/Sitzungen',
			ruleScope: ['CLAUDE.md', 'AGENTS.md', '.claude/agents/**', '.cursor/rules/**', 'KI/Regeln/**'],
			found: ['KI/Regeln/', 'KI/Sitzungen/', 'CLAUDE.md', 'AGENTS.md', '.claude/agents/', '.cursor/rules/'],
		});
	});

	it('falls back to the neutral values when the vault holds nothing it knows, and skips an empty rules folder', () => {
		const p = proposeSetup({ present: [], folders: [{ path: 'rules', notes: 0 }, { path: 'Notes', notes: 3 }] });
		expect(p).toEqual({ rulesFolder: 'Rules', sessionsFolder: 'AI/sessions', ruleScope: ['Rules/**'], found: [] });
		expect(proposeSetup({ present: ['GEMINI.md'], folders: [{ path: 'AI/Sessions', notes: 2 }] })).toMatchObject({ sessionsFolder: 'AI/Sessions', ruleScope: ['GEMINI.md', 'Rules/**'] });
	});
});
