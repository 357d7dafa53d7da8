/**
 * The hook entry (src/node/hosts/hook-files/hook-entry.cjs) runs session-brief.edit.cjs for the hooks around
 * an edit: it answers an edit outside the rule scope and the Write guard without loading the
 * bridge beside it, and gets the rule check after an edit in scope from that bridge. The answers
 * are the bridge's own, byte for byte. Install writes the file, uninstall removes it and its code
 * cache, doctor checks it.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BUNDLE, codeCacheOf, EDIT_FILE, run } from '../../helpers/bridge';
import { bareEnv, editInput, exampleVault, removeTempDirs, runBridge, runHook, setPluginSettings, tempDir, type HookRun } from '../../helpers/rule-vault';

afterAll(removeTempDirs, 60_000);

const SLOW = 120_000;
const hooks = (v: string): string => path.join(v, '.claude', 'hooks');
const bridgeFile = (v: string): string => path.join(hooks(v), 'session-brief.bridge.cjs');
const editFile = (v: string): string => path.join(hooks(v), 'session-brief.edit.cjs');
const BROKEN_RULE = { 'AI/Regelwerk/broken.md': '---\ntype: rule\n---\nSee [[does-not-exist]].\n' };
const rule = (v: string): string => path.join(v, 'AI', 'Regelwerk', 'broken.md');
const SESSION = path.join('AI', 'sessions', '2026-11-29-morning.md');

/** Puts a bridge in place that leaves a mark when anything loads it, and then fails. */
function trapBridge(v: string): string {
	const mark = path.join(tempDir('sb-edit-mark-'), 'loaded');
	fs.writeFileSync(bridgeFile(v), `require('node:fs').writeFileSync(${JSON.stringify(mark)}, 'loaded');\nthrow new Error('the bridge was loaded');\n`);
	return mark;
}

function writeInput(filePath: string): string {
	return JSON.stringify({ session_id: 'test', hook_event_name: 'PreToolUse', tool_name: 'Write', tool_input: { file_path: filePath, content: '# New log\n' }, cwd: '/' });
}

function silent(r: HookRun): void {
	expect(r.code).toBe(0);
	expect(r.stdout.length).toBe(0);
	expect(r.stderr).toBe('');
}

/** The output with the vault's own path written as <vault>, to compare runs in two vaults. */
const inVault = (r: HookRun, v: string): string => r.text.split(v).join('<vault>');

describe('the edit hooks file', () => {
	it(
		'answers an edit outside the rule scope and a Write outside the sessions folder without loading the bridge',
		() => {
			const v = exampleVault(BROKEN_RULE);
			setPluginSettings(v, { writeGuard: true });
			const mark = trapBridge(v);
			const note = path.join(v, 'Inbox', 'edited.md');
			silent(runHook(v, editInput(note, { session_id: 'edit-file' })));
			// The edit file did the common path's work itself: the edit is in the agent changes journal.
			const journal = fs.readFileSync(path.join(v, '.obsidian', 'plugins', 'session-brief', 'agent-changes.jsonl'), 'utf8');
			expect(journal).toContain('"path":"Inbox/edited.md"');
			silent(runBridge(v, 'pre-tool-use', writeInput(note)));
			// Input that names no edit, as the bridge answers it: nothing.
			silent(runHook(v, 'not json'));
			silent(runBridge(v, 'pre-tool-use', '{"tool_name":'));
			expect(fs.existsSync(mark)).toBe(false);
			expect(fs.existsSync(codeCacheOf(editFile(v)))).toBe(true);
		},
		SLOW,
	);

	it(
		'refuses a Write over a session file as the bridge does, without loading it',
		() => {
			const a = exampleVault();
			const b = exampleVault();
			for (const v of [a, b]) setPluginSettings(v, { writeGuard: true });
			fs.rmSync(editFile(a));
			const fromBridge = runBridge(a, 'pre-tool-use', writeInput(path.join(a, SESSION)));
			const mark = trapBridge(b);
			const fromEditFile = runBridge(b, 'pre-tool-use', writeInput(path.join(b, SESSION)));
			expect(fromEditFile.code).toBe(0);
			expect(fromEditFile.text).toContain('"permissionDecision":"deny"');
			expect(inVault(fromEditFile, b)).toBe(inVault(fromBridge, a));
			expect(fs.existsSync(mark)).toBe(false);
		},
		SLOW,
	);

	it(
		'runs the rule check from the bridge for an edit in scope, with the bridge\'s own output',
		() => {
			const a = exampleVault(BROKEN_RULE);
			const b = exampleVault(BROKEN_RULE);
			// An install of an earlier version: the hook entry runs the bridge alone.
			fs.rmSync(editFile(a));
			const fromBridge = runHook(a, editInput(rule(a)));
			const fromEditFile = runHook(b, editInput(rule(b)));
			expect(fromEditFile.code).toBe(0);
			expect(fromEditFile.stderr).toBe('');
			expect(fromEditFile.json?.hookSpecificOutput.additionalContext).toContain('AI/Regelwerk/broken.md:4: error [broken-link] [[does-not-exist]]');
			expect(inVault(fromEditFile, b)).toBe(inVault(fromBridge, a));
			// It ran through the edit file, which loaded the bridge for the check.
			expect(fs.existsSync(codeCacheOf(editFile(b)))).toBe(true);
			expect(fs.existsSync(codeCacheOf(editFile(a)))).toBe(false);
			// The second edit is told apart from the first (the record of the last check), as by the bridge.
			expect(inVault(runHook(b, editInput(rule(b))), b)).toBe(inVault(runHook(a, editInput(rule(a))), a));
		},
		SLOW,
	);

	it(
		'refuses a bridge of another release for an edit in scope, and says to install again',
		() => {
			const v = exampleVault(BROKEN_RULE);
			fs.writeFileSync(bridgeFile(v), "exports.version = '0.0.1';\nexports.localTiers = () => Promise.reject(new Error('not this one'));\nexports.editCheck = () => Promise.reject(new Error('not this one'));\n");
			const r = runHook(v, editInput(rule(v)));
			expect(r.code).toBe(0);
			expect(r.stderr).toBe('');
			expect(r.json?.hookSpecificOutput.additionalContext).toContain('is version 0.0.1, session-brief.edit.cjs');
			expect(r.json?.hookSpecificOutput.additionalContext).toContain('run install again');
			expect(r.text).not.toContain('not this one');
			// An edit outside the rule scope still needs no bridge.
			silent(runHook(v, editInput(path.join(v, 'Inbox', 'edited.md'))));
		},
		SLOW,
	);

	it(
		'names the missing bridge when an edit in scope needs it',
		() => {
			const v = exampleVault(BROKEN_RULE);
			fs.rmSync(bridgeFile(v));
			const r = runHook(v, editInput(rule(v)));
			expect(r.code).toBe(0);
			expect(r.json?.hookSpecificOutput.additionalContext).toContain('session-brief.bridge.cjs');
		},
		SLOW,
	);

	it(
		'hands every other command to the bridge, and refuses to run without the hook entry',
		() => {
			const v = exampleVault(BROKEN_RULE);
			const help = run(path.join(hooks(v), 'session-brief.cjs'), ['post-tool-use', '--help'], '', { env: bareEnv() });
			expect(help.status).toBe(0);
			expect(help.stdout.toString('utf8')).toMatch(/^Usage: node \S*session-brief\.cjs post-tool-use /);
			const alone = runHook(v, editInput(rule(v)), { script: editFile(v) });
			expect(alone.code).toBe(0);
			expect(alone.json?.hookSpecificOutput.additionalContext).toContain('session-brief.edit.cjs runs through the hook entry beside it');
		},
		SLOW,
	);
});

describe('install, uninstall and doctor', () => {
	function emptyVault(): string {
		const v = tempDir('sb-edit-install-');
		fs.mkdirSync(path.join(v, '.obsidian'));
		return v;
	}
	const env = (): NodeJS.ProcessEnv => ({ ...bareEnv(), HOME: tempDir('sb-edit-home-') });

	it(
		'install writes the edit hooks file, doctor checks it, uninstall removes it and its code cache',
		() => {
			const v = emptyVault();
			const e = env();
			expect(run(BUNDLE, ['install', '--vault', v], '', { env: e }).status).toBe(0);
			expect(fs.readFileSync(editFile(v)).equals(fs.readFileSync(EDIT_FILE))).toBe(true);
			expect(run(BUNDLE, ['doctor', '--vault', v], '', { env: e }).status).toBe(0);

			fs.appendFileSync(editFile(v), '// changed\n');
			const changed = run(BUNDLE, ['doctor', '--vault', v], '', { env: e });
			expect(changed.status).toBe(1);
			expect(String(changed.stdout)).toMatch(/session-brief\.edit\.cjs, which the hook entry runs for the hooks around an edit, is not the one of this version/);
			fs.rmSync(editFile(v));
			expect(String(run(BUNDLE, ['doctor', '--vault', v], '', { env: e }).stdout)).toMatch(/session-brief\.edit\.cjs, which the hook entry runs for the hooks around an edit, is missing/);

			// Install puts it back; a hook run leaves its code cache in the state folder.
			const again = run(BUNDLE, ['install', '--vault', v], '', { env: e });
			expect(again.status).toBe(0);
			expect(fs.readFileSync(editFile(v)).equals(fs.readFileSync(EDIT_FILE))).toBe(true);
			expect(run(path.join(hooks(v), 'session-brief.cjs'), ['post-tool-use'], JSON.stringify(editInput(path.join(v, 'a.md'))), { env: e }).status).toBe(0);
			const cache = codeCacheOf(editFile(v));
			expect(fs.existsSync(cache)).toBe(true);

			expect(run(BUNDLE, ['uninstall', '--vault', v], '', { env: e }).status).toBe(0);
			expect(fs.existsSync(hooks(v))).toBe(false);
			expect(fs.existsSync(cache)).toBe(false);
		},
		SLOW,
	);
});
