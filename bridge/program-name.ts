/**
 * The name the bridge was run by, for its usage lines and the commands doctor prints, so a user can
 * type back what they read: `npx session-brief` or `session-brief` through npm's link, else
 * `node <file>`; doctor's fixes name the file absolutely, since they are often run elsewhere.
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
