/**
 * The sidebar's burst throttle: the first change after a quiet moment draws at once, changes inside
 * the interval are drawn once at its end (the latest state), and no timer outlives the view. First
 * the throttle alone under fake timers, then the real view in the stand-in under a burst of vault
 * edits with real timers (and without the harness's flush, so the trailing render has to come by
 * itself).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RenderThrottle } from '../../../src/plugin/sidebar/render-throttle';
import { RENDER_INTERVAL_MS, ReviewView, VIEW_TYPE_REVIEW } from '../../../src/plugin/sidebar/review-view';
import type { App } from '../../../stand-in/obsidian';
import { FIXTURE } from '../fixture';
import { startPlugin, stopPlugin, tempVault, type Started } from '../harness';

let started: Started | null = null;
afterEach(async () => {
	vi.useRealTimers();
	vi.restoreAllMocks();
	await stopPlugin(started);
	started = null;
});

describe('RenderThrottle', () => {
	it('renders the first request at once and coalesces the rest of the interval into one trailing render', () => {
		vi.useFakeTimers();
		let clock = 1000;
		const renders: number[] = [];
		const t: RenderThrottle = new RenderThrottle(() => {
			renders.push(clock);
			t.rendered();
		}, 250, () => clock);
		t.request();
		expect(renders).toEqual([1000]);
		for (let i = 0; i < 10; i++) {
			clock += 20;
			t.request();
		}
		expect(renders).toEqual([1000]);
		expect(t.pending).toBe(true);
		// The first request inside the interval (at 1020) set the timer for the interval's end.
		clock = 1250;
		vi.advanceTimersByTime(229);
		expect(renders).toEqual([1000]);
		vi.advanceTimersByTime(1);
		expect(renders).toEqual([1000, 1250]);
		expect(t.pending).toBe(false);
		// Quiet for a whole interval: the next change draws at once again.
		clock = 1600;
		t.request();
		expect(renders).toEqual([1000, 1250, 1600]);
		expect(vi.getTimerCount()).toBe(0);
	});

	it('a render asked for directly (filter, sort) makes a waiting one unnecessary; cancel leaves no timer; flush draws now', () => {
		vi.useFakeTimers();
		let clock = 0;
		let renders = 0;
		const t: RenderThrottle = new RenderThrottle(() => {
			renders++;
			t.rendered();
		}, 250, () => clock);
		t.request();
		clock = 10;
		t.request();
		expect([renders, vi.getTimerCount()]).toEqual([1, 1]);
		t.rendered();
		expect(vi.getTimerCount()).toBe(0);
		t.request();
		expect(vi.getTimerCount()).toBe(1);
		t.cancel();
		expect(vi.getTimerCount()).toBe(0);
		vi.advanceTimersByTime(1000);
		expect(renders).toBe(1);
		clock = 20;
		t.request();
		t.flush();
		expect([renders, vi.getTimerCount()]).toEqual([2, 0]);
	});
});

/** Lets the stand-in's metadata parses and fs promises run, without drawing what the throttle holds. */
async function drain(app: App): Promise<void> {
	for (let i = 0; i < 3; i++) {
		await app.metadataCache.settle();
		await new Promise<void>((r) => setImmediate(r));
	}
}

function needsReviewCount(root: HTMLElement): string {
	return root.querySelector('.session-brief-section[data-section="needsReview"] .session-brief-count')?.textContent ?? '';
}

describe('the sidebar under a burst of edits', () => {
	it('draws the first edit at once, then the burst once at the end of the interval with its final state; no render after the view closed', async () => {
		started = await startPlugin(tempVault(FIXTURE));
		const s = started;
		const renders = vi.spyOn(ReviewView.prototype, 'render');
		s.stub.commands.find((c) => c.id === 'open-review-sidebar')?.callback?.();
		await drain(s.app);
		const leaf = s.app.workspace.getLeavesOfType(VIEW_TYPE_REVIEW)[0];
		if (leaf === undefined) throw new Error('view not open');
		const root = (leaf.view as unknown as { contentEl: HTMLElement }).contentEl;
		expect(needsReviewCount(root)).toBe('4');
		// Quiet for a whole interval: the next edit is drawn at once (the vault's `modify`), and the
		// metadata cache's parse right after it at the end of the interval.
		await new Promise((r) => setTimeout(r, RENDER_INTERVAL_MS + 50));
		const before = renders.mock.calls.length;
		const first = s.app.vault.getFileByPath('Notes/Plain.md');
		if (first === null) throw new Error('no note');
		await s.app.vault.modify(first, '#needs-review now\n');
		expect(renders.mock.calls.length).toBe(before + 1);
		await drain(s.app);
		await new Promise((r) => setTimeout(r, RENDER_INTERVAL_MS + 50));
		expect(needsReviewCount(root)).toBe('5');
		expect(renders.mock.calls.length).toBe(before + 2);
		// A burst of twenty new flagged notes: at most one render per interval while it lasts (plus the
		// leading one), however many changes it sends...
		await new Promise((r) => setTimeout(r, RENDER_INTERVAL_MS + 50));
		const burstStart = performance.now();
		const atBurst = renders.mock.calls.length;
		fs.mkdirSync(path.join(s.base, 'Burst'), { recursive: true });
		for (let i = 0; i < 20; i++) await s.app.vault.create(`Burst/n${i}.md`, '#needs-review\n');
		await drain(s.app);
		const during = renders.mock.calls.length - atBurst;
		const allowed = 1 + Math.ceil((performance.now() - burstStart) / RENDER_INTERVAL_MS);
		expect(during).toBeGreaterThanOrEqual(1);
		expect(during).toBeLessThanOrEqual(allowed);
		// ...and the last one, at the end of the interval, draws all of them.
		await new Promise((r) => setTimeout(r, RENDER_INTERVAL_MS + 50));
		expect(needsReviewCount(root)).toBe('25');
		// An edit, then the view closes before its trailing render: nothing draws into the closed view.
		await new Promise((r) => setTimeout(r, RENDER_INTERVAL_MS + 50));
		await s.app.vault.modify(first, 'clean\n');
		await s.app.vault.modify(first, '#needs-review again\n');
		await drain(s.app);
		const atClose = renders.mock.calls.length;
		leaf.detach();
		await new Promise((r) => setTimeout(r, RENDER_INTERVAL_MS + 50));
		expect(renders.mock.calls.length).toBe(atClose);
	});
});
