/**
 * Where the rule check after an edit comes from (edit-check.ts). The bridge loads it from its own
 * bundle. session-brief.edit.cjs, which holds the edit hooks' common path only, builds this module
 * from bridge/edit-check-from-bridge.ts instead, which loads it from the bridge file beside it: an
 * edit outside the rule scope never loads the check engine.
 */
export type EditCheck = typeof import('./edit-check');

export function editCheck(): Promise<EditCheck> {
	return import('./edit-check');
}
