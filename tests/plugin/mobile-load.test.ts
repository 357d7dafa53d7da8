/**
 * The BUILT plugin (main.js) as Obsidian's phone app runs it: `Platform` says mobile, the adapter is
 * no FileSystemAdapter, `require` throws for every module but 'obsidian' and Node's globals are
 * undefined (tests/plugin/load-built.ts). It must load, show and act in the Needs review sidebar,
 * copy the brief and run the rule check with its built-in checks, register none of the desktop's
 * commands, and write none of the files the hook reads.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BUILT_MAIN, copyExampleVault, settle, startBuilt, stopBuilt, type StartedBuilt } from './load-built';

const HAVE_BUILD = fs.existsSync(BUILT_MAIN);
if (!HAVE_BUILD) console.warn('mobile-load.test.ts SKIPPED: main.js is missing; run `npm run build` (`npm test` does).');

let started: StartedBuilt | null = null;
afterEach(async () => {
	await stopBuilt(started);
	started = null;
});

describe.skipIf(!HAVE_BUILD)('built main.js on mobile', () => {
	it('loads without touching a Node module', async () => {
		started = await startBuilt(copyExampleVault(), { mobile: true });
		expect(started.required).toEqual(['obsidian']);
		expect(started.plugin.commands.map((c) => c.id)).toEqual(['open-review-sidebar', 'copy-brief', 'run-rule-check']);
	});
});
