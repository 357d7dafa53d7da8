/**
 * Where the brief's tiers past tier 1 come from (brief-source.ts). The bridge loads them from its
 * own bundle. The hook entry holds tier 1's code only and builds this module from
 * bridge/local-tiers-from-bridge.ts instead, which loads them from the bridge file beside it: a
 * session start that tier 1 serves never loads the scan, the YAML parser or the date library.
 */
export type LocalTiers = typeof import('./brief-source');

export function localTiers(): Promise<LocalTiers> {
	return import('./brief-source');
}
