/**
 * session-brief.edit.cjs's stand-in for src/node/check/edit-check-source.ts (esbuild.config.mjs puts it
 * in place): the rule check after an edit comes from the bridge beside it, loaded only for an edit
 * inside the rule scope, so the file itself holds the edit hooks' common path only.
 */
import type { editCheck as fromOwnBundle, EditCheck } from '../src/node/check/edit-check-source';
import { bridgeLibrary } from './bridge-file';

export type { EditCheck };

export const editCheck: typeof fromOwnBundle = () => bridgeLibrary().editCheck();
