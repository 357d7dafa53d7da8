/**
 * The bridge beside session-brief.start.cjs and session-brief.edit.cjs, as the hook entry
 * (src/node/hosts/hook-files/hook-entry.cjs) loads it: through V8's code cache, as a program or as a
 * library. The entry hands these files its loader when it runs them, so there is one loader, in
 * the file every hook runs first.
 */
import * as path from 'node:path';
import type { BridgeExports } from '../src/node/agent-library';

declare const BRIDGE_VERSION: string;
declare const module: Record<string, unknown>;

/** The name the hook entry gives its loader on this file's module (src/node/hosts/hook-files/hook-entry.cjs). */
export const LOAD_BRIDGE = 'sessionBriefLoadBridge';

type LoadBridge = (asLibrary: boolean) => unknown;

/** This file's own name, for messages that tell the user which of the installed files spoke. */
function ownName(): string {
	return path.basename(__filename);
}

function loader(): LoadBridge {
	const load = module[LOAD_BRIDGE];
	if (typeof load !== 'function') throw new Error(`${ownName()} runs through the hook entry beside it: run "node session-brief.cjs ${process.argv[2] ?? 'session-start'}"`);
	return load as LoadBridge;
}

/** Runs the bridge's command line with this process's arguments. */
export function runBridge(): void {
	asked = true;
	loader()(false);
}

let loaded: BridgeExports | undefined;
let asked = false;

/** Whether this run loaded the bridge (or tried to): what it started may still be under way at the end. */
export function bridgeAsked(): boolean {
	return asked;
}

/**
 * The bridge as a library, loaded once. It must be of this file's release: the two exchange the
 * brief's run state and the vault's settings, whose shape only one release knows.
 */
export function bridgeLibrary(): BridgeExports {
	if (loaded !== undefined) return loaded;
	asked = true;
	const exported = loader()(true) as Partial<BridgeExports>;
	if (typeof exported.localTiers !== 'function' || typeof exported.editCheck !== 'function' || exported.version !== BRIDGE_VERSION) {
		const found = typeof exported.version === 'string' ? `version ${exported.version}` : 'an older version';
		throw new Error(`the bridge beside the hook entry is ${found}, ${ownName()} ${BRIDGE_VERSION}; run install again to put the files of one release in place`);
	}
	loaded = exported as BridgeExports;
	return loaded;
}
