/**
 * The developer-console script of docs/obsidian-runtime.md, run against the stand-in: it must
 * produce note recordings in exactly the format of tests/fixtures/obsidian-recorded (so a real
 * run's files can be dropped in there) and answer every runtime question, and leave no probe behind.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vm from 'node:vm';
import { afterEach, describe, expect, it } from 'vitest';
import * as stub from '../../../stand-in/obsidian';
import { recordings } from '../../helpers/recorded';
import { settle, startPlugin, stopPlugin, tempVault, type Started } from '../harness';

const SCRIPT = fs.readFileSync(path.resolve(__dirname, '../../../scripts/record-obsidian-runtime.js'), 'utf8');

let started: Started | null = null;
afterEach(async () => {
	await stopPlugin(started);
	started = null;
});

interface Recorded {
	answers: Record<string, unknown>;
	notes: Record<string, Record<string, unknown>>;
}

async function runScript(app: stub.App): Promise<Recorded> {
	const win = { app, sessionBriefProbeOptions: { waitMs: 500 }, sessionBriefRecording: undefined as Promise<Recorded> | undefined };
	// As pasted into the console: `window`, and Obsidian's `require` that knows `obsidian` and
	// (on desktop) Node's built-ins.
	const requireObsidian = (id: string): unknown => {
		if (id === 'obsidian') return stub;
		if (id === 'node:vm') return vm;
		throw new Error(`Cannot find module '${id}'`);
	};
	const paste = vm.runInThisContext(`(function (window, require) {\n${SCRIPT}\n})`, { filename: 'record-obsidian-runtime.js' }) as (w: typeof win, r: typeof requireObsidian) => void;
	paste(win, requireObsidian);
	const result = win.sessionBriefRecording;
	if (result === undefined) throw new Error('the script did not start');
	return result;
}

describe('record-obsidian-runtime.js', () => {
	it('writes note recordings in the fixtures\' format and the runtime answers, and removes its probe notes', async () => {
		started = await startPlugin(tempVault({ 'Note.md': '# Note\n' }));
		const { app } = started;
		app.workspace.addDeferredLeaf('file-explorer');
		// Obsidian's (internal) list of loaded plugins, where the script finds this one.
		(app as unknown as { plugins: unknown }).plugins = { plugins: { 'session-brief': started.plugin }, manifests: {} };
		const result = await runScript(app);
		await settle(app);

		const fixtureKeys = Object.keys(recordings()[0] ?? {}).filter((k) => k !== 'name').sort();
		const out = path.join(started.base, '.obsidian', 'session-brief-recordings');
		const noteFiles = fs.readdirSync(out).filter((f) => f !== 'obsidian-runtime.json');
		expect(noteFiles.length).toBe(6);
		for (const f of noteFiles) {
			const r = JSON.parse(fs.readFileSync(path.join(out, f), 'utf8')) as Record<string, unknown>;
			expect(Object.keys(r).sort()).toEqual(fixtureKeys);
			expect(typeof r.fileContents).toBe('string');
			expect(r.cachedMetadata).not.toBeNull();
		}
		const listed = result.notes.frontmatter_tags_list;
		expect(listed?.getAllTags).toEqual(['#needs-review', '#review']);
		// The stand-in does not model links (stand-in/markdown.ts): only the shape here.
		expect(result.notes.links?.resolveLinkToPath).toEqual({});

		const answers = JSON.parse(fs.readFileSync(path.join(out, 'obsidian-runtime.json'), 'utf8')) as Record<string, Record<string, unknown>>;
		expect(answers.format).toBe('session-brief-obsidian-runtime');
		for (const key of ['obsidian', 'mtime', 'startup', 'externalEdit', 'processUnchanged', 'locale', 'popout', 'deferredExplorer', 'pluginFolder', 'agentHooks']) {
			expect(answers[key], key).toBeTypeOf('object');
			expect(answers[key]?.error, key).toBeUndefined();
		}
		// What the stand-in models, read back through the script.
		expect(answers.mtime).toMatchObject({ mtimeIsWholeMs: true });
		// The harness readies the layout, then sends `resolved` (tests/plugin/harness.ts).
		expect(answers.startup).toMatchObject({ pluginLoaded: true, ready: true, endedBy: 'resolved' });
		expect(answers.popout).toMatchObject({ plainInstanceof: false, crossWindowInstanceOf: true, targetNodeWorks: true });
		expect(answers.deferredExplorer).toMatchObject({ present: true, isDeferred: true, canReveal: false, afterLoad: { isDeferred: false, canReveal: true } });
		expect(answers.locale?.moment).toBe('en');
		expect(answers.agentHooks).toMatchObject({ clipboard: true, pluginLoaded: true, scopes: ['project', 'local', 'user'] });

		expect(app.vault.getAbstractFileByPath('session-brief-probe')).toBeNull();
		expect(fs.existsSync(path.join(started.base, 'session-brief-probe'))).toBe(false);
	});
});
