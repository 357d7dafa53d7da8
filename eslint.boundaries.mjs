// The import rules between the layers (docs/design.md, "Layers"), enforced by lint:
//   src/core   pure: no `obsidian`, no Node built-ins, no other layer
//   src/node   Node-only code both front ends share: no `obsidian`, no src/plugin, no bridge
//              (not even its built files: the bridge passes the hook files' texts to install)
//   bridge     command line and hook entry points: no `obsidian`, no src/plugin
//   src/plugin (and main.ts) Obsidian adapters: no bridge; of src/node/hosts not install or
//              uninstall: the plugin installs nothing (the bridge's CLI does) and checks the
//              installed files by the hashes its build computed (src/plugin/hosts/built-hook-hashes.ts)
//   bench      the speed measurements: nothing from tests/ (the stand-in it shares is in stand-in/)
// One regular expression per forbidden target, matched against the import's source text, checks
// static imports and exports (no-restricted-imports) and literal `import()` calls
// (no-restricted-syntax) alike. eslint.config.mjs spreads this list after the Obsidian
// recommended config, which turns no-restricted-imports off for TypeScript files.
import { builtinModules } from 'node:module';

const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A path segment named `name` in a relative or baseUrl import (`../node/scan`, `src/node`). */
const layer = (name, except = '') => `^(.*/)?${name}(/${except}|$)`;

const FORBIDDEN = {
	obsidian: { regex: '^obsidian$', message: 'runs outside Obsidian: it may not import `obsidian`.' },
	nodeBuiltins: {
		regex: `^(node:.*|(${builtinModules.filter((m) => !m.startsWith('_') && !m.includes('/')).map(escape).join('|')})(/.*)?)$`,
		message: 'is pure TypeScript shared by the plugin and the bridge: no Node built-ins (file system, processes, clock); pass what it needs in.',
	},
	node: { regex: layer('node'), message: 'may not import src/node (Node-only code); src/node depends on the core, not the other way round.' },
	plugin: { regex: layer('plugin'), message: 'may not import src/plugin (the Obsidian adapters); move shared code to src/core or src/node.' },
	bridge: { regex: layer('bridge'), message: 'may not import bridge/ (the command line); move shared code to src/core or src/node.' },
	// What the bench shares with the tests lives in bench/lib/ or stand-in/ (docs/contributing.md, "Import rules").
	tests: {
		regex: '^(.*/)?tests/',
		message: 'may not import tests/: code both use belongs in bench/lib/ or stand-in/ (the tests import it from there).',
	},
	nodeAgents: {
		regex: '^(.*/)?node/hosts/install/(install|install-plan|uninstall)$',
		message: 'may not install or remove hooks: the bridge\'s CLI installs them (`npx session-brief install`); the plugin shows that command and checks the result by the hashes its build computed (src/plugin/hosts/built-hook-hashes.ts).',
	},
};

function rulesFor(layerName, forbidden) {
	const patterns = forbidden.map((f) => ({ regex: FORBIDDEN[f].regex, message: `${layerName} ${FORBIDDEN[f].message} See docs/design.md, "Layers".` }));
	return {
		'no-restricted-imports': ['error', { patterns }],
		// esquery reads a `/` as the end of the regular expression: spell it \u002F inside one.
		'no-restricted-syntax': [
			'error',
			...patterns.map((p) => ({
				selector: `ImportExpression[source.value=/${p.regex.replaceAll('/', '\\u002F')}/]`,
				message: p.message,
			})),
		],
	};
}

export const LAYERS = [
	{ name: 'src/core', files: ['src/core/**/*.ts'], forbidden: ['obsidian', 'nodeBuiltins', 'node', 'plugin', 'bridge'] },
	{ name: 'src/node', files: ['src/node/**/*.ts'], forbidden: ['obsidian', 'plugin', 'bridge'] },
	{ name: 'bridge', files: ['bridge/**/*.ts'], forbidden: ['obsidian', 'plugin'] },
	{ name: 'The plugin', files: ['src/plugin/**/*.ts', 'main.ts'], forbidden: ['bridge', 'nodeAgents'] },
	{ name: 'The bench', files: ['bench/**/*.ts'], forbidden: ['tests'] },
];

export default LAYERS.map((l) => ({ files: l.files, rules: rulesFor(l.name, l.forbidden) }));

