import { describe, expect, it } from 'vitest';
import { checkScope, inScope, normalizePath, scopePattern, vaultRelative } from '../../../src/core/rules/scope';
import { resolveSettings } from '../../../src/core/settings';

// A nested rules folder, with a neighbour whose name starts the same.
const SCOPE = checkScope(resolveSettings({ rulesFolder: 'AI/Regelwerk' }));

describe('vaultRelative', () => {
	it('resolves . and .. and backslashes', () => {
		expect(vaultRelative('/v', '/v/AI/../CLAUDE.md')).toBe('CLAUDE.md');
		expect(vaultRelative('/v', '/v/./AI/Regelwerk/./x.md')).toBe('AI/Regelwerk/x.md');
		expect(vaultRelative('/v', '/v/../v/CLAUDE.md')).toBe('CLAUDE.md');
		expect(vaultRelative('/v', '/v\\AI\\Regelwerk\\x.md')).toBe('AI/Regelwerk/x.md');
		expect(vaultRelative('/v', 'AI/Regelwerk/x.md')).toBe('AI/Regelwerk/x.md');
	});

	it('needs a separator after the root (no prefix traps)', () => {
		expect(vaultRelative('/vault', '/vault-old/CLAUDE.md')).toBeNull();
		expect(vaultRelative('/vault', '/vaultCLAUDE.md')).toBeNull();
		expect(vaultRelative('/vault', '/vault/../vault-old/CLAUDE.md')).toBeNull();
		expect(vaultRelative('/vault/', '/vault/CLAUDE.md')).toBe('CLAUDE.md');
	});

	it('compares case-insensitively and keeps the written case', () => {
		expect(vaultRelative('/Users/Me/Vault', '/users/me/vault/Claude.MD')).toBe('Claude.MD');
	});

	it('handles drive letters in either case and with either separator', () => {
		expect(vaultRelative('C:\\Users\\me\\Vault', 'c:/users/me/vault/CLAUDE.md')).toBe('CLAUDE.md');
		expect(vaultRelative('C:\\Users\\me\\Vault', 'D:\\Users\\me\\Vault\\CLAUDE.md')).toBeNull();
		expect(vaultRelative('/home/me/vault', 'C:\\home\\me\\vault\\CLAUDE.md')).toBeNull();
	});

	it('rejects the root itself, empty paths, NUL characters and .. above the top', () => {
		expect(vaultRelative('/v', '/v')).toBeNull();
		expect(vaultRelative('/v', '/v/')).toBeNull();
		expect(vaultRelative('/v', '')).toBeNull();
		expect(vaultRelative('/v', '/v/CLAUDE.md\0')).toBeNull();
		expect(normalizePath('/../../v/x')).toBe('/v/x');
	});
});

describe('rule scope', () => {
	it('covers the root CLAUDE.md, the rules folder, agents, skills and the settings files', () => {
		for (const p of ['CLAUDE.md', 'claude.md', 'AI/Regelwerk/x.md', 'AI/Regelwerk/deep/er.md', '.claude/agents/a.md', '.claude/skills/s/SKILL.md', '.claude/settings.json', '.claude/settings.local.json']) {
			expect(inScope(p, SCOPE), p).toBe(true);
		}
	});

	it('leaves out a sub-folder CLAUDE.md, the rules folder itself, neighbours and other notes', () => {
		for (const p of ['Notes/CLAUDE.md', 'AI/Regelwerk', 'AI/Regelwerk-old/x.md', 'AI/sessions/x.md', 'Notes/x.md', '.claude/hooks/x.cjs', 'CLAUDE.md.bak']) {
			expect(inScope(p, SCOPE), p).toBe(false);
		}
	});

	it('follows the rulesFolder and ruleScope settings', () => {
		expect(inScope('Regeln/x.md', checkScope(resolveSettings({ rulesFolder: 'Regeln' })))).toBe(true);
		expect(inScope('Regeln/x.md', SCOPE)).toBe(false);
		const custom = checkScope(resolveSettings({ ruleScope: ['docs/*.md', '**/AGENTS.md'] }));
		expect(inScope('docs/a.md', custom)).toBe(true);
		expect(inScope('docs/sub/a.md', custom)).toBe(false);
		expect(inScope('AGENTS.md', custom)).toBe(true);
		expect(inScope('x/y/AGENTS.md', custom)).toBe(true);
		expect(inScope('CLAUDE.md', custom)).toBe(false);
	});

	it('decides as the pattern itself does when it skips a pattern by its start', () => {
		const patterns = ['CLAUDE.md', 'AI/Regelwerk/**', '/lead/./x/../*.md', 'Ärger/**', 'kelvin/**', 'ſtart/*', 'σ/**', '**/AGENTS.md', '?.md'];
		// Case, other scripts' case pairs, characters whose case maps into ASCII (Kelvin sign, long s,
		// dotted capital I) and the final sigma, which a case-insensitive pattern matches to σ.
		const paths = ['claude.md', 'CLAUDE.MD', 'cLaUdE.md', 'ai/regelwerk/x.md', 'AI/Regelwerk', 'lead/a.md', 'LEAD/b.md', 'ärger/x.md', 'ÄRGER/x.md', '\u212Aelvin/a.md', 'KELVIN/a.md', 'start/a', 'ſtart/a', 'ſTART/a', 'ς/x.md', 'Σ/x.md', 'İ/AGENTS.md', 'a.md', '\u0130.md', 'CLAUDE.md\nx', ''];
		let matched = 0;
		for (const p of patterns) {
			for (const path of paths) {
				const expected = scopePattern(p).test(path);
				if (expected) matched++;
				expect(inScope(path, [p]), `${p} ${path}`).toBe(expected);
			}
		}
		// The set holds matches, not only misses.
		expect(matched).toBeGreaterThan(10);
	});
});
