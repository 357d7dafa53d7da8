/**
 * The status line's words as Codex's status line providers draw them: a UI tree of text elements in
 * a row, with Codex's own colour names (the tree format of the `create-statusline` skill bundled with
 * Codex CLI; docs/status-line.md, "Codex"). The same parts as the agent's line and the status bar.
 */
import type { Lang } from '../i18n';
import { STATUS_WORDS, statusParts, type PartKind, type VaultStatus } from './status-line';

export type CodexElement = string | { type: 'text'; props?: { color?: string; italic?: boolean }; children: CodexElement[] } | { type: 'row'; props: { gap: number; wrap?: 'wrap' | 'nowrap' }; children: CodexElement[] };

const COLOR: Partial<Record<PartKind, string>> = { review: 'yellow', agents: 'yellow', rulesBad: 'red', rulesOk: 'green' };

/** The row `vault: 3 to review · …`, or null (Codex clears the footer) when nothing is known. */
export function codexStatusTree(status: VaultStatus, lang: Lang): CodexElement | null {
	const parts = statusParts(status, lang);
	if (parts.length === 0) return null;
	const children: CodexElement[] = [`${STATUS_WORDS[lang].vault}:`];
	parts.forEach((p, i) => {
		if (i > 0) children.push('·');
		const color = p.attention || p.kind === 'rulesOk' ? COLOR[p.kind] : undefined;
		children.push({ type: 'text', props: p.kind === 'stale' ? { italic: true, color: 'status-metadata' } : color === undefined ? {} : { color }, children: [p.text] });
	});
	return { type: 'row', props: { gap: 1, wrap: 'wrap' }, children };
}
