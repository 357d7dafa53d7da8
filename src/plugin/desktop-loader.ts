/**
 * The one door to the desktop-only parts. The dynamic import sits behind `Platform.isDesktopApp`:
 * esbuild keeps a dynamically imported module (and all it alone imports) in a lazily run wrapper
 * inside main.js, so on mobile not one of its `require` calls for Node's modules ever runs
 * (tests/plugin/build/mobile-load.test.ts loads the built main.js with a `require` that throws for them).
 */
import { Platform } from 'obsidian';
import type { DesktopHost, DesktopParts } from './desktop-parts';

/** `alive` is asked after the import: parts made for an unloaded plugin would register timers nobody clears. */
export async function loadDesktopParts(host: DesktopHost, alive: () => boolean): Promise<DesktopParts | null> {
	if (!Platform.isDesktopApp) return null;
	const { DesktopParts } = await import('./desktop-parts');
	return alive() ? new DesktopParts(host) : null;
}
