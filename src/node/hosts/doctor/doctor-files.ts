/** A path doctor looks at exists (any kind of file); an unreadable one counts as missing. */
import * as fs from 'node:fs';

export function exists(p: string): boolean {
	try {
		fs.statSync(p);
		return true;
	} catch {
		return false;
	}
}
