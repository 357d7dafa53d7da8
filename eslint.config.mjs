// Lint: eslint-plugin-obsidianmd's recommended config (which brings @eslint/js and
// typescript-eslint's type-checked rules) over the plugin, the core and the bridge.
import tseslint from 'typescript-eslint';
import obsidianmd from 'eslint-plugin-obsidianmd';
import globals from 'globals';
import layerBoundaries from './eslint.boundaries.mjs';
import languageStyle from './eslint.languages.mjs';
import stateFiles from './eslint.state-files.mjs';

export default tseslint.config(
	{
		ignores: ['node_modules/', 'main.js', 'bridge/dist/', 'claude-plugin/hooks/*.cjs', 'release/*', 'example-vault/', 'docs/', 'coverage/', '*.mjs', '*.d.mts', 'scripts/', 'versions.json'],
	},
	{
		files: ['**/*.ts'],
		languageOptions: {
			globals: { ...globals.browser, ...globals.node },
			parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
		},
	},
	...obsidianmd.configs.recommended,
	{
		// Code that runs under Node only (the bridge, src/node, the tests): Node's modules and globals
		// are its platform. The recommended config allows them only for a desktop-only plugin.
		files: ['bridge/**/*.ts', 'src/node/**/*.ts', 'src/node/**/*.cjs', 'tests/**/*.ts', 'stand-in/**/*.ts', 'bench/**/*.ts', 'vitest.config.ts'],
		languageOptions: { globals: { ...globals.node, NodeJS: 'readonly' } },
		rules: { 'obsidianmd/no-nodejs-modules': 'off' },
	},
	{
		// Regular expressions that run in Node, never on a phone's older JavaScript engine.
		files: ['tests/**/*.ts', 'stand-in/**/*.ts'],
		rules: { 'obsidianmd/regex-lookbehind': 'off' },
	},
	{
		// The plugin runs on mobile too: a Node module imported where it loads breaks it there
		// (docs/design.md, "Mobile and synced vaults").
		files: ['main.ts', 'src/plugin/**/*.ts'],
		rules: { 'obsidianmd/no-nodejs-modules': 'error' },
	},
	{
		// Desktop-only plugin files: loaded only through the guarded import in
		// src/plugin/desktop-loader.ts, which tests/plugin/build/mobile-load.test.ts proves on the built main.js.
		files: ['src/plugin/hosts/agent-hooks.ts', 'src/plugin/index/atomic-write.ts'],
		languageOptions: { globals: { NodeJS: 'readonly' } },
		rules: { 'obsidianmd/no-nodejs-modules': 'off' },
	},
	{
		// The manifest as the community directory's review reads it: required keys and their types,
		// no unknown key, no "Obsidian" or "plugin" in the id or name. typescript-eslint parses a
		// `.json` file as one object expression, which is what the rule walks.
		files: ['manifest.json'],
		languageOptions: { parser: tseslint.parser, parserOptions: { projectService: false } },
		plugins: { obsidianmd },
		rules: { 'obsidianmd/validate-manifest': 'error' },
	},
	// Which layer may import which (docs/design.md, "Layers"); after the recommended config, which
	// turns no-restricted-imports off for TypeScript.
	...layerBoundaries,
	// One translation style: no `lang === 'de'` outside src/core/i18n.ts (docs/design.md, "Languages").
	...languageStyle,
	// Every file in a vault goes through src/node/state-file.ts (docs/design.md, "The trust boundary").
	...stateFiles,
	{
		// The bridge runs under Node, outside Obsidian: no popout windows, no Vault#configDir (it
		// must find the config folder itself, `.obsidian` being the default it looks for first).
		// src/node runs in the bridge too, where there is no `window`.
		files: ['bridge/**/*.ts', 'tests/**/*.ts', 'stand-in/**/*.ts', 'src/node/**/*.ts', 'bench/**/*.ts'],
		rules: { 'obsidianmd/prefer-window-timers': 'off', 'obsidianmd/hardcoded-config-path': 'off' },
	},
	{
		// The stand-in implements Obsidian's own API (vault deletes, DOM creation, moment) for the
		// tests; the rules for plugin code calling that API do not apply to it.
		files: ['stand-in/**/*.ts', 'tests/plugin/**/*.ts'],
		rules: {
			'obsidianmd/prefer-create-el': 'off',
			'obsidianmd/no-global-this': 'off',
			'obsidianmd/prefer-instanceof': 'off',
			'obsidianmd/prefer-file-manager-trash-file': 'off',
			'@typescript-eslint/no-restricted-imports': 'off',
		},
	},
	{
		// The hook entry is a plain CommonJS file that Node runs as is (no build step): `require` is
		// its module system.
		files: ['src/node/hosts/hook-files/hook-entry.cjs'],
		rules: { '@typescript-eslint/no-require-imports': 'off' },
	},
	{
		// The real-client suite runs in Node against a local stand-in (fetch is Node's here); its own
		// package.json holds only the agent CLIs, vitest comes from the project's.
		files: ['tests/clients/**/*.ts'],
		rules: { 'no-restricted-globals': 'off', 'import/no-extraneous-dependencies': ['warn', { packageDir: [import.meta.dirname] }] },
	},
	{
		// The bench scripts are command-line tools: the console is where they print their tables.
		// The plugin bench drives the stand-in like the plugin tests do (vault deletes, the global
		// `gc` of `node --expose-gc`).
		files: ['bench/**/*.ts'],
		rules: { 'obsidianmd/rule-custom-message': 'off', 'obsidianmd/no-global-this': 'off', 'obsidianmd/prefer-file-manager-trash-file': 'off' },
	},
	{
		// Reliability tests print what they counted (reads checked, cases run) for the record.
		files: ['tests/reliability/**/*.ts'],
		rules: { 'obsidianmd/rule-custom-message': 'off' },
	},
	{
		// The core may not import `obsidian`; its moment imports are aliased to Obsidian's copy in
		// the plugin build (esbuild.config.mjs), so the rule's advice is already followed there.
		files: ['src/core/brief/daily-note.ts', 'src/core/brief/daily-template.ts'],
		rules: { '@typescript-eslint/no-restricted-imports': 'off' },
	},
	{
		// moment is the library Obsidian formats daily-note names with; the bridge must produce the
		// same names outside Obsidian, so it bundles moment (the plugin build uses Obsidian's copy).
		files: ['package.json'],
		rules: { 'depend/ban-dependencies': ['error', { allowed: ['moment'] }] },
	},
);
