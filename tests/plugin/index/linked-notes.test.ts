/**
 * A note that is a symbolic link (src/node/scan/linked-notes.ts), in the stand-in, which lists files
 * behind links as Obsidian does: one leading out of the vault is no note of it (not in the index,
 * the cache, or the brief a hook serves from it); one leading to a vault note counts.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FIXTURE } from '../fixture';
import { internals, readCache, settle, type Started, startPlugin, stopPlugin, tempVault } from '../harness';

let started: Started | null = null;
let outside: string | null = null;
afterEach(async () => {
	await stopPlugin(started);
	started = null;
	if (outside !== null) fs.rmSync(outside, { recursive: true, force: true, maxRetries: 30 });
	outside = null;
});

describe.skipIf(process.platform === 'win32')('notes behind symbolic links', () => {
	it('a link out of the vault is not indexed, cached or served; a link to a vault note counts', async () => {
		const base = tempVault({ ...FIXTURE });
		outside = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-outside-'));
		fs.writeFileSync(path.join(outside, 'secret.md'), 'Outside the vault #review SECRET LINE\n');
		fs.symlinkSync(path.join(outside, 'secret.md'), path.join(base, 'Notes', 'Linked out.md'));
		fs.symlinkSync(path.join(base, 'Notes', 'Review open.md'), path.join(base, 'Notes', 'Linked in.md'));
		started = await startPlugin(base);
		const s = started;
		await settle(s.app);
		const index = internals(s.plugin).sync.index;
		expect(s.app.vault.getFileByPath('Notes/Linked out.md')).not.toBeNull();
		expect(index.has('Notes/Linked out.md')).toBe(false);
		expect(index.has('Notes/Linked in.md')).toBe(true);
		await internals(s.plugin).desktop?.writer.flush();
		const cache = readCache(s.pluginDir);
		const text = JSON.stringify(cache);
		expect(text).not.toContain('Linked out');
		expect(text).not.toContain('SECRET');
		expect(cache.brief.items.reviewOpen?.paths).toContain('Notes/Linked in.md');
	});
});
