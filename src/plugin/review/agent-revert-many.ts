/**
 * Revert for a session's changes or for all of them (docs/design.md, "Reviewing what agents
 * changed"): asks first, then puts back each note that still holds what its agent left, skips the
 * rest (edited since, no before-version), and offers Undo for the whole.
 */
import { Notice, type App } from 'obsidian';
import type { Lang } from '../../core/i18n';
import type { ChangeSession } from '../../core/trail/what-changed';
import type { AgentChanges } from './agent-changes';
import { leftAloneNotices, undoNotice } from './agent-diff-modal';
import { agentDiffStrings } from './agent-diff-strings';
import { AgentReview, type ChangeRef } from './agent-review';
import { ConfirmModal } from '../confirm-modal';

export function refsOf(sessions: readonly ChangeSession[]): ChangeRef[] {
	return sessions.flatMap((g) => g.changes.map((c) => ({ path: c.path, session: c.session, at: c.at, tool: c.tool })));
}

export function confirmRevertMany(app: App, store: AgentChanges, lang: Lang, refs: readonly ChangeRef[]): void {
	const s = agentDiffStrings(lang);
	if (refs.length === 0) {
		new Notice(s.nothingToRevert);
		return;
	}
	new ConfirmModal(app, {
		title: s.revert,
		message: s.confirmRevertMany(refs.length),
		confirm: s.revert,
		cancel: s.close,
		onConfirm: () => void revertMany(app, store, lang, refs),
	}).open();
}

export async function revertMany(app: App, store: AgentChanges, lang: Lang, refs: readonly ChangeRef[]): Promise<void> {
	const s = agentDiffStrings(lang);
	try {
		const result = await new AgentReview(app, store).revert(refs);
		leftAloneNotices(result.left, s);
		if (result.reverted === 0) new Notice(s.reverted(0, result.skipped));
		else undoNotice(s.reverted(result.reverted, result.skipped), result.undo, s);
	} catch (error) {
		new Notice(s.failed(error instanceof Error ? error.message : String(error)));
	}
}
