/**
 * The session net with the plugin running (the stand-in): a note the human edits in Obsidian's
 * editor while an agent's session runs is not listed as the agent's change; one changed on disk by
 * another process is, and so are a note deleted and a note renamed outside Obsidian, which the
 * sidebar lists under the old path and as old → new.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { netFolder } from '../../../src/node/journal/net-blind';
import type { AgentChanges } from '../../../src/plugin/review/agent-changes';
import type { DesktopParts } from '../../../src/plugin/desktop-parts';
import { AgentReview } from '../../../src/plugin/review/agent-review';
import { BUNDLE, hookScript, placeBridge, run } from '../../helpers/bridge';
import { openReviewView, settle, type Started, startPlugin, stopPlugin, tempVault } from '../harness';

const HAVE_BUILD = fs.existsSync(BUNDLE);
if (!HAVE_BUILD) console.warn('session-net.test.ts SKIPPED: the built bridge is missing; run `npm run build` (`npm test` does).');
const SLOW = 120_000;

let started: Started | null = null;
afterEach(async () => {
	await stopPlugin(started);
	started = null;
});

// The plugin (in this process) and the hooks (children) must share one per-user state folder: the run's (vitest.config.ts).
const STATE = process.env.SESSION_BRIEF_STATE_DIR ?? '';

function env(): NodeJS.ProcessEnv {
	return { PATH: process.env.PATH ?? '', SESSION_BRIEF_BASELINE: 'sync', SESSION_BRIEF_STATE_DIR: STATE };
}

function hook(vault: string, command: string, input: unknown): void {
	const r = run(hookScript(vault), [command], JSON.stringify(input), { env: env() });
	expect(r.status, r.stderr).toBe(0);
}

function agentChanges(vault: string): string[] {
	const r = run(hookScript(vault), ['report', '--json'], '', { env: env() });
	expect(r.status).toBe(0);
	return (JSON.parse(r.stdout.toString('utf8')) as { items: { agentChanges: { paths: string[] } | null } }).items.agentChanges?.paths ?? [];
}

/** A later modification time than the baseline saw, whatever the file system's clock resolution. */
function touchLater(file: string): void {
	const later = new Date(Date.now() + 2000);
	fs.utimesSync(file, later, later);
}

describe.skipIf(!HAVE_BUILD)('the session net while the plugin runs', () => {
	it("a note the human types in Obsidian's editor during the session is not the agent's; one another process changes, deletes or renames is", async () => {
		const base = tempVault({ 'Notes/typed.md': 'a\n', 'Notes/other.md': 'b\n', 'Notes/gone.md': 'c, to be deleted\n', 'Notes/old name.md': 'd\n' });
		placeBridge(path.join(base, '.claude', 'hooks'));
		const s = await startPlugin(base);
		started = s;
		const root = await openReviewView(s);
		hook(base, 'session-start', { session_id: 'agent-one', source: 'startup', hook_event_name: 'SessionStart' });
		expect(fs.readdirSync(netFolder(base, env())).filter((n) => n.startsWith('baseline-'))).toHaveLength(1);

		// The human types in the editor; Obsidian saves the note.
		const typed = s.app.vault.getFileByPath('Notes/typed.md');
		if (typed === null) throw new Error('no note');
		s.app.workspace.trigger('editor-change', {}, { file: typed });
		const desktop = (s.plugin as unknown as { desktop: DesktopParts }).desktop;
		await desktop.editorWrites.flush();
		fs.writeFileSync(path.join(base, 'Notes', 'typed.md'), 'a, typed by the human\n');
		touchLater(path.join(base, 'Notes', 'typed.md'));
		// Another process (the agent's shell) changes, deletes and renames notes on disk.
		fs.writeFileSync(path.join(base, 'Notes', 'other.md'), 'b, changed by a script\n');
		touchLater(path.join(base, 'Notes', 'other.md'));
		fs.rmSync(path.join(base, 'Notes', 'gone.md'));
		fs.renameSync(path.join(base, 'Notes', 'old name.md'), path.join(base, 'Notes', 'new name.md'));

		// What Obsidian's watcher reports meanwhile.
		s.app.vault.syncFromDisk();

		hook(base, 'turn-end', { session_id: 'agent-one', hook_event_name: 'Stop' });
		expect(agentChanges(base)).toEqual(['Notes/gone.md', 'Notes/new name.md', 'Notes/other.md']);

		const store = (s.plugin as unknown as { agentChanges: AgentChanges }).agentChanges;
		await store.refresh();
		await settle(s.app);
		const rows = Array.from(root.querySelectorAll<HTMLElement>('.session-brief-agent-note')).map((r) => ({ path: r.dataset.path, change: r.dataset.change ?? '', text: r.textContent ?? '' }));
		expect(rows.map((r) => r.path).sort()).toEqual(['Notes/gone.md', 'Notes/new name.md', 'Notes/other.md']);
		const gone = rows.find((r) => r.path === 'Notes/gone.md');
		expect(gone?.change).toBe('deleted');
		expect(gone?.text).toMatch(/deleted/i);
		const renamed = rows.find((r) => r.path === 'Notes/new name.md');
		expect(renamed?.change).toBe('renamed');
		expect(renamed?.text).toContain('old name → new name');
		// The next turn finds nothing new: the baseline moved on.
		hook(base, 'turn-end', { session_id: 'agent-one', hook_event_name: 'Stop' });
		expect(agentChanges(base)).toEqual(['Notes/gone.md', 'Notes/new name.md', 'Notes/other.md']);
		const lines = fs.readFileSync(path.join(base, '.obsidian', 'plugins', 'session-brief', 'agent-changes.jsonl'), 'utf8').trim().split('\n');
		expect(lines).toHaveLength(3);
	}, SLOW);

	it("the human's revert of an agent's edit, and its undo, are never listed as the agent's at the end of a later turn", async () => {
		const base = tempVault({ 'Notes/plan.md': 'before\n' });
		placeBridge(path.join(base, '.claude', 'hooks'));
		const s = await startPlugin(base);
		started = s;
		hook(base, 'session-start', { session_id: 'agent-two', source: 'startup', hook_event_name: 'SessionStart' });
		const file = path.join(base, 'Notes', 'plan.md');
		const edit = { session_id: 'agent-two', tool_name: 'Edit', tool_input: { file_path: file, old_string: 'before', new_string: 'after' }, cwd: base };
		hook(base, 'pre-tool-use', { ...edit, hook_event_name: 'PreToolUse' });
		fs.writeFileSync(file, 'after\n');
		touchLater(file);
		hook(base, 'post-tool-use', { ...edit, hook_event_name: 'PostToolUse' });
		hook(base, 'turn-end', { session_id: 'agent-two', hook_event_name: 'Stop' });
		expect(agentChanges(base)).toEqual(['Notes/plan.md']);
		s.app.vault.syncFromDisk();

		const store = (s.plugin as unknown as { agentChanges: AgentChanges }).agentChanges;
		await store.refresh();
		const at = store.recordsOf('Notes/plan.md').at(-1)?.at ?? '';
		const result = await new AgentReview(s.app as never, store).revert([{ path: 'Notes/plan.md', session: 'agent-two', at, tool: 'Edit' }]);
		expect(result.reverted).toBe(1);
		expect(fs.readFileSync(file, 'utf8')).toBe('before\n');
		touchLater(file);
		hook(base, 'turn-end', { session_id: 'agent-two', hook_event_name: 'Stop' });
		expect(agentChanges(base)).toEqual([]);

		// Undo puts the agent's text back: the human's act too, and the agent's own record shows again.
		await result.undo.run();
		expect(fs.readFileSync(file, 'utf8')).toBe('after\n');
		touchLater(file);
		hook(base, 'turn-end', { session_id: 'agent-two', hook_event_name: 'Stop' });
		expect(agentChanges(base)).toEqual(['Notes/plan.md']);
		const lines = fs.readFileSync(path.join(base, '.obsidian', 'plugins', 'session-brief', 'agent-changes.jsonl'), 'utf8').trim().split('\n');
		expect(lines.map((l) => (JSON.parse(l) as { tool: string }).tool)).toEqual(['Edit']);
	}, SLOW);
});
