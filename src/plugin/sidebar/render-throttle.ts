/**
 * At most one render per interval while changes come in bursts (an agent or a sync writing many
 * notes a second), without delaying the first: a change after a quiet interval renders at once
 * (leading); changes inside the interval are coalesced into one render at its end (trailing), which
 * draws the latest state. The pending timer is the caller's to cancel when it closes.
 */
export class RenderThrottle {
	private last = Number.NEGATIVE_INFINITY;
	private timer: number | null = null;

	constructor(
		private readonly render: () => void,
		private readonly intervalMs: number,
		private readonly now: () => number = () => performance.now(),
	) {}

	/** Something changed: render now, or once at the end of the current interval. */
	request(): void {
		if (this.timer !== null) return;
		const wait = this.last + this.intervalMs - this.now();
		if (wait <= 0) {
			this.render();
			return;
		}
		this.timer = window.setTimeout(() => {
			this.timer = null;
			this.render();
		}, wait);
	}

	/** A render happened (asked for or not): it starts the interval, and a pending one is not needed. */
	rendered(): void {
		this.last = this.now();
		this.cancel();
	}

	/** True while a trailing render waits. */
	get pending(): boolean {
		return this.timer !== null;
	}

	/** Runs a waiting render now (tests, and a view about to be read). */
	flush(): void {
		if (this.timer === null) return;
		this.cancel();
		this.render();
	}

	cancel(): void {
		if (this.timer === null) return;
		window.clearTimeout(this.timer);
		this.timer = null;
	}
}
