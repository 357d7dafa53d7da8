/**
 * The bridge beside the hook entry (session-brief.bridge.cjs), run as a program or loaded as a
 * library, compiled with the help of V8's code cache.
 *
 * Compiling the whole bridge at every hook would cost more than the rest of the run, so the
 * compiled form V8 makes of it is kept beside it (session-brief.bridge.cjs.v8cache), made on the
 * first run and remade whenever V8 rejects it (a changed bridge or another Node). V8 checks the
 * cache against the source it is given, so the code that runs is always exactly the text of
 * session-brief.bridge.cjs. Anyone who can write the cache file can write the bridge beside it, so
 * the cache adds nothing to trust. Without write access the bridge simply runs uncached.
 */
import * as fs from 'node:fs';
import Module from 'node:module';
import * as path from 'node:path';
import * as vm from 'node:vm';
import { LIBRARY_MARK, type BridgeExports } from '../src/node/agent-library';
import { BRIDGE_NAME } from '../src/node/agents/command-line';

declare const BRIDGE_VERSION: string;

/** Node's loader internals this file uses to make the bridge its own module, as `node FILE` would. */
interface NodeModuleStatics {
	wrap(source: string): string;
	_nodeModulePaths(dir: string): string[];
}

function compile(file: string): vm.Script {
	const cacheFile = `${file}.v8cache`;
	// A shebang line is not JavaScript; blank it out (keeping line numbers) as Node's loader does.
	const source = fs.readFileSync(file, 'utf8').replace(/^#!.*/, '');
	let cachedData: Buffer | undefined;
	try {
		cachedData = fs.readFileSync(cacheFile);
	} catch {
		cachedData = undefined;
	}
	const script = new vm.Script((Module as unknown as NodeModuleStatics).wrap(source), { filename: file, cachedData });
	if (cachedData === undefined || script.cachedDataRejected === true) {
		// After the run, so the cache also holds the functions this run compiled lazily.
		process.once('exit', () => {
			try {
				const tmp = `${cacheFile}.${process.pid}.tmp`;
				fs.writeFileSync(tmp, script.createCachedData());
				fs.renameSync(tmp, cacheFile);
			} catch {
				// A read-only folder only means no cache: the next run compiles again.
			}
		});
	}
	return script;
}

/** Runs the bridge as Node would run `node session-brief.bridge.cjs`: its own module, require and paths. */
function instantiate(file: string, asLibrary: boolean): unknown {
	const script = compile(file);
	const bridge = new Module(file);
	bridge.filename = file;
	bridge.paths = (Module as unknown as NodeModuleStatics)._nodeModulePaths(path.dirname(file));
	if (asLibrary) (bridge as unknown as Record<string, unknown>)[LIBRARY_MARK] = true;
	const run = script.runInThisContext() as (...args: unknown[]) => void;
	run.call(bridge.exports, bridge.exports, Module.createRequire(file), bridge, file, path.dirname(file));
	return bridge.exports;
}

/** The bridge file beside the running hook entry. */
export function bridgeBeside(entryFile: string): string {
	return path.join(path.dirname(entryFile), BRIDGE_NAME);
}

/** Runs the bridge's command line with this process's arguments. */
export function runBridge(file: string): void {
	instantiate(file, false);
}

let loaded: BridgeExports | undefined;

/**
 * The bridge as a library, loaded once. It must be of this entry's release: the two exchange the
 * brief's run state, whose shape only one release knows.
 */
export function bridgeLibrary(file: string): BridgeExports {
	if (loaded !== undefined) return loaded;
	const exported = instantiate(file, true) as Partial<BridgeExports>;
	if (typeof exported.localTiers !== 'function' || exported.version !== BRIDGE_VERSION) {
		const found = typeof exported.version === 'string' ? `version ${exported.version}` : 'an older version';
		throw new Error(`the bridge beside the hook entry (${file}) is ${found}, the entry ${BRIDGE_VERSION}; run install again to put both of one release in place`);
	}
	loaded = exported as BridgeExports;
	return loaded;
}
