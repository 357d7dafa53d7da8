// The Claude Code and Codex plugin in claude-plugin/: its manifests and hook lists are written by
// hand; the files its hooks run are the build's. `npm run build` (esbuild.config.mjs) copies them
// into claude-plugin/hooks/ for local use, where git ignores them; a release publishes the whole
// plugin, built files included, on the `plugin` branch (scripts/plugin-branch.mjs), which the
// marketplace entry names, because Claude Code and Codex install a plugin as git holds it, unbuilt.
// The copies are the same files `install` puts into a vault's .claude/hooks/, under the same
// names, plus the plugin's own launcher.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
export const CLAUDE_PLUGIN_DIR = path.join(root, 'claude-plugin');

/** The branch the release workflow publishes the built plugin on; the marketplace entry's `ref`. */
export const PLUGIN_BRANCH = 'plugin';

/** [built or source file, its name in claude-plugin/hooks/], relative to the repository. */
export const CLAUDE_PLUGIN_COPIES = [
	['src/node/hosts/hook-files/hook-entry.cjs', 'session-brief.cjs'],
	['bridge/dist/session-brief.cjs', 'session-brief.bridge.cjs'],
	['bridge/dist/session-brief.start.cjs', 'session-brief.start.cjs'],
	['bridge/dist/session-brief.edit.cjs', 'session-brief.edit.cjs'],
	['bridge/dist/session-brief.plugin.cjs', 'session-brief.plugin.cjs'],
];

/** Copies the files in; a file already the same is left alone. Returns the names it wrote. */
export function writeClaudePluginFiles() {
	const written = [];
	for (const [from, name] of CLAUDE_PLUGIN_COPIES) {
		const text = fs.readFileSync(path.join(root, from));
		const to = path.join(CLAUDE_PLUGIN_DIR, 'hooks', name);
		let current = null;
		try {
			current = fs.readFileSync(to);
		} catch {
			current = null;
		}
		if (current !== null && current.equals(text)) continue;
		fs.mkdirSync(path.dirname(to), { recursive: true });
		fs.writeFileSync(to, text);
		written.push(name);
	}
	return written;
}

/** What a copy leaves out: run-time caches, git's own file, and the copies it takes from the build. */
const BUILT_NAMES = new Set(CLAUDE_PLUGIN_COPIES.map(([, name]) => `hooks/${name}`));
const leftOut = (rel) => rel.endsWith('.v8cache') || rel === '.gitignore' || BUILT_NAMES.has(rel);

/**
 * The plugin as a user installs it, in `out` (new or empty): every hand-written file of
 * claude-plugin/, the build's hook files (from the build's own folders, so a stale copy in
 * claude-plugin/hooks/ is never shipped) and the license. Returns the paths it wrote, relative.
 */
export function assemblePlugin(out) {
	if (fs.existsSync(out) && fs.readdirSync(out).length > 0) throw new Error(`${out} is not empty`);
	const written = [];
	const copy = (from, rel) => {
		fs.mkdirSync(path.dirname(path.join(out, rel)), { recursive: true });
		fs.copyFileSync(from, path.join(out, rel));
		written.push(rel);
	};
	for (const rel of filesUnder(CLAUDE_PLUGIN_DIR)) if (!leftOut(rel)) copy(path.join(CLAUDE_PLUGIN_DIR, rel), rel);
	for (const [from, name] of CLAUDE_PLUGIN_COPIES) {
		if (!fs.existsSync(path.join(root, from))) throw new Error(`${from} is missing (run npm run build)`);
		copy(path.join(root, from), `hooks/${name}`);
	}
	copy(path.join(root, 'LICENSE'), 'LICENSE');
	for (const rel of hookFilesNamed(out)) if (!fs.existsSync(path.join(out, rel))) throw new Error(`the plugin's hook lists run ${rel}, which the plugin lacks`);
	return written.sort();
}

/** Every file below `dir`, as `/`-separated paths relative to it. */
export function filesUnder(dir, rel = '') {
	return fs.readdirSync(path.join(dir, rel), { withFileTypes: true }).flatMap((e) => {
		const child = rel === '' ? e.name : `${rel}/${e.name}`;
		return e.isDirectory() ? filesUnder(dir, child) : e.isFile() ? [child] : [];
	});
}

/**
 * The files a plugin folder's manifests and hook lists name, relative to it: the hook list each
 * manifest names (Claude Code's default hooks/hooks.json) and every file a hook command runs.
 */
export function hookFilesNamed(dir) {
	const read = (rel) => JSON.parse(fs.readFileSync(path.join(dir, rel), 'utf8'));
	const lists = new Set(['hooks/hooks.json']);
	for (const manifest of ['.claude-plugin/plugin.json', '.codex-plugin/plugin.json']) {
		if (!fs.existsSync(path.join(dir, manifest))) continue;
		const hooks = read(manifest).hooks;
		if (typeof hooks === 'string') lists.add(path.posix.normalize(hooks));
	}
	const named = new Set(lists);
	for (const list of lists) {
		if (!fs.existsSync(path.join(dir, list))) continue;
		for (const groups of Object.values(read(list).hooks ?? {})) {
			for (const hook of groups.flatMap((g) => g.hooks ?? [])) {
				const words = [hook.command, ...(hook.args ?? [])].join(' ');
				for (const m of words.matchAll(/\$\{(?:CLAUDE_)?PLUGIN_ROOT\}\/([^\s"']+)/g)) named.add(m[1]);
			}
		}
	}
	return [...named].sort();
}
