/**
 * Hooks `install` registered that something other than `uninstall` took out of a settings file
 * (src/node/hosts/install/installed-hooks.ts), as the sidebar names them. Fed on desktop only, where the
 * record in the per-user folder and the settings files can be read; polled, since an agent's
 * rewrite of a settings file sends the vault no event (the file may lie outside it).
 */
import { Events, type Plugin } from 'obsidian';
import type { RemovedHooks } from '../../core/hosts/installed-hooks';

export const HOOKS_REMOVED_CHANGED = 'changed';
/** A handful of small reads; a removal waits at most this long to show. */
export const HOOKS_POLL_MS = 10_000;

export class HooksRemoved extends Events {
	/** What is gone now; empty on a phone, before the first read, and while everything is in place. */
	list: RemovedHooks[] = [];
	private read: (() => Promise<RemovedHooks[]>) | null = null;
	private inflight: Promise<void> | null = null;

	attach(read: () => Promise<RemovedHooks[]>, plugin: Plugin): void {
		this.read = read;
		plugin.registerInterval(window.setInterval(() => void this.refresh(), HOOKS_POLL_MS));
		void this.refresh();
	}

	/** Reads again (one read at a time); tells the views only when the answer changed. */
	refresh(): Promise<void> {
		this.inflight ??= this.readNow().finally(() => (this.inflight = null));
		return this.inflight;
	}

	private async readNow(): Promise<void> {
		if (this.read === null) return;
		let next: RemovedHooks[];
		try {
			next = await this.read();
		} catch {
			// Unreadable now: what was shown stays until the next read.
			return;
		}
		if (JSON.stringify(next) === JSON.stringify(this.list)) return;
		this.list = next;
		this.trigger(HOOKS_REMOVED_CHANGED);
	}
}
