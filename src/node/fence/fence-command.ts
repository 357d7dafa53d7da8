/**
 * Which of Session Brief's own places a shell command reaches (the fence, src/core/fence/agent-fence.ts):
 * the command is read as the shell reads it (src/core/fence/shell-command.ts), each word resolved as a
 * path from the folder the shell is in at that point (following `cd`, `pushd`, `..` and links),
 * and compared with our places by real path (src/node/fence/agent-fence.ts). Best effort: a path
 * built at run time is judged by the names it shows (docs/design-decisions/trail-guards.md, "The fence is best effort").
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { beforeGlob, commandWords, READING_COMMANDS, type Fenced } from '../../core/fence/agent-fence';
import { assignment, expandWord, programAt, shellPieces, shownWord, type ShellPiece, type ShellWord } from '../../core/fence/shell-command';
import { realPathOf } from '../real-path';
import { bothWays, holdsPlace, norm, placeOf, placePaths, within, type FencePlaces } from './agent-fence';

export interface FenceHit {
	word: string;
	fenced: Fenced;
}

/** A word that hints at one of our places: our name, a plugins folder, a dot folder or `..`. */
const HINT = /session-brief|plugins|(^|[/\\])\.[^/\\]/i;
/** The same in a command line as written, where a blank, a quote or an operator starts a word. */
const LINE_HINT = /session-brief|plugins|(^|[\s/\\'"=:;&|(<>])\.[^\s/\\]/i;
/** Programs `find -exec` may run that only read. */
const READERS: ReadonlySet<string> = new Set(['cat', 'grep', 'egrep', 'fgrep', 'rg', 'head', 'tail', 'wc', 'ls', 'stat', 'file', 'md5sum', 'sha1sum', 'sha256sum', 'echo', 'printf', 'basename', 'dirname', 'realpath', 'readlink', 'du', 'test', 'diff']);
const SHELLS: ReadonlySet<string> = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh', 'fish']);
/** At most this deep into `eval`, `sh -c` and the like. */
const MAX_NESTING = 4;
/** At most this many folders the shell may be in at once. */
const MAX_BASES = 16;

const programName = (word: ShellWord | undefined): string => (word?.text ?? '').replace(/^.*[/\\]/, '').toLowerCase();

/**
 * A git command that rewrites files of the work tree, and whether it does so to the whole tree
 * when it names no path (`git reset --hard`, `git clean -f`, `git stash`).
 */
function gitRewrite(args: string[]): { wholeTree: boolean } | null {
	let i = 0;
	while (i < args.length && (args[i] ?? '').startsWith('-')) i += ['-C', '-c', '--git-dir', '--work-tree'].includes(args[i] ?? '') ? 2 : 1;
	const sub = args[i] ?? '';
	const rest = args.slice(i + 1);
	const given = rest.filter((a) => !a.startsWith('-')).length;
	const flag = (...names: string[]): boolean => rest.some((a) => names.includes(a));
	// `:/` and `:(top)` name the whole work tree from any folder in it.
	const top = rest.some((a) => /^:(\/|\([^)]*top[^)]*\))/.test(a));
	switch (sub) {
		case 'checkout':
		case 'switch':
			return { wholeTree: top || flag('-f', '--force', '--discard-changes') };
		case 'restore':
		case 'rm':
		case 'mv':
			return { wholeTree: top };
		case 'clean':
			return flag('-n', '--dry-run') ? null : { wholeTree: top || given === 0 };
		case 'reset':
			return flag('--hard', '--merge', '--keep') ? { wholeTree: true } : null;
		case 'stash': {
			const verb = rest[0] ?? 'push';
			if (!['push', 'save'].includes(verb) && !verb.startsWith('-')) return null;
			return { wholeTree: top || !rest.includes('--') };
		}
		default:
			return null;
	}
}

/** The folders the shell may be in: on the `&&` chain it is in now, and any it may be in. */
interface Where {
	chain: string[];
	any: string[];
	/** A `cd` to a folder only known at run time: what follows is judged by its names too. */
	lost: boolean;
}

const capped = (dirs: string[]): string[] => [...new Set(dirs)].slice(0, MAX_BASES);

/** `word` as a path from `base`: as written, and with each `..` taken from the real folder (as the system does). */
function resolved(base: string, word: string, home: string | null): string[] {
	const text = home !== null && (word === '~' || word.startsWith('~/')) ? home + word.slice(1) : word;
	const literal = path.resolve(base, text);
	if (!text.split(/[/\\]/).includes('..')) return bothWays(literal);
	let current = path.isAbsolute(text) ? path.parse(literal).root : base;
	for (const part of text.split(/[/\\]/)) {
		if (part === '' || part === '.') continue;
		current = part === '..' ? path.dirname(realPathOf(current) ?? current) : path.join(current, part);
	}
	return [...new Set([...bothWays(literal), ...bothWays(current)])];
}

/** A glob segment as a regular expression; a leading `*` or `?` does not match a leading dot unless `dotglob`. */
function segmentPattern(segment: string, dotglob: boolean): RegExp {
	let out = '';
	for (let i = 0; i < segment.length; i++) {
		const ch = segment[i] as string;
		if (ch === '*') out += '.*';
		else if (ch === '?') out += '.';
		else if (ch === '[') {
			const end = segment.indexOf(']', i + 2);
			if (end === -1) out += '\\[';
			else {
				out += `[${segment.slice(i + 1, end).replace(/^[!^]/, '^').replace(/\\/g, '\\\\')}]`;
				i = end;
			}
		} else if (ch === '{') {
			const end = segment.indexOf('}', i);
			if (end === -1) out += '\\{';
			else {
				out += `(?:${segment.slice(i + 1, end).split(',').map(escape).join('|')})`;
				i = end;
			}
		} else out += escape(ch);
	}
	return new RegExp(`^${!dotglob && /^[*?[{]/.test(segment) ? '(?!\\.)' : ''}${out}$`, 'i');
}

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Whether the glob `pattern` (absolute) may name one of our places, a folder holding one, or a path in one. */
function globReaches(places: FencePlaces, ours: { at: string; fenced: Fenced }[], stems: string[], globParts: string[], dotglob: boolean, wholeTree: boolean): Fenced | null {
	const globs = globParts.map((s) => segmentPattern(s, dotglob));
	for (const from of stems) {
		const fromParts = norm(from).replace(/\/$/, '').split('/');
		for (const place of ours) {
			const placeParts = norm(place.at).split('/');
			if (!within(from, place.at) && !within(place.at, from)) continue;
			if (within(place.at, from)) return place.fenced;
			// The place lies below `from`: match the glob segments against the rest of its path.
			const rest = placeParts.slice(fromParts.length);
			let k = 0;
			for (; k < globs.length && k < rest.length; k++) if (globParts[k] !== '**' && !(globs[k] as RegExp).test(rest[k] as string)) break;
			if (k < globs.length && k < rest.length) continue;
			// The glob names the place or a path in it; or, shorter, a folder that holds it.
			if (globs.length >= rest.length) return place.fenced;
			const holder = [...fromParts, ...rest.slice(0, globs.length)].join('/');
			if (holdsPlace(places, holder, wholeTree) !== null) return place.fenced;
		}
	}
	return null;
}

/** The names of our places and of the folders below the vault holding them, for a path built at run time. */
function placeNames(places: FencePlaces, ours: { at: string; fenced: Fenced }[]): { leaves: string[]; holders: string[] } {
	const leaves = new Set<string>(['session-brief']);
	const holders = new Set<string>();
	for (const place of ours) {
		const name = path.basename(place.at).toLowerCase();
		if (/[a-z]/.test(name) && name.length >= 4) leaves.add(name.startsWith('session-brief') ? 'session-brief' : name);
		const rel = path.relative(places.root, place.at);
		if (!rel.startsWith('..') && !path.isAbsolute(rel)) {
			const segments = rel.split(/[/\\]/).slice(0, -1);
			for (const s of segments) holders.add(s.toLowerCase());
		}
	}
	return { leaves: [...leaves], holders: [...holders] };
}

/** A word with a part only known at run time: refused when what it shows names a place or ends in a folder holding one. */
function namesPlace(names: { leaves: string[]; holders: string[] }, text: string): boolean {
	const { leaves, holders } = names;
	const lower = text.replace(/\\/g, '/').toLowerCase();
	if (leaves.some((leaf) => lower.includes(leaf))) return true;
	const last = lower.replace(/\/+$/, '').split('/').at(-1) ?? '';
	return holders.includes(last) || /(^|\/)\.claude\/hooks(\/|$)/.test(lower);
}

class CommandWalk {
	readonly known = new Map<string, string>();
	dotglob = false;
	hit: FenceHit | null = null;
	/** The words resolved already, which the words as written need not repeat. */
	readonly seen = new Set<string>();
	private ourPaths: { at: string; fenced: Fenced }[] | null = null;
	private ourNames: { leaves: string[]; holders: string[] } | null = null;

	constructor(
		readonly places: FencePlaces,
		readonly fallback: string[],
	) {
		if (places.home !== null) this.known.set('HOME', places.home);
	}

	run(pieces: ShellPiece[], where: Where, nesting: number): void {
		const saved: Where[] = [];
		for (const piece of pieces) {
			if (this.hit !== null) return;
			if (piece.kind === 'enter') saved.push({ ...where });
			else if (piece.kind === 'leave') Object.assign(where, saved.pop() ?? where);
			else this.step(piece.words, piece.afterSuccess ? where.chain : where.any, where, nesting);
		}
	}

	private step(words: ShellWord[], bases: string[], where: Where, nesting: number): void {
		const at = programAt(words);
		const program = programName(words[at]);
		const texts = words.map((w) => expandWord(w, this.known));
		const args = texts.slice(at + 1).map((t) => t.text);
		const declares = ['export', 'declare', 'local', 'readonly', 'typeset'].includes(program);
		texts.forEach((t, i) => {
			const set = i < at || at < 0 || (declares && i > at) ? assignment(t.text) : null;
			if (set === null) return;
			// A value only known at run time leaves the variable unknown.
			if (t.unknown) this.known.delete(set.name);
			else this.known.set(set.name, set.value);
		});
		if (words.some((w) => /dotglob|globdots/.test(w.text))) this.dotglob = true;
		let wholeTree = false;
		let stepBases = bases;
		if (program === 'git') {
			const cAt = args.indexOf('-C');
			if (cAt >= 0 && args[cAt + 1] !== undefined) stepBases = capped(bases.flatMap((b) => resolved(b, args[cAt + 1] as string, this.places.home)));
			const git = gitRewrite(args);
			if (git !== null) {
				wholeTree = true;
				if (git.wholeTree && stepBases.some((b) => within(this.places.root, b) || holdsPlace(this.places, b, true) !== null)) {
					this.hit = { word: ['git', ...args].join(' '), fenced: this.treeHolds(stepBases) };
					return;
				}
			}
		}
		if (program === 'find' && findWrites(args)) wholeTree = true;
		if (nesting < MAX_NESTING) {
			if (program === 'eval') this.nested(args.join(' '), stepBases, nesting);
			const c = args.findIndex((a) => /^-[a-z]*c[a-z]*$/i.test(a));
			if (SHELLS.has(program) && c >= 0 && args[c + 1] !== undefined) this.nested(args[c + 1] as string, stepBases, nesting);
			if (this.hit !== null) return;
		}
		for (let i = 0; i < words.length && this.hit === null; i++) {
			const word = words[i] as ShellWord;
			const { text, unknown } = texts[i] as { text: string; unknown: boolean };
			// Running a hook file with node for a command that only reads is no change to it.
			if (i === at + 1 && /^node(\.exe)?$/.test(program) && READING_COMMANDS.has(texts[i + 1]?.text ?? '') && !unknown) {
				const fenced = this.wordReaches(text, word.glob, stepBases, wholeTree);
				if ((fenced === 'hooks' || fenced === 'agentPlugin') && bothWays(path.resolve(stepBases[0] ?? this.places.root, text)).some((p) => fs.statSync(p, { throwIfNoEntry: false })?.isFile() === true)) continue;
			}
			for (const variant of variants(text)) {
				this.seen.add(variant);
				const fenced = unknown || where.lost ? (namesPlace(this.names(), variant) ? this.nameHit(variant) : null) : null;
				const found = fenced ?? (unknown ? null : this.wordReaches(variant, word.glob, stepBases, wholeTree));
				if (found !== null) {
					this.hit = { word: unknown ? shownWord(word) : text, fenced: found };
					break;
				}
			}
		}
		if (program === 'cd' || program === 'pushd') this.changeFolder(args, bases, where, texts.slice(at + 1));
		else if (program === 'popd') where.chain = where.any;
	}

	private changeFolder(args: string[], bases: string[], where: Where, texts: { text: string; unknown: boolean }[]): void {
		const target = args.findIndex((a) => !a.startsWith('-') || a === '-');
		const word = target < 0 ? '~' : (args[target] as string);
		if (word === '-' || (target >= 0 && texts[target]?.unknown === true)) {
			where.chain = where.any;
			where.lost = where.lost || word !== '-';
			return;
		}
		const to = capped(bases.flatMap((b) => resolved(b, word, this.places.home)));
		where.chain = to;
		where.any = capped([...where.any, ...to]);
	}

	private ours(): { at: string; fenced: Fenced }[] {
		return (this.ourPaths ??= placePaths(this.places));
	}

	private names(): { leaves: string[]; holders: string[] } {
		return (this.ourNames ??= placeNames(this.places, this.ours()));
	}

	private nested(command: string, bases: string[], nesting: number): void {
		this.run(shellPieces(command), { chain: bases, any: bases, lost: false }, nesting + 1);
	}

	/** Which place a name points at, for the message. */
	private nameHit(text: string): Fenced {
		const lower = text.toLowerCase();
		if (lower.includes('hooks')) return 'hooks';
		if (lower.includes('plugins')) return 'plugin';
		return this.places.wholeFolders.find((f) => lower.includes(path.basename(f.dir).toLowerCase()))?.fenced ?? 'plugin';
	}

	private treeHolds(bases: string[]): Fenced {
		for (const b of bases) {
			const held = holdsPlace(this.places, b, true);
			if (held !== null) return held;
		}
		return this.places.pluginDir !== null ? 'plugin' : 'hooks';
	}

	/** Whether `word`, from any of `bases` (or the vault root, as before any `cd`), names a place or a folder holding one. */
	wordReaches(word: string, glob: boolean, bases: string[], wholeTree: boolean): Fenced | null {
		if (word === '') return null;
		for (const base of capped([...bases, ...this.fallback])) {
			if (glob) {
				// The folder before the first glob segment, resolved as any path; the glob segments after it.
				const parts = word.split(/[/\\]/);
				const first = parts.findIndex((p) => /[*?[{]/.test(p));
				const stem = first < 0 ? word : parts.slice(0, first).join('/') || (word.startsWith('/') ? '/' : '.');
				const stems = resolved(base, stem, this.places.home);
				const found = globReaches(this.places, this.ours(), stems, first < 0 ? [] : parts.slice(first), this.dotglob, wholeTree && bases.includes(base));
				if (found !== null) return found;
				continue;
			}
			for (const p of resolved(base, word, this.places.home)) {
				const found = placeOf(this.places, p) ?? holdsPlace(this.places, p, wholeTree && bases.includes(base));
				if (found !== null) return found;
			}
		}
		return null;
	}
}

/** `find … -delete`, or `-exec` of a program that may change files. */
function findWrites(args: string[]): boolean {
	return args.some((a, i) => a === '-delete' || (['-exec', '-execdir', '-ok', '-okdir'].includes(a) && !READERS.has((args[i + 1] ?? '').replace(/^.*\//, ''))));
}

/** A word and the paths inside it: `--out=x`, `of=x` give `x`, `-tDIR` gives `DIR`. */
function variants(text: string): string[] {
	const out = [text];
	const eq = text.indexOf('=');
	if (eq > 0 && eq < text.length - 1) out.push(text.slice(eq + 1));
	if (/^-[^-]/.test(text) && text.length > 2) out.push(text.slice(2));
	return out.filter((t) => t !== '' && !(t.startsWith('-') && t === text));
}

/**
 * The first word of a shell command that names one of our places or a folder holding one, read
 * from the session's working folder (else the vault): null when none does.
 */
export function fencedCommand(places: FencePlaces, command: string, cwd: string | undefined): FenceHit | null {
	const start = cwd !== undefined && path.isAbsolute(cwd) ? [cwd] : [places.root];
	const walk = new CommandWalk(places, [places.root]);
	walk.run(shellPieces(command), { chain: start, any: start, lost: false }, 0);
	return walk.hit ?? wordsAsWritten(places, command, [...new Set([...start, places.root])], walk.seen);
}

const isNode = (word: string): boolean => /^node(\.exe)?$/i.test(path.basename(word));

/**
 * The words as written, split at blanks, quotes and operators, `\` read as `/`: paths inside a
 * script's text (`node -e '…'`, `python3 -c "…"`) and Windows paths, which the shell's reading
 * does not show as words of their own.
 */
function wordsAsWritten(places: FencePlaces, command: string, bases: string[], seen: ReadonlySet<string>): FenceHit | null {
	const written = commandWords(command);
	// A script's text is one word: the strings in it are read as words too.
	const words = [...written, ...written.filter((w) => /["'(),;`+]/.test(w)).flatMap((w) => w.split(/[\s"'(),;`+]+/))];
	for (let i = 0; i < words.length; i++) {
		const word = words[i] ?? '';
		const stem = beforeGlob(word);
		if (stem === '' || stem.startsWith('-') || stem.startsWith('$') || seen.has(word)) continue;
		const running = i > 0 && isNode(words[i - 1] ?? '') && READING_COMMANDS.has(words[i + 1] ?? '');
		for (const base of bases) {
			for (const p of bothWays(path.resolve(base, stem))) {
				const fenced = placeOf(places, p) ?? holdsPlace(places, p);
				if (fenced === null) continue;
				if (running && (fenced === 'hooks' || fenced === 'agentPlugin') && fs.statSync(p, { throwIfNoEntry: false })?.isFile() === true) continue;
				return { word, fenced };
			}
		}
	}
	return null;
}

/**
 * Whether a shell command may reach one of our places, by its text alone: it names our name, a
 * plugins folder, a dot folder, `..`, `~` or one of `outside` (our folders outside the vault), runs
 * in such a folder, or rewrites a git work tree. The common command answers no before any
 * settings are read.
 */
export function commandMayBeFenced(command: string, cwd: string | undefined, root: string, outside: readonly string[] = []): boolean {
	if (LINE_HINT.test(command)) return true;
	if (cwd !== undefined && path.isAbsolute(cwd)) {
		const rel = path.relative(root, cwd);
		if (HINT.test(rel.startsWith('..') || path.isAbsolute(rel) ? cwd : rel) || outside.some((o) => within(o, cwd))) return true;
	}
	// A line with no quoting, escape, expansion, glob or comment reads as it is written: no parser needed.
	if (PLAIN.test(command) && !REWRITES.test(command)) return command.split(/[\s;&|()<>]+/).flatMap(variants).some((w) => path.isAbsolute(w) && outside.some((o) => within(o, w)));
	return piecesMayReach(shellPieces(command), outside, 0);
}

const PLAIN = /^[^\\$'"`#~*?[{}]*$/;
/** Programs whose reading the fast path leaves to the parser: git and find that may rewrite files, and any that runs a command line. */
const REWRITES = /\bgit\b[^;&|]*\b(checkout|restore|rm|mv|clean|reset|stash|switch)\b|\bfind\b[^;&|]*\s-(delete|exec|execdir|ok|okdir)\b|\b(eval|sh|bash|zsh|dash|ksh|fish)\b/;

function piecesMayReach(pieces: ShellPiece[], outside: readonly string[], nesting: number): boolean {
	for (const piece of pieces) {
		if (piece.kind !== 'step') continue;
		const at = programAt(piece.words);
		const program = programName(piece.words[at]);
		const texts = piece.words.map((w) => expandWord(w, new Map()).text);
		const args = texts.slice(at + 1);
		if ((program === 'git' && gitRewrite(args) !== null) || (program === 'find' && findWrites(args))) return true;
		if ((program === 'eval' || SHELLS.has(program)) && nesting < MAX_NESTING && piecesMayReach(shellPieces(args.join(' ')), outside, nesting + 1)) return true;
		for (const text of texts.flatMap(variants)) {
			if (HINT.test(text) || text.startsWith('~') || /dotglob|globdots/.test(text)) return true;
			if (path.isAbsolute(text) && outside.some((o) => within(o, text) || within(text.replace(/[*?[{].*$/, ''), o))) return true;
		}
	}
	return false;
}
