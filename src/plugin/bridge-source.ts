/**
 * The hook bridge bundle, embedded in main.js as text: a community plugin release ships only
 * main.js, manifest.json and styles.css, so *Install agent hooks* copies the bridge from here
 *. esbuild builds the bridge before the plugin, so this is always the current bundle.
 */
import bridgeSource from '../../bridge/dist/session-brief.cjs';

declare const BRIDGE_VERSION: string | undefined;

export const BRIDGE_SOURCE: string = bridgeSource;

/** The plugin build defines the bridge's version as the bridge build does; tests fall back to the manifest's. */
export function embeddedBridgeVersion(fallback: string): string {
	return typeof BRIDGE_VERSION === 'string' ? BRIDGE_VERSION : fallback;
}
