/**
 * session-brief.start.cjs's stand-in for src/node/tiers/local-tiers.ts (esbuild.config.mjs puts it in
 * place): the tiers past tier 1 come from the bridge beside it, loaded only when a run gets to them,
 * so the file itself holds tier 1's code only.
 */
import type { localTiers as fromOwnBundle, LocalTiers } from '../src/node/tiers/local-tiers';
import { bridgeLibrary } from './bridge-file';

export type { LocalTiers };

export const localTiers: typeof fromOwnBundle = () => bridgeLibrary().localTiers();
