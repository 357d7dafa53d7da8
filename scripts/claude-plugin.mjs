// The Claude Code plugin in claude-plugin/: its manifest and hooks.json are written by hand; the
// files its hooks run are the build's, copied in by `npm run build` (esbuild.config.mjs) and kept
// in git, because Claude Code installs a plugin from the repository as it is, without a build.
// The copies are the same files `install` puts into a vault's .claude/hooks/, under the same
// names, plus the plugin's own launcher. CI fails when the copies in git are not the build's
// (`git status` after `npm test`).
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
export const CLAUDE_PLUGIN_DIR = path.join(root, 'claude-plugin');

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
