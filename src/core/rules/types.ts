/**
 * The shapes every rule check shares. The engine is fed through `RuleInput`, which any front end
 * can build: the bridge from its own file walk, the plugin from Obsidian's vault and metadata cache.
 */
import type { Lang, PerLang } from '../i18n';

export type Severity = 'error' | 'warning';

export interface Finding {
	/** Id of the check that found it (`broken-link`, `external`, …). */
	check: string;
	severity: Severity;
	/** Vault-relative path with `/`; empty when the finding is about no single file. */
	path: string;
	/** 1-based line; 0 when the finding is about no line in particular. */
	line: number;
	message: string;
	/** Extra lines shown under the message (e.g. what an external checker printed). */
	detail?: string[];
}

/** True when `linkpath` (already stripped of `#heading`, `^block` and alias) names an existing file. */
export type LinkResolver = (linkpath: string, sourcePath: string) => boolean;

export interface RuleInput {
	/**
	 * Every file of the vault (vault-relative, `/`), any extension: links and folder checks are
	 * resolved against it.
	 */
	files: readonly string[];
	/** The files the checks look into; usually every file of the rule scope. */
	targets: readonly string[];
	/** A file's text, or null when it cannot be read (reported as a finding). */
	read: (path: string) => string | null;
	/**
	 * Whether a vault-relative path exists, including places `files` leaves out (dot folders hold
	 * hook scripts). Defaults to membership in `files`, ignoring case.
	 */
	exists?: (path: string) => boolean;
	/**
	 * Link resolution of the caller over every file it lists, dot folders included (the plugin
	 * passes Obsidian's, with `.claude/` as the fallback); defaults to `files`. Markdown links use it.
	 */
	resolveLink?: LinkResolver;
	/**
	 * Obsidian's own resolution, over what Obsidian indexes: no file in a dot folder. Wikilinks use
	 * it (docs/obsidian-readings.md). Defaults to `files` without dot folders.
	 */
	resolveIndexedLink?: LinkResolver;
	/** The vault's absolute path with `/`, to recognise absolute script paths in settings.json. */
	vaultRoot?: string;
	lang: Lang;
}

/** A target file as the checks see it: text split once, frontmatter parsed once. */
export interface RuleFile {
	path: string;
	/** Text without a BOM. */
	text: string;
	/** Lines without their line breaks (CRLF tolerated). */
	lines: string[];
}

export interface CheckContext {
	input: RuleInput;
	lang: Lang;
	/** Target files that could be read. */
	files: readonly RuleFile[];
	/** Whether a vault-relative path exists, ignoring case (Windows and macOS do). */
	exists(path: string): boolean;
	resolveLink: LinkResolver;
	resolveIndexedLink: LinkResolver;
	/** The parsed frontmatter of a target file (cached). */
	frontmatter(file: RuleFile): ParsedFrontmatter;
}

export type ParsedFrontmatter =
	| { state: 'none' }
	| { state: 'unclosed' }
	/** `notMapping`: valid YAML that is no set of properties (a text, a list): Obsidian keeps none of it. */
	| { state: 'broken'; message: string; line: number; notMapping?: true }
	| { state: 'ok'; data: Record<string, unknown>; bodyStart: number; keyLine(key: string): number };

export interface RuleCheck {
	id: string;
	severity: Severity;
	/** What the check looks for and how to fix it, one or two sentences. */
	explain: PerLang<string>;
	run(ctx: CheckContext): Finding[];
}

/** Findings of one check, so each module states its id and severity once. */
export function reporter(check: Pick<RuleCheck, 'id' | 'severity'>): (path: string, line: number, message: string, detail?: string[]) => Finding {
	return (path, line, message, detail) => ({ check: check.id, severity: check.severity, path, line, message, ...(detail === undefined ? {} : { detail }) });
}
