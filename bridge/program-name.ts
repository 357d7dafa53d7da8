/**
 * The name the bridge was run by, for its usage lines and the commands doctor prints, so a user can
 * type back what they read.
 *
 * The rule:
 * 1. Run through npm's link to the package's command (`node_modules/.bin/session-brief`, a global
 *    install, or on Windows npm's shim, which runs the file inside `node_modules/session-brief/`):
 *    `npx session-brief` when npm ran it as `npx`/`npm exec` (npm sets `npm_command=exec`),
 *    else `session-brief` (a global install, or a package script where npm puts the command on PATH).
 * 2. Any other file (a clone's build, a release asset, the copy in a vault's hook folder):
 *    `node <file>`, relative to the current folder when the file lies inside it (the vault's copy run
 *    from the vault reads `node .claude/hooks/session-brief.cjs`), else absolute; quoted for a shell
 *    when it needs it. Commands doctor prints for a fix always name the file absolutely: they are
 *    often run from another folder.
 */
import * as path from 'node:path';
import { isPlainWord, shellWord } from '../src/node/hosts/command-line/shell-word';

export const PACKAGE_COMMAND = 'session-brief';

function isPackageCommand(script: string): boolean {
	if (path.basename(script) === PACKAGE_COMMAND) return true;
	return script.replace(/\\/g, '/').includes(`/node_modules/${PACKAGE_COMMAND}/bridge/dist/`);
}

export function programName(scriptPath: string, env: NodeJS.ProcessEnv, cwd: string | null, platform: NodeJS.Platform = process.platform): string {
	if (isPackageCommand(scriptPath)) return env.npm_command === 'exec' ? `npx ${PACKAGE_COMMAND}` : PACKAGE_COMMAND;
	const file = path.resolve(scriptPath);
	const rel = cwd === null ? '' : path.relative(cwd, file);
	const shown = rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel) ? rel : file;
	return `node ${isPlainWord(shown) ? shown : shellWord(shown, platform)}`;
}
