import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { defineConfig, type Plugin } from 'vitest/config';
import { builtHookHashesModule } from './scripts/built-hook-hashes.mjs';
import { LONG_ONLY, LONG_VARIANTS } from './tests/suites';

// The plugin tests run against a stand-in for `obsidian` (types-only on npm) in a DOM; every
// other test runs in Node and must not see that alias.
const obsidianStub = path.resolve(__dirname, 'stand-in/obsidian.ts');

// install embeds the hook files as text (esbuild's `text` loader for `.cjs` in the bridge build);
// tests that import it load them the same way. tests/global-setup.ts builds the bridge first.
const cjsAsText: Plugin = {
	name: 'cjs-as-text',
	enforce: 'pre',
	load(id) {
		if (!id.endsWith('.cjs') || id.includes('node_modules')) return null;
		return `export default ${JSON.stringify(fs.readFileSync(id, 'utf8'))};`;
	},
};

// As the plugin build does (esbuild.config.mjs): the plugin's *Check* gets the hashes of the hook
// files built before the run (tests/global-setup.ts builds them when missing), read when first imported.
const builtHookHashes: Plugin = {
	name: 'built-hook-hashes',
	enforce: 'pre',
	load(id) {
		return id.endsWith(path.join('src', 'plugin', 'hosts', 'built-hook-hashes.ts')) ? builtHookHashesModule(__dirname) : null;
	},
};

export default defineConfig(({ mode }) => {
	// The long variants, every case: `vitest --mode full` (`npm run test:full`) or SESSION_BRIEF_LONG=1.
	// They run in the `long` project then, and their seeded sample in `node` otherwise (tests/suites.ts).
	const long = mode === 'full' || process.env.SESSION_BRIEF_LONG === '1';
	const longFiles = long ? [...LONG_ONLY, ...LONG_VARIANTS] : [...LONG_ONLY];
	const inPlugin = (f: string) => f.startsWith('tests/plugin/');
	return {
		test: {
			// Only a hang reaches these (tests/helpers/patience.ts): a test asserts what happened, never
			// how long it took, and setup builds and removes vaults of thousands of notes.
			testTimeout: 120_000,
			hookTimeout: 120_000,
			globalSetup: ['tests/global-setup.ts'],
			// The review seal lives in a per-user folder outside the vault (src/node/journal/review-seal.ts): tests
			// keep theirs in a folder of the run's own, never in the home folder of whoever runs them.
			// A session start takes the session net's baseline in a detached process (src/node/journal/session-baseline-start.ts),
			// which would outlive the test's vault: the tests of the net ask for it (`sync`) where they need it.
			env: { SESSION_BRIEF_STATE_DIR: path.join(os.tmpdir(), `session-brief-test-state-${process.pid}`), SESSION_BRIEF_BASELINE: 'off' },
			// The bridge tests run the built bundle as child processes; two cores, so keep workers few.
			maxWorkers: 2,
			// `npm test` runs `node` and `plugin`; `npm run test:full` then `long`, `long-plugin` and `browser` (package.json).
			projects: [
				{
					// tests/clients drives the real agent CLIs: `npm run test:clients`, with its own config.
					extends: true,
					// install writes the hook entry from its text (src/node/hosts/hook-files/hook-entry.cjs).
					plugins: [cjsAsText, builtHookHashes],
					test: { name: 'node', include: ['tests/**/*.test.ts'], exclude: ['tests/plugin/**', 'tests/browser/**', 'tests/clients/**', '**/node_modules/**', ...longFiles] },
				},
				{
					extends: true,
					plugins: [cjsAsText, builtHookHashes],
					// `.ts` first: `../../main` must be main.ts, not the built main.js next to it.
					resolve: { alias: { obsidian: obsidianStub }, extensions: ['.ts', '.mts', '.mjs', '.js', '.json'] },
					test: { name: 'plugin', include: ['tests/plugin/**/*.test.ts'], exclude: longFiles, environment: 'happy-dom' },
				},
				{
					// The costliest files (tests/suites.ts), in Node; in the full run the long variants too.
					extends: true,
					plugins: [cjsAsText, builtHookHashes],
					test: { name: 'long', include: longFiles.filter((f) => !inPlugin(f)), env: long ? { SESSION_BRIEF_LONG: '1' } : {} },
				},
				{
					// The costliest plugin files, set up as `plugin` is.
					extends: true,
					plugins: [cjsAsText, builtHookHashes],
					resolve: { alias: { obsidian: obsidianStub }, extensions: ['.ts', '.mts', '.mjs', '.js', '.json'] },
					test: { name: 'long-plugin', include: longFiles.filter(inPlugin), environment: 'happy-dom', env: long ? { SESSION_BRIEF_LONG: '1' } : {} },
				},
				{
					// The sidebar in headless Chromium: the plugin runs in the stand-in as above.
					extends: true,
					plugins: [cjsAsText, builtHookHashes],
					resolve: { alias: { obsidian: obsidianStub }, extensions: ['.ts', '.mts', '.mjs', '.js', '.json'] },
					// One file at a time: each starts its own Chromium, and two at once on a busy machine time out.
					test: { name: 'browser', include: ['tests/browser/**/*.test.ts'], environment: 'happy-dom', fileParallelism: false },
				},
			],
		},
	};
});
