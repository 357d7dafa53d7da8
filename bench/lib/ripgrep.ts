// ripgrep, the anchor of the full-scan rows: installed from Debian when missing and possible.
import { spawnSync } from 'node:child_process';
import { BENCH_SETTINGS } from './bench-settings';

/** The first line of `cmd --version` (or of `cmd args`) when it exits 0, else null. */
export function has(cmd: string, args: readonly string[] = ['--version']): string | null {
	try {
		const r = spawnSync(cmd, args, { encoding: 'utf8' });
		return r.status === 0 ? (r.stdout.split('\n')[0] ?? '') : null;
	} catch {
		return null;
	}
}

/** rg's version line, installing it with apt-get when root (or password-less sudo); remarks go to `notes`. */
export function ensureRipgrep(notes: string[], log: (message: string) => void): string | null {
	let v = has('rg');
	if (v !== null) return v;
	const root = typeof process.getuid === 'function' && process.getuid() === 0;
	const sudo = !root && has('sudo', ['-n', 'true']) !== null;
	if (!root && !sudo) {
		notes.push('ripgrep is not installed and the bench is not root (and has no password-less sudo), so it could not install it.');
		return null;
	}
	if (has('apt-get', ['--version']) === null) {
		notes.push('ripgrep is not installed and apt-get is not available to install it.');
		return null;
	}
	const apt = (args: string[]): { status: number | null; stderr: string } =>
		spawnSync(sudo ? 'sudo' : 'apt-get', sudo ? ['-n', 'apt-get', ...args] : args, { encoding: 'utf8', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }, timeout: 180_000 });
	log('ripgrep missing: apt-get install -y ripgrep …');
	let r = apt(['install', '-y', '-q', 'ripgrep']);
	if (r.status !== 0) {
		log('… apt-get update first');
		apt(['update', '-q']);
		r = apt(['install', '-y', '-q', 'ripgrep']);
	}
	v = has('rg');
	if (v !== null) notes.push(`ripgrep was missing; the bench installed Debian's package (${v}).`);
	else notes.push(`ripgrep is missing and \`apt-get install ripgrep\` failed (${(r.stderr || '').trim().split('\n').pop()}).`);
	return v;
}

/**
 * The fair rg command: the same files the bridge reads (every `.md` outside dot folders, dot
 * files, node_modules and the excluded root folders — rg skips hidden entries by default and
 * `--no-ignore` keeps .gitignore files out of it), searched for the four tag names
 * case-insensitively, with a count per file, so every file is read to its end.
 */
export function rgArgs(root: string, threads?: number): string[] {
	return [
		...(threads !== undefined ? ['-j', String(threads)] : []),
		'--no-config',
		'--no-ignore',
		'-c',
		'-i',
		'-g',
		'*.md',
		...BENCH_SETTINGS.excludedRootFolders.flatMap((f) => ['-g', `!/${f}/`]),
		'-g',
		'!node_modules/',
		'-e',
		'needs-review',
		'-e',
		'review-done',
		'-e',
		'pending-review',
		'-e',
		'review',
		root,
	];
}

export const RG_DOC = `rg --no-config --no-ignore -c -i -g '*.md' ${BENCH_SETTINGS.excludedRootFolders.map((f) => `-g '!/${f}/'`).join(' ')} -g '!node_modules/' -e needs-review -e review-done -e pending-review -e review VAULT`;
