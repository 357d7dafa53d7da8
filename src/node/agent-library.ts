/**
 * The bridge as a library for the two small files the hook entry runs instead of it:
 * session-brief.start.cjs calls the brief's tiers past tier 1 (bridge/start-file.ts) and
 * session-brief.edit.cjs the rule check after an edit (bridge/edit-file.ts). This file holds only
 * types and one name, so importing it costs neither of them any code.
 */
import type { LocalTiers } from './tiers/local-tiers';
import type { EditCheck } from './check/edit-check-source';

/**
 * Set on the `module` object by a loader that wants the bridge as a library: the bridge then runs
 * no command when it loads (a program run has no such mark, so it runs its command line).
 */
export const LIBRARY_MARK = 'sessionBriefLibrary';

/** What the bridge file exports. */
export interface BridgeExports {
	/** The brief's tiers past tier 1, for the hook entry, which holds tier 1 only. */
	localTiers(): Promise<LocalTiers>;
	/** The rule check after an edit, for session-brief.edit.cjs, which holds the edit hooks' common path only. */
	editCheck(): Promise<EditCheck>;
	/** The release the file belongs to: the hook entry uses the tiers of its own release only. */
	version: string;
}
