/**
 * `hook-script`: a command hook in `.claude/settings.json` that runs a script inside the vault
 * which does not exist. Claude Code then shows a one-line non-blocking error at most, and a check
 * or gate that should run is silently gone.
 */
import { normalizePath } from '../scope';
import { hookHandlers, lineOfJsonString, parseSettings, settingsFiles } from '../settings/settings-file';
import { reporter, type CheckContext, type Finding, type RuleCheck, type RuleFile } from '../types';
import { quoteAlways } from '../../quote';
import { translations } from '../../i18n';

const PROJECT_DIR = /\$\{CLAUDE_PROJECT_DIR\}|\$CLAUDE_PROJECT_DIR\b|%CLAUDE_PROJECT_DIR%|\$env:CLAUDE_PROJECT_DIR\b/g;
const SCRIPT_EXTENSION = /\.(?:py|pyw|js|cjs|mjs|ts|sh|bash|zsh|ps1|rb|pl|php|bat|cmd|exe)$/i;
const ROOT = '\u0000root\u0000';

interface HookScriptsText {
	/** `relative`: the path depends on the folder Claude Code was started in. */
	missing: (event: string, target: string, relative: boolean) => string;
}

export const HOOK_SCRIPTS_TEXT = translations<HookScriptsText>({
	en: {
		missing: (event, target, relative) =>
			`The ${event} hook runs ${quoteAlways(target)}, which does not exist in the vault.${relative ? ' The path is relative, so it also depends on the folder Claude Code was started in; prefer "${CLAUDE_PROJECT_DIR}/…".' : ''}`,
	},
	de: {
		missing: (event, target, relative) =>
			`Der ${event}-Hook startet ${quoteAlways(target)}, das es im Vault nicht gibt.${relative ? ' Der Pfad ist relativ und hängt damit auch vom Startordner von Claude Code ab; besser "${CLAUDE_PROJECT_DIR}/…".' : ''}`,
	},
});

export const hookScriptsCheck: RuleCheck = {
	id: 'hook-script',
	severity: 'error',
	explain: {
		en: 'A hook in .claude/settings.json runs a script in the vault that does not exist, so the hook fails on every call. Fix the path, or restore the script (e.g. with the bridge\'s "install").',
		de: 'Ein Hook in .claude/settings.json startet ein Skript im Vault, das es nicht gibt; der Hook scheitert bei jedem Aufruf. Pfad korrigieren oder das Skript wiederherstellen (z. B. mit "install" der Bridge).',
	},
	run(ctx) {
		const findings: Finding[] = [];
		for (const file of settingsFiles(ctx)) {
			const parsed = parseSettings(file);
			if (!parsed.ok) continue;
			for (const { event, eventLine, handler } of hookHandlers(file, parsed.value)) {
				if (handler.type !== 'command' || typeof handler.command !== 'string') continue;
				const args = Array.isArray(handler.args) ? handler.args.filter((a): a is string => typeof a === 'string') : null;
				// Exec form (`args` present) passes each element as is; shell form is split like a shell would.
				const words = args !== null ? [handler.command, ...args] : shellWords(handler.command);
				const line = lineOfJsonString(file, handler.command, eventLine);
				for (const word of words) findings.push(...missingScript(ctx, file, event, word, line));
			}
		}
		return findings;
	},
};

function missingScript(ctx: CheckContext, file: RuleFile, event: string, word: string, line: number): Finding[] {
	const target = vaultPathOf(word, ctx.input.vaultRoot);
	if (target === null || ctx.exists(target)) return [];
	const relative = !word.includes('CLAUDE_PROJECT_DIR') && !/^(?:\/|[a-zA-Z]:[\\/])/.test(word);
	const message = HOOK_SCRIPTS_TEXT[ctx.lang].missing(event, target, relative);
	return [reporter(hookScriptsCheck)(file.path, line, message)];
}

/** The vault-relative path a command word names, or null when it is no checkable script path. */
export function vaultPathOf(word: string, vaultRoot: string | undefined): string | null {
	if (word.startsWith('-') || word.includes('://')) return null;
	const replaced = word.replace(PROJECT_DIR, ROOT).replace(/\\/g, '/');
	// Other variables, home paths and plugin placeholders name places this check cannot see.
	if (/[$%~]/.test(replaced)) return null;
	if (replaced.startsWith(ROOT)) {
		const rel = normalizePath(replaced.slice(ROOT.length)).replace(/^\//, '');
		return rel === '' || rel.startsWith('..') ? null : rel;
	}
	if (replaced.includes(ROOT)) return null;
	if (replaced.startsWith('/') || /^[a-zA-Z]:\//.test(replaced)) {
		if (vaultRoot === undefined) return null;
		const root = `${normalizePath(vaultRoot)}/`;
		const full = normalizePath(replaced);
		return full.toLowerCase().startsWith(root.toLowerCase()) && SCRIPT_EXTENSION.test(full) ? full.slice(root.length) : null;
	}
	if (!SCRIPT_EXTENSION.test(replaced)) return null;
	const rel = normalizePath(replaced);
	return rel.startsWith('..') ? null : rel;
}

/** Splits a shell command into words: whitespace separates, quotes group, operators are dropped. */
export function shellWords(command: string): string[] {
	const words: string[] = [];
	let current = '';
	let quote = '';
	let inWord = false;
	for (const c of command) {
		if (quote !== '') {
			if (c === quote) quote = '';
			else current += c;
		} else if (c === '"' || c === "'") {
			quote = c;
			inWord = true;
		} else if (/\s|[;&|<>()]/.test(c)) {
			if (inWord) words.push(current);
			current = '';
			inWord = false;
		} else {
			current += c;
			inWord = true;
		}
	}
	if (inWord) words.push(current);
	return words;
}
