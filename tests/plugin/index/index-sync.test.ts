// What a vault rename updates, through the plugin as Obsidian runs it: the index entry (its flags
// move, nothing is read), the item sets the old and the new path fall in, the brief, and the status
// bar's count, which the index keeps as notes come and go instead of counting them per change.
import { afterEach, describe, expect, it } from 'vitest';
import { FIXTURE } from '../fixture';
import { internals, settle, startPlugin, stopPlugin, tempVault, type Started } from '../harness';

let started: Started | null = null;
afterEach(async () => {
	await stopPlugin(started);
	started = null;
});

describe('rename', () => {
	it('moves the entry, its item sets, the brief and the status bar count with the note', async () => {
		started = await startPlugin(tempVault(FIXTURE));
		const { app } = started;
		const { sync, service } = internals(started.plugin);
		const bar = started.stub.statusBarItems[0];
		if (bar === undefined) throw new Error('no status bar item');
		// 4 needs-review + 1 review open + 2 pending-review (distinct notes).
		expect(bar.textContent).toBe('7 to review');
		const file = app.vault.getFileByPath('AI/Regelwerk/tagged.md');
		if (file === null) throw new Error('fixture');
		const entry = sync.index.get('AI/Regelwerk/tagged.md');
		const reads = app.vault.cachedReads;
		const revision = sync.index.revision;

		// Out of the rules folder a pending-review tag holds nothing: one fewer to review.
		await app.vault.rename(file, 'Notes/tagged.md');
		await settle(app);
		expect(app.vault.cachedReads).toBe(reads);
		expect(sync.index.revision).toBeGreaterThan(revision);
		expect(sync.index.has('AI/Regelwerk/tagged.md')).toBe(false);
		expect(sync.index.get('Notes/tagged.md')).toEqual({ ...entry, path: 'Notes/tagged.md' });
		expect([...sync.index.paths('pendingReview')]).toEqual(['AI/Regelwerk/rule.md']);
		expect(service.brief().items.pendingReview?.paths).toEqual(['AI/Regelwerk/rule.md']);
		expect(sync.index.toReviewCount()).toBe(6);
		expect(bar.textContent).toBe('6 to review');

		// Into the inbox: it joins the inbox set; back into the rules folder: it counts again.
		await app.vault.rename(file, 'Inbox/tagged.md');
		await settle(app);
		expect(service.brief().items.inbox?.paths).toContain('Inbox/tagged.md');
		expect(sync.index.paths('inbox').has('Notes/tagged.md')).toBe(false);
		await app.vault.rename(file, 'AI/Regelwerk/tagged.md');
		await settle(app);
		expect(sync.index.paths('inbox').has('Inbox/tagged.md')).toBe(false);
		expect([...sync.index.paths('pendingReview')].sort()).toEqual(['AI/Regelwerk/rule.md', 'AI/Regelwerk/tagged.md']);
		expect(bar.textContent).toBe('7 to review');
		expect(app.vault.cachedReads).toBe(reads);

		// Into an excluded folder it leaves the index and the count.
		const flagged = app.vault.getFileByPath('Notes/Flagged.md');
		if (flagged === null) throw new Error('fixture');
		await app.vault.rename(flagged, 'Import/Flagged.md');
		await settle(app);
		expect(sync.index.has('Import/Flagged.md')).toBe(false);
		expect(sync.index.has('Notes/Flagged.md')).toBe(false);
		expect(bar.textContent).toBe('6 to review');
	});

	it('drops a read of the note that was under way when it was renamed', async () => {
		started = await startPlugin(tempVault(FIXTURE));
		const { app } = started;
		const { sync } = internals(started.plugin);
		const file = app.vault.getFileByPath('Notes/Plain.md');
		if (file === null) throw new Error('fixture');
		const entry = sync.index.get('Notes/Plain.md');
		// A read that started before the rename (text of an older state), finishing after it.
		const read = sync.update(file as never, app.metadataCache.getFileCache(file), '#needs-review\n');
		await app.vault.rename(file, 'Notes/Moved.md');
		await read;
		await settle(app);
		expect(sync.index.has('Notes/Plain.md')).toBe(false);
		expect(sync.index.get('Notes/Moved.md')).toEqual({ ...entry, path: 'Notes/Moved.md' });
		expect(sync.index.toReviewCount()).toBe(7);
	});
});
