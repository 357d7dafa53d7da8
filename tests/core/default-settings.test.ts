// One table of defaults (src/core/settings.ts): the settings table of docs/settings.md, the first-run setup's
// fallbacks and the bridge without a data.json (src/node/vault-config.ts) all show or use it.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { proposeSetup } from '../../src/core/first-run';
import { DEFAULT_EXTERNAL_CHECK, DEFAULT_SETTINGS, effectiveRuleScope, resolveSettings, TAG_KEYS } from '../../src/core/settings';
import { loadVaultContext } from '../../src/node/vault-config';

const SETTINGS_DOC = fs.readFileSync(path.resolve(__dirname, '../../docs/settings.md'), 'utf8');

/** The rows of the settings table in docs/settings.md: each key the row names with the default shown for it. */
function documentedDefaults(): Map<string, unknown> {
	const rows = SETTINGS_DOC.split('\n').filter((l) => l.startsWith('| `'));
	const out = new Map<string, unknown>();
	for (const row of rows) {
		const [keys = '', shown = ''] = row.split(' | ').map((c) => c.replace(/^\| /, ''));
		const names = [...keys.matchAll(/`([^`]+)`/g)].map((m) => m[1] ?? '');
		const values = [...shown.matchAll(/`([^`]+)`/g)].map((m) => m[1] ?? '');
		const word = shown.trim();
		names.forEach((name, i) => {
			if (word === 'empty') out.set(name, 'empty');
			else if (word === 'none') out.set(name, null);
			else {
				const text = values.length === 1 ? (values[0] ?? '') : (values[i] ?? '');
				try {
					out.set(name, JSON.parse(text) as unknown);
				} catch {
					out.set(name, text);
				}
			}
		});
	}
	return out;
}

/** A default as docs/settings.md writes it: empty strings and lists as `empty`, the rule scope in full. */
function asShown(key: string, value: unknown): unknown {
	if (key === 'ruleScope') return effectiveRuleScope({ ...DEFAULT_SETTINGS, rulesFolder: '<rulesFolder>' });
	if (value === '' || (Array.isArray(value) && value.length === 0 && key.startsWith('externalCheck.'))) return 'empty';
	return value;
}

describe('the one table of defaults', () => {
	it('is what docs/settings.md shows, key for key', () => {
		const shown = documentedDefaults();
		const expected = new Map<string, unknown>();
		for (const [key, value] of Object.entries(DEFAULT_SETTINGS)) {
			if (key === 'tags') for (const k of TAG_KEYS) expected.set(`tags.${k}`, DEFAULT_SETTINGS.tags[k]);
			else expected.set(key, asShown(key, value));
		}
		for (const [key, value] of Object.entries(DEFAULT_EXTERNAL_CHECK)) expected.set(`externalCheck.${key}`, asShown(`externalCheck.${key}`, value));
		expect(Object.fromEntries(shown)).toEqual(Object.fromEntries(expected));
	});

	it('is what a file without keys, a new install and an external check without its lines get', () => {
		expect(resolveSettings({})).toEqual(DEFAULT_SETTINGS);
		expect(resolveSettings(undefined)).toEqual(DEFAULT_SETTINGS);
		expect(resolveSettings({ externalCheck: { command: 'check' } }).externalCheck).toEqual({ command: 'check', ...DEFAULT_EXTERNAL_CHECK });
	});

	it('is where the first-run setup falls back when the vault holds nothing it knows', () => {
		const p = proposeSetup({ present: [], folders: [] });
		expect(p).toMatchObject({ rulesFolder: DEFAULT_SETTINGS.rulesFolder, sessionsFolder: DEFAULT_SETTINGS.sessionsFolder });
		// The setup's scope is the default one, less the agent rule files the vault does not have.
		expect(effectiveRuleScope(DEFAULT_SETTINGS)).toEqual(expect.arrayContaining(p.ruleScope));
	});
});

describe('the bridge without a data.json', () => {
	const made: string[] = [];
	afterAll(() => {
		for (const dir of made) fs.rmSync(dir, { recursive: true, force: true, maxRetries: 30 });
	});
	function vault(files: Record<string, string>): string {
		const root = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-defaults-'));
		made.push(root);
		fs.mkdirSync(path.join(root, '.obsidian'));
		for (const [rel, text] of Object.entries(files)) {
			fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
			fs.writeFileSync(path.join(root, rel), text);
		}
		return root;
	}

	it('uses the defaults in a vault that holds nothing the setup looks for', () => {
		const { settings } = loadVaultContext(vault({ 'Notes/a.md': 'A\n' }), { env: {} });
		expect({ ...settings, ruleScope: [] }).toEqual(DEFAULT_SETTINGS);
		expect(settings.ruleScope).toEqual(proposeSetup({ present: [], folders: [] }).ruleScope);
	});

	it('proposes what the setup would from the top level: agent rule files and folders named like rules or sessions', () => {
		const files = { 'AGENTS.md': '# A\n', '.cursor/rules/style.mdc': 'x\n', 'Regeln/tags.md': '# T\n', 'Rules/.keep': '', 'Sitzungen/.keep': '', 'Notes/a.md': 'A\n' };
		const root = vault(files);
		const { settings } = loadVaultContext(root, { env: {} });
		const setup = proposeSetup({
			present: ['AGENTS.md', '.cursor/rules'],
			folders: [{ path: 'Regeln', notes: 1 }, { path: 'Rules', notes: 0 }, { path: 'Sitzungen', notes: 0 }, { path: 'Notes', notes: 1 }],
		});
		expect(settings).toMatchObject({ rulesFolder: setup.rulesFolder, sessionsFolder: setup.sessionsFolder, ruleScope: setup.ruleScope });
		expect(settings.rulesFolder).toBe('Regeln');
		expect(settings.ruleScope).toEqual(['AGENTS.md', '.cursor/rules/**', 'Regeln/**']);
		// A stored data.json, even one without these keys, is read as it is: nothing is derived.
		fs.mkdirSync(path.join(root, '.obsidian', 'plugins', 'session-brief'), { recursive: true });
		fs.writeFileSync(path.join(root, '.obsidian', 'plugins', 'session-brief', 'data.json'), '{"language": "de"}');
		expect(loadVaultContext(root, { env: {} }).settings).toMatchObject({ rulesFolder: DEFAULT_SETTINGS.rulesFolder, ruleScope: [] });
	});

	it('never takes a dot folder or a linked folder for the rules folder', () => {
		const root = vault({ '.rules/a.md': 'x\n', 'elsewhere/rules/b.md': 'x\n' });
		fs.symlinkSync(path.join(root, 'elsewhere', 'rules'), path.join(root, 'Rules'), 'dir');
		expect(loadVaultContext(root, { env: {} }).settings.rulesFolder).toBe(DEFAULT_SETTINGS.rulesFolder);
		expect(loadVaultContext(root, { env: {} }).settings.ruleScope).toEqual([`${DEFAULT_SETTINGS.rulesFolder}/**`]);
	});
});
