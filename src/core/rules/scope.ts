/**
 * Which edits trigger the rule check. Pure string work, so the hook can decide without
 * touching the disk or loading the check engine: an out-of-scope edit must stay as cheap as a
 * bare Node start.
 */
import { effectiveRuleScope, type Settings } from '../settings';

/**
 * The agent's dot folder (agents, skills, settings, hooks): the one dot folder both front ends list
 * for the rule check, the bridge in its walk and the plugin through the adapter.
 */
export const AGENT_FOLDER = '.claude';

/** Claude Code's project settings. A broken one silently disables every hook, this one included. */
export const SETTINGS_FILES = ['.claude/settings.json', '.claude/settings.local.json'] as const;

/** The rule scope plus the project settings files, which the check covers too. */
export function checkScope(settings: Settings): string[] {
	return [...effectiveRuleScope(settings), ...SETTINGS_FILES];
}

const DRIVE = /^[a-zA-Z]:(?:\/|$)/;

function isAbsolute(p: string): boolean {
	return p.startsWith('/') || DRIVE.test(p);
}

/** `\` → `/`, `.` and `..` resolved, no trailing `/`; a `..` above the top stays at the top. */
export function normalizePath(p: string): string {
	const slashed = p.replace(/\\/g, '/');
	const drive = DRIVE.exec(slashed)?.[0].slice(0, 2) ?? '';
	const rest = slashed.slice(drive.length);
	const absolute = rest.startsWith('/');
	const parts: string[] = [];
	for (const part of rest.split('/')) {
		if (part === '' || part === '.') continue;
		if (part === '..') {
			if (parts.length > 0 && parts[parts.length - 1] !== '..') parts.pop();
			else if (!absolute) parts.push('..');
			continue;
		}
		parts.push(part);
	}
	return `${drive}${absolute ? '/' : ''}${parts.join('/')}`;
}

/**
 * The vault-relative path of `filePath` (absolute, or relative to the root), or null when it lies
 * outside `root`. Compared case-insensitively (Windows and macOS file systems), with a separator
 * required after the root so `/vault-old/x` is not inside `/vault`. Symlinks are not resolved
 * here (pure strings); `src/node/real-path.ts` compares the real paths when this says outside.
 */
export function vaultRelative(root: string, filePath: string): string | null {
	if (filePath === '' || filePath.includes('\0')) return null;
	const base = normalizePath(root);
	const slashed = filePath.replace(/\\/g, '/');
	const full = normalizePath(isAbsolute(slashed) ? slashed : `${base}/${slashed}`);
	const prefix = base.endsWith('/') ? base : `${base}/`;
	if (!full.toLowerCase().startsWith(prefix.toLowerCase())) return null;
	const rel = full.slice(prefix.length);
	return rel === '' ? null : rel;
}

const patternCache = new Map<string, RegExp>();

/**
 * A scope pattern as a regular expression: `**` spans folders, `*` and `?` stay within one, and
 * everything else is literal. Case-insensitive. `CLAUDE.md` thus means the root file only, and
 * `AI/Rules/**` the files under the folder, not the folder itself.
 */
export function scopePattern(glob: string): RegExp {
	const cached = patternCache.get(glob);
	if (cached !== undefined) return cached;
	let source = '';
	const g = normalizePath(glob).replace(/^\//, '');
	for (let i = 0; i < g.length; i++) {
		const c = g[i] ?? '';
		if (c === '*' && g[i + 1] === '*') {
			const slashAfter = g[i + 2] === '/';
			source += slashAfter ? '(?:.*/)?' : '.*';
			i += slashAfter ? 2 : 1;
		} else if (c === '*') source += '[^/]*';
		else if (c === '?') source += '[^/]';
		else source += c.replace(/[.+^${}()|[\]\\]/g, '\\$&');
	}
	// dotAll: a name with a line break is still inside the scope (it must not escape the check).
	const re = new RegExp(`^${source}$`, 'is');
	patternCache.set(glob, re);
	return re;
}

const startCache = new Map<string, string | null>();

/**
 * The pattern's literal start (up to its first wildcard), lower-cased, when that start is ASCII;
 * null otherwise. Case-insensitively, an ASCII character matches only itself in either case (no
 * other character's upper case is ASCII for a regular expression without the `u` flag), so a path
 * whose start differs from it, ignoring ASCII case, cannot match.
 */
function asciiStart(glob: string): string | null {
	const cached = startCache.get(glob);
	if (cached !== undefined) return cached;
	const literal = /^[^*?]*/.exec(normalizePath(glob).replace(/^\//, ''))?.[0] ?? '';
	const start = /[\u0080-\uffff]/.test(literal) ? null : literal.toLowerCase();
	startCache.set(glob, start);
	return start;
}

/**
 * Whether the path matches one of the patterns. Most edits are outside the scope, and
 * case-insensitive patterns are costly for V8 to compile (a hook start would pay for each of
 * them), so a pattern is compiled only for a path that starts as it does.
 */
export function inScope(relPath: string, patterns: readonly string[]): boolean {
	return patterns.some((p) => {
		const start = asciiStart(p);
		if (start !== null && relPath.slice(0, start.length).toLowerCase() !== start) return false;
		return scopePattern(p).test(relPath);
	});
}
