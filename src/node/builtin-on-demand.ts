/**
 * A Node built-in module loaded when first used instead of when the file loads. A bundled import
 * is loaded at start-up, and some built-ins cost every hook start a measurable share of its time
 * (child_process brings the networking and stream modules with it) although only one platform's
 * path uses them (docs/bench/README.md, "Tier 1 in wall clock: where the time goes").
 */
import { createRequire } from 'node:module';

type GetBuiltin = (id: string) => unknown;

export function builtinOnDemand<T>(id: `node:${string}`): T {
	// Node 20.16 and later have a loader that needs no file to resolve from; older ones get `require`.
	const get = (process as { getBuiltinModule?: GetBuiltin }).getBuiltinModule;
	return (typeof get === 'function' ? get(id) : createRequire(__filename)(id)) as T;
}
