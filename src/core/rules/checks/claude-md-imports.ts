/**
 * `claude-md-import`: `@path` imports in the root `CLAUDE.md` (and, as Claude Code does, in the
 * files it imports, up to five hops) that name no existing file. Claude Code skips such an import
 * without a word, so the rule it should have loaded is silently missing from every session.
 */
import { maskLines } from '../../notes/markdown-mask';
import { normalizePath } from '../scope';
import { reporter, type CheckContext, type Finding, type RuleCheck } from '../types';
import { quoteAlways } from '../../quote';
import { translations } from '../../i18n';

const IMPORT = /(?:^|\s)@(\S+)/g;
const TRAILING_PUNCTUATION = /[.,;:!?)\]}'"]+$/;

interface ClaudeMdImportsText {
	/** `glued`: the punctuation Claude Code reads as part of the path. */
	glued: (token: string, glued: string) => string;
	missing: (token: string, target: string) => string;
}

export const CLAUDE_MD_IMPORTS_TEXT = translations<ClaudeMdImportsText>({
	en: {
		glued: (token, glued) => `@${token} does not resolve: Claude Code reads ${quoteAlways(glued)} as part of the path. Separate it from the path with a space.`,
		missing: (token, target) => `@${token} imports ${quoteAlways(target)}, which does not exist; Claude Code skips it silently.`,
	},
	de: {
		glued: (token, glued) => `@${token} löst sich nicht auf: Claude Code liest ${quoteAlways(glued)} als Teil des Pfades. Mit einem Leerzeichen vom Pfad trennen.`,
		missing: (token, target) => `@${token} importiert ${quoteAlways(target)}, das es nicht gibt; Claude Code überspringt den Import stillschweigend.`,
	},
});
const MAX_HOPS = 5;

/** `@reviewer` is a mention, `@AI/rules.md` or `@notes.txt` an import. */
function looksLikePath(token: string): boolean {
	return token.includes('/') || /\.[A-Za-z0-9]{1,8}$/.test(token);
}

function folderOf(path: string): string {
	const slash = path.lastIndexOf('/');
	return slash < 0 ? '' : path.slice(0, slash);
}

/** Vault-relative target of an import, or null when it points outside the vault or home. */
function importTarget(token: string, from: string, vaultRoot: string | undefined): string | null {
	if (token.startsWith('~')) return null;
	const slashed = token.replace(/\\/g, '/');
	if (slashed.startsWith('/') || /^[a-zA-Z]:\//.test(slashed)) {
		if (vaultRoot === undefined) return null;
		const root = `${normalizePath(vaultRoot).toLowerCase()}/`;
		const full = normalizePath(slashed);
		return full.toLowerCase().startsWith(root) ? full.slice(root.length) : null;
	}
	const rel = normalizePath(`${folderOf(from)}/${slashed}`).replace(/^\//, '');
	return rel.startsWith('..') ? null : rel;
}

export const claudeMdImportsCheck: RuleCheck = {
	id: 'claude-md-import',
	severity: 'error',
	explain: {
		en: 'An `@path` import in CLAUDE.md names a file that does not exist; Claude Code skips it silently. Paths are relative to the file that imports; fix the path or remove the line.',
		de: 'Ein `@Pfad`-Import in CLAUDE.md nennt eine Datei, die es nicht gibt; Claude Code überspringt ihn stillschweigend. Pfade gelten relativ zur importierenden Datei; Pfad korrigieren oder Zeile entfernen.',
	},
	run(ctx) {
		const root = ctx.files.find((f) => f.path === 'CLAUDE.md');
		if (root === undefined) return [];
		const findings: Finding[] = [];
		const seen = new Set<string>([root.path.toLowerCase()]);
		let wave: Array<{ path: string; lines: string[] }> = [root];
		for (let hop = 0; hop < MAX_HOPS && wave.length > 0; hop++) {
			const next: Array<{ path: string; lines: string[] }> = [];
			for (const file of wave) {
				for (const target of checkImports(ctx, file, findings)) {
					if (seen.has(target.toLowerCase())) continue;
					seen.add(target.toLowerCase());
					const text = ctx.input.read(target);
					if (text !== null) next.push({ path: target, lines: text.split(/\r?\n/) });
				}
			}
			wave = next;
		}
		return findings;
	},
};

/** Reports the file's broken imports; returns the targets that exist, to follow them. */
function checkImports(ctx: CheckContext, file: { path: string; lines: string[] }, findings: Finding[]): string[] {
	const found = reporter(claudeMdImportsCheck);
	const existing: string[] = [];
	// Claude Code skips imports in code only: no math, no HTML blocks.
	const masked = maskLines(file.lines, 'code');
	for (let i = 0; i < masked.length; i++) {
		const line = masked[i] ?? '';
		if (!line.includes('@')) continue;
		IMPORT.lastIndex = 0;
		let m: RegExpExecArray | null;
		while ((m = IMPORT.exec(line)) !== null) {
			const token = m[1] ?? '';
			if (!looksLikePath(token.replace(TRAILING_PUNCTUATION, ''))) continue;
			const target = importTarget(token, file.path, ctx.input.vaultRoot);
			if (target === null) continue;
			if (ctx.exists(target)) {
				existing.push(target);
				continue;
			}
			const trimmed = token.replace(TRAILING_PUNCTUATION, '');
			const trimmedTarget = trimmed === token ? null : importTarget(trimmed, file.path, ctx.input.vaultRoot);
			const t = CLAUDE_MD_IMPORTS_TEXT[ctx.lang];
			const message = trimmedTarget !== null && ctx.exists(trimmedTarget) ? t.glued(token, token.slice(trimmed.length)) : t.missing(token, target);
			findings.push(found(file.path, i + 1, message));
		}
	}
	return existing;
}
