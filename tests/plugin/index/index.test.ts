import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { NoteEntry } from '../../../src/core/brief/brief';
import { flagsOf, lowerTagNames } from '../../../src/core/notes/flags';
import { noteFactsFromText } from '../../../src/core/notes/note-facts';
import { isCountedNote } from '../../../src/core/notes/paths';
import { exampleSettings } from '../../helpers/example-settings';
import { FIXTURE } from '../fixture';
import { internals, settle, startPlugin, stopPlugin, tempVault, type Started } from '../harness';

let started: Started | null = null;
afterEach(async () => {
	await stopPlugin(started);
	started = null;
});

/** What the bridge's scan would make of the same folder: the parity reference. */
function scanEntries(base: string): NoteEntry[] {
	// The settings startPlugin stores by default.
	const settings = exampleSettings();
	const tags = lowerTagNames(settings.tags);
	const out: NoteEntry[] = [];
	const walk = (rel: string): void => {
		for (const e of fs.readdirSync(path.join(base, rel), { withFileTypes: true })) {
			const p = rel === '' ? e.name : `${rel}/${e.name}`;
			if (e.isDirectory()) walk(p);
			else if (isCountedNote(p, settings.excludedRootFolders)) {
				const st = fs.statSync(path.join(base, p));
				out.push({ path: p, mtime: Math.trunc(st.mtimeMs), flags: flagsOf(noteFactsFromText(fs.readFileSync(path.join(base, p), 'utf8')), tags) });
			}
		}
	};
	walk('');
	return out.sort((a, b) => a.path.localeCompare(b.path));
}

describe('initial index', () => {
	it('indexes every counted note from the metadata cache and agrees with a scan of the files', async () => {
		started = await startPlugin(tempVault(FIXTURE));
		const { sync } = internals(started.plugin);
		expect(sync.ready).toBe(true);
		const indexed = [...sync.index.all()].map((n) => n.path).sort();
		expect(indexed).toEqual(scanEntries(started.base).map((e) => e.path));
		expect(indexed).not.toContain('Import/Old.md');
		const fromIndex = [...sync.index.all()].sort((a, b) => a.path.localeCompare(b.path)).map(({ path: p, mtime, flags }) => ({ path: p, mtime, flags }));
		expect(fromIndex).toEqual(scanEntries(started.base));
	});

	it('lists the expected notes per item, including broken YAML read tolerantly', async () => {
		started = await startPlugin(tempVault(FIXTURE));
		const b = internals(started.plugin).service.brief();
		expect(b.items.needsReview?.paths).toEqual(['Inbox/Deep/Article.md', 'Notes/Broken.md', 'Notes/Flagged.md', 'Notes/Inline.md']);
		expect(b.items.reviewOpen?.paths).toEqual(['Notes/Review open.md']);
		expect(b.items.pendingReview?.paths).toEqual(['AI/Regelwerk/rule.md', 'AI/Regelwerk/tagged.md']);
		expect(b.items.inbox?.paths).toEqual(['Inbox/Deep/Article.md', 'Inbox/Idea.md']);
		const inline = b.items.needsReview?.entries.find((e) => e.path === 'Notes/Inline.md');
		expect(inline?.hits).toEqual([{ where: 'body', line: 3, text: 'Some text #needs-review and more.' }]);
	});

	it('reads note text only where the cache cannot answer (flagged lines, broken YAML)', async () => {
		const files: Record<string, string> = { ...FIXTURE };
		for (let i = 0; i < 200; i++) files[`Bulk/n${i}.md`] = `# Note ${i}\n\n#other text\n`;
		started = await startPlugin(tempVault(files));
		// Flagged notes (their line texts) and the broken-YAML one; none of the 200 plain notes.
		expect(started.app.vault.cachedReads).toBeLessThanOrEqual(10);
	});

	it('waits for the metadata cache of notes not indexed yet instead of reading them', async () => {
		const base = tempVault({ 'a.md': '#needs-review\n' });
		const { App } = await import('../../../stand-in/obsidian');
		const SessionBriefPlugin = (await import('../../../main')).default;
		const { MANIFEST } = await import('../harness');
		const app = App.create(base);
		const plugin = new SessionBriefPlugin(app as never, MANIFEST);
		plugin.onload();
		app.workspace.setLayoutReady();
		await plugin.started;
		await internals(plugin).sync.whenBuilt();
		expect(internals(plugin).sync.index.size).toBe(0);
		expect(app.vault.cachedReads).toBe(0);
		app.metadataCache.primeAll();
		app.metadataCache.trigger('resolved');
		await settle(app);
		expect(internals(plugin).sync.index.get('a.md')?.flags?.needsReview.length).toBe(1);
		plugin.unload();
		await internals(plugin).writer.idle();
		fs.rmSync(base, { recursive: true, force: true, maxRetries: 30 });
	});
});

describe('incremental updates', () => {
	it('change: a new tag is picked up from the changed event without reading the file', async () => {
		started = await startPlugin(tempVault(FIXTURE));
		const { app } = started;
		const { sync, service } = internals(started.plugin);
		const reads = app.vault.cachedReads;
		const file = app.vault.getFileByPath('Notes/Plain.md');
		if (file === null) throw new Error('fixture');
		await app.vault.modify(file, '# Plain\n\nNow #needs-review\n');
		await settle(app);
		expect(app.vault.cachedReads).toBe(reads);
		expect(service.brief().items.needsReview?.paths).toContain('Notes/Plain.md');
		expect(sync.index.get('Notes/Plain.md')?.flags?.needsReview[0]).toMatchObject({ line: 3, text: 'Now #needs-review' });
		expect(sync.index.get('Notes/Plain.md')?.mtime).toBe(Math.trunc(fs.statSync(path.join(started.base, 'Notes/Plain.md')).mtimeMs));
	});

	it('rename: flags move with the note, nothing is read; into an excluded folder it leaves the index', async () => {
		started = await startPlugin(tempVault(FIXTURE));
		const { app } = started;
		const { sync, service } = internals(started.plugin);
		const reads = app.vault.cachedReads;
		const file = app.vault.getFileByPath('Notes/Flagged.md');
		if (file === null) throw new Error('fixture');
		await app.vault.rename(file, 'Inbox/Flagged.md');
		await settle(app);
		expect(app.vault.cachedReads).toBe(reads);
		expect(sync.index.has('Notes/Flagged.md')).toBe(false);
		expect(service.brief().items.needsReview?.paths).toContain('Inbox/Flagged.md');
		expect(service.brief().items.inbox?.paths).toContain('Inbox/Flagged.md');
		await app.vault.rename(file, 'Import/Flagged.md');
		await settle(app);
		expect(sync.index.has('Import/Flagged.md')).toBe(false);
		expect(service.brief().items.needsReview?.paths).not.toContain('Import/Flagged.md');
		// And back out of the excluded folder: the note is read from the cache again.
		await app.vault.rename(file, 'Notes/Back.md');
		await settle(app);
		expect(service.brief().items.needsReview?.paths).toContain('Notes/Back.md');
	});

	it('folder rename moves every note inside', async () => {
		started = await startPlugin(tempVault(FIXTURE));
		const { app } = started;
		const folder = app.vault.getFolderByPath('Notes');
		if (folder === null) throw new Error('fixture');
		await app.vault.rename(folder, 'Archive');
		await settle(app);
		const paths = [...internals(started.plugin).sync.index.all()].map((n) => n.path);
		expect(paths.filter((p) => p.startsWith('Notes/'))).toEqual([]);
		expect(paths).toContain('Archive/Inline.md');
	});

	it('delete and create', async () => {
		started = await startPlugin(tempVault(FIXTURE));
		const { app } = started;
		const { service, sync } = internals(started.plugin);
		const file = app.vault.getFileByPath('Notes/Inline.md');
		if (file === null) throw new Error('fixture');
		await app.vault.delete(file);
		await settle(app);
		expect(sync.index.has('Notes/Inline.md')).toBe(false);
		expect(service.brief().items.needsReview?.paths).not.toContain('Notes/Inline.md');
		await app.vault.create('Inbox/New.md', '');
		await settle(app);
		expect(sync.index.has('Inbox/New.md')).toBe(true);
		await app.vault.create('Notes/New flagged.md', '---\ntags: needs-review\n---\n');
		await settle(app);
		expect(service.brief().items.needsReview?.paths).toContain('Notes/New flagged.md');
		const folder = app.vault.getFolderByPath('AI');
		if (folder === null) throw new Error('fixture');
		await app.vault.delete(folder);
		await settle(app);
		expect(service.brief().items.pendingReview?.paths).toEqual([]);
	});

	it('a change costs the same on a large vault: no rescan', async () => {
		const files: Record<string, string> = {};
		for (let i = 0; i < 2000; i++) files[`Bulk/${i}.md`] = i % 100 === 0 ? `#needs-review ${i}\n` : `# ${i}\n`;
		started = await startPlugin(tempVault(files));
		const { app } = started;
		const calls = { n: 0 };
		const orig = app.vault.getMarkdownFiles.bind(app.vault);
		app.vault.getMarkdownFiles = () => {
			calls.n++;
			return orig();
		};
		const file = app.vault.getFileByPath('Bulk/5.md');
		if (file === null) throw new Error('fixture');
		await app.vault.modify(file, '#needs-review\n');
		await settle(app);
		expect(calls.n).toBe(0);
		expect(internals(started.plugin).service.brief().items.needsReview?.count).toBe(21);
	});
});
