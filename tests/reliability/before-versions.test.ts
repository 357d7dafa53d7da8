/**
 * The before-versions stay bounded and inside the vault (docs/design.md, "Reviewing what agents
 * changed", and "The trust boundary"): a run that fills them never holds more than the cap, and a
 * link or FIFO planted in their folder (or at a file of it, or at a note) changes nothing outside
 * the vault, never hangs a hook, and never blocks the agent's edit.
 */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BEFORE_FOLDER, BEFORE_SUFFIX, beforeStem, MAX_NOTE_BYTES, MAX_TOTAL_BYTES } from '../../src/core/trail/before-versions';
import { beforeFolderSize, keepBeforeVersion, readBeforeVersion } from '../../src/node/review/before-versions';
import { hostilePlace, snapshot, type Place } from '../helpers/hostile-place';
import { bareEnv, removeTempDirs, runBridge, tempDir } from '../helpers/rule-vault';

afterAll(removeTempDirs, 60_000);

const posix = process.platform !== 'win32';
const PLUGIN = ['.obsidian', 'plugins', 'session-brief'];

describe('the before-versions are bounded', () => {
	it(
		'never hold more than the total cap, however many large notes an agent changes',
		() => {
			const root = tempDir('sb-before-cap-');
			const pluginDir = path.join(root, ...PLUGIN);
			fs.mkdirSync(pluginDir, { recursive: true });
			const place = { root, pluginDir };
			// Notes just under the per-note cap, more of them than the total allows.
			const count = Math.ceil(MAX_TOTAL_BYTES / MAX_NOTE_BYTES) + 6;
			const body = Buffer.alloc(MAX_NOTE_BYTES - 10, 'x');
			let max = 0;
			for (let i = 0; i < count; i++) {
				const rel = `Notes/n${i}.md`;
				fs.mkdirSync(path.join(root, 'Notes'), { recursive: true });
				fs.writeFileSync(path.join(root, rel), body);
				expect(keepBeforeVersion(place, rel, `s${i % 3}`, 'Write', new Date(Date.now() + i * 1000))).toBe(true);
				const size = beforeFolderSize(place);
				max = Math.max(max, size.bytes);
				expect(size.bytes).toBeLessThanOrEqual(MAX_TOTAL_BYTES);
			}
			// Full, and the newest kept: the oldest went first.
			expect(max).toBeGreaterThan(MAX_TOTAL_BYTES - 2 * MAX_NOTE_BYTES);
			expect(readBeforeVersion(place, `Notes/n${count - 1}.md`, `s${(count - 1) % 3}`)?.state).toBe('kept');
			expect(readBeforeVersion(place, 'Notes/n0.md', 's0')).toBeNull();
			// A note above the per-note cap keeps a header saying so, and no bytes.
			fs.writeFileSync(path.join(root, 'Notes/huge.md'), Buffer.alloc(MAX_NOTE_BYTES + 1, 'y'));
			keepBeforeVersion(place, 'Notes/huge.md', 's0', 'Edit', new Date());
			expect(readBeforeVersion(place, 'Notes/huge.md', 's0')).toMatchObject({ state: 'too-large', bytes: null });
		},
		120_000,
	);
});

describe.skipIf(!posix)('a hostile vault cannot reach outside it through the before-versions', () => {
	const NOTE = 'Notes/Reading list.md';
	const dir = (p: Place) => path.join(p.vault, ...PLUGIN, BEFORE_FOLDER);
	const edit = (p: Place, session = 'test') => {
		// A hook that hangs (on a FIFO) is killed by this timeout, far above any machine's slowness, and fails the exit code.
		const r = runBridge(p.vault, 'pre-tool-use', JSON.stringify({ session_id: session, hook_event_name: 'PreToolUse', tool_name: 'Edit', tool_input: { file_path: path.join(p.vault, NOTE), old_string: 'a', new_string: 'b' } }), { env: bareEnv({ HOME: p.home }), timeoutMs: 120_000 });
		expect(r.code, r.stderr).toBe(0);
		// Allowed, silently: a before-version that cannot be kept never blocks the edit.
		expect(r.text).toBe('');
	};

	it('a link planted as the folder writes nothing through it', () => {
		const p = hostilePlace('sb-before-link-');
		const outside = snapshot(p.outside);
		fs.mkdirSync(path.dirname(dir(p)), { recursive: true });
		fs.symlinkSync(path.join(p.outside, 'folder'), dir(p));
		edit(p);
		expect(snapshot(p.outside)).toEqual(outside);
		expect(fs.lstatSync(dir(p)).isSymbolicLink()).toBe(true);
	});

	it('a link planted as a before-version file is replaced, never written through; a FIFO never hangs the hook', () => {
		const p = hostilePlace('sb-before-file-');
		const outside = snapshot(p.outside);
		fs.mkdirSync(dir(p), { recursive: true });
		const stem = beforeStem('test', NOTE);
		fs.symlinkSync(path.join(p.outside, 'victim.txt'), path.join(dir(p), `${stem}${BEFORE_SUFFIX}`));
		edit(p);
		expect(snapshot(p.outside)).toEqual(outside);
		expect(readBeforeVersion({ root: p.vault, pluginDir: path.join(p.vault, ...PLUGIN) }, NOTE, 'test')?.state).toBe('kept');
		// A FIFO where the next session's before-version and its after-file go.
		const other = beforeStem('fifo', NOTE);
		execFileSync('mkfifo', [path.join(dir(p), `${other}${BEFORE_SUFFIX}`)]);
		execFileSync('mkfifo', [path.join(dir(p), `${other}.after`)]);
		edit(p, 'fifo');
		expect(snapshot(p.outside)).toEqual(outside);
	});

	it('a note that is a link out of the vault keeps no before-version of what it points to', () => {
		const p = hostilePlace('sb-before-note-');
		fs.mkdirSync(path.join(p.vault, 'Linked'), { recursive: true });
		fs.symlinkSync(path.join(p.outside, 'victim.txt'), path.join(p.vault, 'Linked', 'victim.md'));
		const r = runBridge(p.vault, 'pre-tool-use', JSON.stringify({ session_id: 'test', tool_name: 'Edit', tool_input: { file_path: path.join(p.vault, 'Linked', 'victim.md'), old_string: 'a', new_string: 'b' } }), { env: bareEnv({ HOME: p.home }) });
		expect(r.code).toBe(0);
		expect(readBeforeVersion({ root: p.vault, pluginDir: path.join(p.vault, ...PLUGIN) }, 'Linked/victim.md', 'test')).toBeNull();
		const kept = fs.existsSync(dir(p)) ? fs.readdirSync(dir(p)) : [];
		for (const name of kept) expect(fs.readFileSync(path.join(dir(p), name), 'utf8')).not.toContain('precious');
	});
});
