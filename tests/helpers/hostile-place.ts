/**
 * A vault for the trust-boundary tests (tests/reliability/): a copy of the example vault with the
 * hook files in place, a folder beside it standing for everything outside the vault (files a
 * planted link could reach), and a home folder; and a snapshot of a folder to prove nothing in it
 * changed.
 */
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { exampleVault, tempDir } from './rule-vault';

export interface Place {
	vault: string;
	outside: string;
	home: string;
}

export function hostilePlace(prefix: string): Place {
	const base = tempDir(prefix);
	const vault = exampleVault({}, path.join(base, 'vault'));
	const outside = path.join(base, 'outside');
	fs.mkdirSync(path.join(outside, 'folder'), { recursive: true });
	fs.writeFileSync(path.join(outside, 'victim.txt'), 'precious\n');
	fs.writeFileSync(path.join(outside, '.bashrc'), 'export PS1=x\n');
	fs.writeFileSync(path.join(outside, 'folder', 'old-file'), 'old\n');
	// Older than any prune rule's age: a prune reaching this folder would remove it.
	const old = new Date(Date.now() - 3600_000);
	fs.utimesSync(path.join(outside, 'folder', 'old-file'), old, old);
	return { vault, outside, home: tempDir('sb-home-') };
}

/** Every entry below `dir` (links not followed) with its kind, bytes and modification time. */
export function snapshot(dir: string): Record<string, string> {
	const out: Record<string, string> = {};
	const visit = (d: string): void => {
		for (const name of fs.readdirSync(d)) {
			const p = path.join(d, name);
			const st = fs.lstatSync(p);
			const rel = path.relative(dir, p);
			if (st.isDirectory()) {
				out[rel] = 'dir';
				visit(p);
			} else if (st.isFile()) out[rel] = `${createHash('sha256').update(fs.readFileSync(p)).digest('hex')} ${st.mtimeMs}`;
			else out[rel] = st.isSymbolicLink() ? `link ${fs.readlinkSync(p)}` : 'other';
		}
	};
	visit(dir);
	return out;
}
