/**
 * The sidebar and the journal's copy outside the vault (src/node/journal/agent-journal-copy.ts):
 * when the journal in the plugin's folder is deleted, the changes its copy holds still show, with
 * one line that says the journal was lost.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { encodeRecord, JOURNAL_FILE, type JournalRecord } from '../../../src/core/trail/agent-journal';
import { journalCopyFile } from '../../../src/node/journal/agent-journal-copy';
import type { AgentChanges } from '../../../src/plugin/review/agent-changes';
import { FIXTURE } from '../fixture';
import { openReviewView, type Started, startPlugin, stopPlugin, tempVault } from '../harness';

let started: Started | null = null;
afterEach(async () => {
	await stopPlugin(started);
	started = null;
});

const store = (s: Started): AgentChanges => (s.plugin as unknown as { agentChanges: AgentChanges }).agentChanges;

describe('the sidebar with the journal copy', () => {
	it('shows what the deleted journal held, from the copy, with one line that says so', async () => {
		const base = tempVault({ ...FIXTURE });
		const records: JournalRecord[] = [{ path: 'Notes/Plain.md', tool: 'Write', session: 'aaaaaaaa-1', at: new Date(Date.now() - 60_000).toISOString() }];
		const text = records.map((r) => encodeRecord(r) ?? '').join('');
		fs.writeFileSync(path.join(base, '.obsidian', 'plugins', 'session-brief', JOURNAL_FILE), text);
		const copy = journalCopyFile(base);
		fs.mkdirSync(path.dirname(copy), { recursive: true });
		fs.writeFileSync(copy, text);
		started = await startPlugin(base);
		await store(started).refresh();
		const root = await openReviewView(started);
		const section = root.querySelector<HTMLElement>('.session-brief-agents');
		expect(section?.textContent).toContain('Plain');
		expect(section?.textContent ?? '').not.toContain('deleted or changed outside Session Brief');

		fs.rmSync(path.join(started.pluginDir, JOURNAL_FILE));
		await store(started).refresh();
		expect(store(started).journalLost()).toBe(1);
		expect(store(started).count()).toBe(1);
		expect(section?.querySelector('[role="alert"]')?.textContent).toBe('The agent changes journal in the vault was deleted or changed outside Session Brief; 1 agent change it lost is shown again from the copy outside the vault.');

		// A hook appends to the copy (and a journal the agent keeps deleting): the grown part counts too.
		fs.appendFileSync(copy, encodeRecord({ path: 'Notes/Flagged.md', tool: 'Edit', session: 'aaaaaaaa-1', at: new Date().toISOString() }) ?? '');
		await store(started).refresh();
		expect(store(started).journalLost()).toBe(2);
		expect(store(started).count()).toBe(2);
	});
});
