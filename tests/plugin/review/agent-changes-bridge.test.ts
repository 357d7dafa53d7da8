/**
 * The sidebar and the built bridge agree on what agents changed: an agent's `Write` of
 * `Notes/x.md`, sent to `post-tool-use` as Claude Code sends it (a child process), shows in
 * `report --json`'s `agentChanges` and in the sidebar under its session; marking it reviewed in the
 * sidebar (the stand-in plugin writing `agent-review.json`) removes it from both. The same for a
 * session mark, a mark for all, and a note renamed in Obsidian.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { AgentChanges } from '../../../src/plugin/review/agent-changes';
import { BUNDLE, hookScript, placeBridge, run } from '../../helpers/bridge';
import { Modal } from '../../../stand-in/obsidian';
import { openReviewView, settle, type Started, startPlugin, stopPlugin, tempVault } from '../harness';

const HAVE_BUILD = fs.existsSync(BUNDLE);
if (!HAVE_BUILD) console.warn('agent-changes-bridge.test.ts SKIPPED: the built bridge is missing; run `npm run build` (`npm test` does).');
/** Each test runs the bridge several times as a child process; a loaded machine needs the room. */
const SLOW = 120_000;

let started: Started | null = null;
afterEach(async () => {
	await stopPlugin(started);
	started = null;
});

function env(): NodeJS.ProcessEnv {
	return { PATH: process.env.PATH ?? '' };
}

/** `post-tool-use` with the input Claude Code sends after a Write. */
function agentWrite(vault: string, rel: string, session: string): void {
	const input = { session_id: session, transcript_path: '/tmp/t.jsonl', cwd: vault, hook_event_name: 'PostToolUse', tool_name: 'Write', tool_input: { file_path: path.join(vault, rel), content: 'x\n' }, tool_response: { filePath: path.join(vault, rel), success: true } };
	fs.writeFileSync(path.join(vault, rel), 'x\n');
	const r = run(hookScript(vault), ['post-tool-use'], JSON.stringify(input), { env: env() });
	expect(r.status).toBe(0);
}

function agentChanges(vault: string): { count: number; paths: string[] } | null {
	const r = run(hookScript(vault), ['report', '--json'], '', { env: env() });
	expect(r.status).toBe(0);
	return (JSON.parse(r.stdout.toString('utf8')) as { items: { agentChanges: { count: number; paths: string[] } | null } }).items.agentChanges;
}

function store(s: Started): AgentChanges {
	return (s.plugin as unknown as { agentChanges: AgentChanges }).agentChanges;
}

async function idle(s: Started): Promise<void> {
	const inner = store(s) as unknown as { queue: Promise<unknown>; inflight: Promise<void> | null };
	await inner.queue;
	await inner.inflight;
	await settle(s.app);
}


function sidebar(root: HTMLElement): Array<{ session: string; paths: string[] }> {
	return Array.from(root.querySelectorAll<HTMLElement>('.session-brief-agents .session-brief-agent-session')).map((g) => ({
		session: g.dataset.session ?? '',
		paths: Array.from(g.querySelectorAll<HTMLElement>('.session-brief-agent-note')).map((n) => n.dataset.path ?? ''),
	}));
}

async function vaultWithBridge(): Promise<Started> {
	const base = tempVault({ 'Notes/x.md': 'x\n', 'Notes/y.md': 'y\n', 'Notes/z.md': 'z\n' });
	placeBridge(path.join(base, '.claude', 'hooks'));
	started = await startPlugin(base);
	return started;
}

describe.skipIf(!HAVE_BUILD)('changed by agents: the sidebar and the built bridge', () => {
	it("an agent's Write of Notes/x.md shows in report --json and under its session in the sidebar; marked reviewed in the sidebar, it is gone from both", async () => {
		const s = await vaultWithBridge();
		const root = await openReviewView(s);
		agentWrite(s.base, 'Notes/x.md', 'session-one');
		expect(agentChanges(s.base)).toEqual({ count: 1, paths: ['Notes/x.md'] });
		await store(s).refresh();
		expect(sidebar(root)).toEqual([{ session: 'session-one', paths: ['Notes/x.md'] }]);
		root.querySelector<HTMLElement>('.session-brief-agent-note[data-path="Notes/x.md"] [data-action="mark"]')?.click();
		await idle(s);
		expect(sidebar(root)).toEqual([]);
		expect(agentChanges(s.base)).toEqual({ count: 0, paths: [] });
	}, SLOW);

	it('a session mark and the mark for all made in the sidebar lower the count report --json gives; a rename in Obsidian is followed by both', async () => {
		const s = await vaultWithBridge();
		const root = await openReviewView(s);
		agentWrite(s.base, 'Notes/x.md', 'session-one');
		agentWrite(s.base, 'Notes/y.md', 'session-one');
		agentWrite(s.base, 'Notes/z.md', 'session-two');
		expect(agentChanges(s.base)?.count).toBe(3);
		await store(s).refresh();
		expect(sidebar(root)).toEqual([
			{ session: 'session-two', paths: ['Notes/z.md'] },
			{ session: 'session-one', paths: ['Notes/y.md', 'Notes/x.md'] },
		]);
		// Renamed in Obsidian: both show the new name.
		const z = s.app.vault.getFileByPath('Notes/z.md');
		if (z === null) throw new Error('no note');
		await s.app.vault.rename(z, 'Done/z moved.md');
		await idle(s);
		expect(sidebar(root)[0]).toEqual({ session: 'session-two', paths: ['Done/z moved.md'] });
		expect(agentChanges(s.base)).toEqual({ count: 3, paths: ['Done/z moved.md', 'Notes/x.md', 'Notes/y.md'] });
		root.querySelector<HTMLElement>('.session-brief-agent-session[data-session="session-one"] [data-action="mark-session"]')?.click();
		await idle(s);
		expect(agentChanges(s.base)).toEqual({ count: 1, paths: ['Done/z moved.md'] });
		root.querySelector<HTMLElement>('.session-brief-agents-header [data-action="mark-all"]')?.click();
		Array.from(Modal.open.at(-1)?.contentEl.querySelectorAll('button') ?? []).find((b) => b.textContent === 'Mark all reviewed')?.click();
		await settle(s.app);
		await idle(s);
		expect(sidebar(root)).toEqual([]);
		expect(agentChanges(s.base)).toEqual({ count: 0, paths: [] });
	}, SLOW);
});
