/**
 * *Show changes by agents* in a note's own context menu (the file explorer's, the editor's tab),
 * for a note with an agent change not yet reviewed: the diff view of its latest session's change.
 */
import type { App, Menu, TAbstractFile } from 'obsidian';
import type { Lang } from '../../core/i18n';
import type { AgentChanges } from './agent-changes';
import { AgentDiffModal } from './agent-diff-modal';
import { agentDiffStrings } from './agent-diff-strings';
import { isReviewable, type ChangeRef } from './agent-review';

/** The newest unreviewed change of `path`, or null. */
export function latestChange(store: AgentChanges, path: string): ChangeRef | null {
	for (const group of store.sessions()) {
		const c = group.changes.find((x) => x.path === path);
		if (c !== undefined) return { path: c.path, session: c.session, at: c.at, tool: c.tool };
	}
	return null;
}

export function addAgentDiffItem(app: App, store: AgentChanges, lang: () => Lang, menu: Menu, file: TAbstractFile): void {
	if (!isReviewable(file)) return;
	const ref = latestChange(store, file.path);
	if (ref === null) return;
	menu.addItem((item) =>
		item
			.setTitle(agentDiffStrings(lang()).showChangesOfNote)
			.setIcon('file-diff')
			.onClick(() => new AgentDiffModal(app, store, lang, ref).open()),
	);
}
