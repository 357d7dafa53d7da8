/**
 * Settings edits never lose an operator's entry: property-based round trips over generated
 * `.claude/settings.json` files (operator hooks on the same and other events, other keys, any
 * formatting). install keeps everything it did not write; a second install changes no byte;
 * uninstall gives the original bytes back.
 */
import fc from 'fast-check';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { install } from '../../src/node/hosts/install/install';
import { uninstall } from '../../src/node/hosts/install/uninstall';
import { LONG } from '../helpers/random';
import { HOOK_FILE_TEXTS } from '../../bridge/hook-file-texts';

const base = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-roundtrip-'));
afterAll(() => fs.rmSync(base, { recursive: true, force: true, maxRetries: 30 }));

const command = fc.oneof(fc.constantFrom('echo hi', 'python3 tools/check.py', 'node "$CLAUDE_PROJECT_DIR/.claude/hooks/other.cjs"', 'grüße.sh'), fc.stringMatching(/^[a-z][a-z0-9 ./-]{0,20}$/));
const handler = fc.record({ type: fc.constant('command'), command, timeout: fc.option(fc.integer({ min: 1, max: 600 }), { nil: undefined }) }, { requiredKeys: ['type', 'command'] });
const group = fc.record({ matcher: fc.option(fc.constantFrom('Edit|Write', 'Bash', 'startup', '*'), { nil: undefined }), hooks: fc.array(handler, { minLength: 1, maxLength: 3 }) }, { requiredKeys: ['hooks'] });
const hooks = fc.dictionary(fc.constantFrom('SessionStart', 'PostToolUse', 'PreToolUse', 'Stop', 'UserPromptSubmit'), fc.array(group, { maxLength: 3 }), { maxKeys: 4 });
const settings = fc.record(
	{
		$schema: fc.constant('https://json.schemastore.org/claude-code-settings.json'),
		permissions: fc.record({ allow: fc.array(fc.constantFrom('Bash(npm test)', 'Read', 'Edit'), { maxLength: 3 }) }),
		env: fc.dictionary(fc.stringMatching(/^[A-Z_]{1,8}$/), fc.string({ maxLength: 8 }), { maxKeys: 2 }),
		model: fc.constantFrom('sonnet', 'opus'),
		hooks,
	},
	{ requiredKeys: [] },
);
const formatting = fc.record({ indent: fc.constantFrom(2, 4, '\t'), crlf: fc.boolean(), finalNewline: fc.boolean() });

function serialize(value: unknown, f: { indent: number | string; crlf: boolean; finalNewline: boolean }): string {
	let text = JSON.stringify(value, null, f.indent);
	if (f.finalNewline) text += '\n';
	return f.crlf ? text.replace(/\n/g, '\r\n') : text;
}

/** Removes the entries whose command runs our script; what remains must be the operator's file. */
function withoutOurs(value: Record<string, unknown>): Record<string, unknown> {
	const copy = JSON.parse(JSON.stringify(value)) as Record<string, unknown>;
	const h = copy.hooks as Record<string, Array<{ hooks: Array<{ command: string }> }>> | undefined;
	if (h === undefined) return copy;
	for (const event of Object.keys(h)) {
		h[event] = (h[event] ?? []).filter((g) => !g.hooks.some((x) => x.command.includes('session-brief.cjs')));
	}
	return copy;
}

let run = 0;
describe('install and uninstall round trips', () => {
	it('keep every operator entry and restore the original bytes', () => {
		fc.assert(
			fc.property(settings, formatting, (value, f) => {
				const vault = path.join(base, `v${run}`);
				const home = path.join(base, `h${run++}`);
				fs.mkdirSync(path.join(vault, '.claude'), { recursive: true });
				fs.mkdirSync(home);
				const file = path.join(vault, '.claude', 'settings.json');
				const original = serialize(value, f);
				fs.writeFileSync(file, original);
				const o = { vault, scope: 'project' as const, agent: 'claude-code' as const, home, scriptSource: '// bridge\n', hookFiles: HOOK_FILE_TEXTS, version: '0.0.0-test', nodePath: process.execPath, env: { PATH: process.env.PATH } };
				expect(install(o).code).toBe(0);
				const installed = fs.readFileSync(file, 'utf8');
				const parsed = JSON.parse(installed) as Record<string, unknown>;
				const expected = JSON.parse(original) as Record<string, unknown>;
				const ours = withoutOurs(parsed);
				// Events the operator did not have may be left as empty lists by our removal above.
				for (const event of Object.keys((ours.hooks as object | undefined) ?? {})) {
					const list = (ours.hooks as Record<string, unknown[]>)[event];
					if (list?.length === 0 && !(event in ((expected.hooks as object | undefined) ?? {}))) delete (ours.hooks as Record<string, unknown[]>)[event];
				}
				if (expected.hooks === undefined && Object.keys((ours.hooks as object | undefined) ?? {}).length === 0) delete ours.hooks;
				expect(ours).toEqual(expected);
				expect(installed.includes('\r\n')).toBe(f.crlf);
				expect(install(o).code).toBe(0);
				expect(fs.readFileSync(file, 'utf8')).toBe(installed);
				expect(uninstall({ vault, home, env: o.env }).code).toBe(0);
				expect(fs.readFileSync(file, 'utf8')).toBe(original);
			}),
			{ numRuns: LONG ? 300 : 60, seed: 4242 },
		);
	});

	it('remove only their own entries when the operator edited the file in between', () => {
		fc.assert(
			fc.property(settings, formatting, handler, (value, f, added) => {
				const vault = path.join(base, `v${run}`);
				const home = path.join(base, `h${run++}`);
				fs.mkdirSync(path.join(vault, '.claude'), { recursive: true });
				fs.mkdirSync(home);
				const file = path.join(vault, '.claude', 'settings.json');
				fs.writeFileSync(file, serialize(value, f));
				const env = { PATH: process.env.PATH };
				expect(install({ hookFiles: HOOK_FILE_TEXTS, vault, scope: 'project', agent: 'claude-code', home, scriptSource: '// bridge\n', version: '0', nodePath: process.execPath, env }).code).toBe(0);
				const edited = JSON.parse(fs.readFileSync(file, 'utf8')) as { hooks: Record<string, unknown[]> };
				edited.hooks.Stop = [...(edited.hooks.Stop ?? []), { hooks: [added] }];
				fs.writeFileSync(file, JSON.stringify(edited, null, 2));
				expect(uninstall({ vault, home, env }).code).toBe(0);
				const after = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
				const expected = JSON.parse(serialize(value, f)) as { hooks?: Record<string, unknown[]> };
				expected.hooks = { ...(expected.hooks ?? {}) };
				expected.hooks.Stop = [...(expected.hooks.Stop ?? []), { hooks: [added] }];
				expect(JSON.stringify(after)).not.toContain('session-brief.cjs');
				const h = after.hooks as Record<string, unknown[]>;
				for (const [event, list] of Object.entries(expected.hooks)) expect(h[event]).toEqual(list);
			}),
			{ numRuns: LONG ? 200 : 40, seed: 777 },
		);
	});
});
