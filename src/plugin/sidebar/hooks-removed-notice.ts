/**
 * The sidebar's warning that hooks `install` registered were removed by something other than
 * `uninstall` (src/plugin/hosts/hooks-removed.ts): one line per settings file, naming the host,
 * the file and the events, above everything else, for as long as they are gone.
 */
import type { Component } from 'obsidian';
import { hostOf } from '../../core/hosts/agent-contracts';
import { quoteAlways } from '../../core/quote';
import type { Lang } from '../../core/i18n';
import { HOOKS_REMOVED_CHANGED, type HooksRemoved } from '../hosts/hooks-removed';
import { hooksRemovedStrings } from '../ui-strings';

export class HooksRemovedNotice {
	private readonly el: HTMLElement;

	constructor(parent: HTMLElement, before: HTMLElement | null, owner: Component, private readonly hooks: HooksRemoved, private readonly lang: () => Lang) {
		this.el = createDiv({ cls: 'session-brief-hooks-removed', attr: { role: 'alert' } });
		parent.insertBefore(this.el, before);
		owner.registerEvent(hooks.on(HOOKS_REMOVED_CHANGED, () => this.render()));
		this.render();
	}

	render(): void {
		this.el.empty();
		const list = this.hooks.list;
		this.el.toggleClass('session-brief-hidden', list.length === 0);
		const s = hooksRemovedStrings(this.lang());
		for (const r of list) {
			// The file's path is the user's, but may hold anything: quoted like every name shown.
			this.el.createDiv({ cls: 'session-brief-hooks-removed-text', text: s.removed(hostOf(r.agent).name, quoteAlways(r.file), r.events.join(', '), r.events.length) });
		}
	}
}
