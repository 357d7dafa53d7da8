/** Obsidian's `Events` and `EventRef`, as the stand-in's classes share them. */

type Handler = (...data: unknown[]) => unknown;

export interface EventRef {
	e: Events;
	name: string;
	fn: Handler;
}

export class Events {
	private readonly handlers = new Map<string, Handler[]>();

	on(name: string, fn: Handler): EventRef {
		const list = this.handlers.get(name) ?? [];
		list.push(fn);
		this.handlers.set(name, list);
		return { e: this, name, fn };
	}

	off(name: string, fn: Handler): void {
		this.handlers.set(name, (this.handlers.get(name) ?? []).filter((h) => h !== fn));
	}

	offref(ref: EventRef): void {
		ref.e.off(ref.name, ref.fn);
	}

	trigger(name: string, ...data: unknown[]): void {
		for (const fn of [...(this.handlers.get(name) ?? [])]) fn(...data);
	}

	/** Test helper: how many handlers are registered, to prove cleanup on unload. */
	listenerCount(name: string): number {
		return (this.handlers.get(name) ?? []).length;
	}
}
