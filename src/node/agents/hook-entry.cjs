#!/usr/bin/env node
/*
 * Session Brief: the entry point agents run as a hook (`node session-brief.cjs session-start`).
 *
 * It runs session-brief.bridge.cjs, the bridge itself, which sits beside this file as readable
 * source (install writes both; this file is src/node/agents/hook-entry.cjs in Session Brief's repository).
 * The only thing this file adds is speed: a hook runs at every session start and after every edit,
 * and compiling the whole bridge each time would cost more than the rest of the run. So the
 * compiled form V8 makes of the bridge is kept beside it (session-brief.bridge.cjs.v8cache),
 * made on the first run and remade whenever V8 rejects it (a changed bridge or another Node).
 * V8 checks the cache against the source it is given, so the code that runs is always exactly the
 * text of session-brief.bridge.cjs. Anyone who can write the cache file can write the bridge beside it,
 * so the cache adds nothing to trust. Without write access the bridge simply runs uncached.
 *
 * `node session-brief.bridge.cjs <command>` runs the same code without the cache.
 */
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const vm = require('node:vm');
const Module = require('node:module');

const file = path.join(__dirname, 'session-brief.bridge.cjs');
const cacheFile = `${file}.v8cache`;

// A shebang line is not JavaScript; blank it out (keeping line numbers) as Node's loader does.
const source = fs.readFileSync(file, 'utf8').replace(/^#!.*/, '');
let cachedData;
try {
	cachedData = fs.readFileSync(cacheFile);
} catch {
	cachedData = undefined;
}
const script = new vm.Script(Module.wrap(source), { filename: file, cachedData });
if (cachedData === undefined || script.cachedDataRejected) {
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

// Run it as Node would run `node session-brief.bridge.cjs`: its own module, require and paths.
const bridge = new Module(file, module);
bridge.filename = file;
bridge.paths = Module._nodeModulePaths(__dirname);
script.runInThisContext().call(bridge.exports, bridge.exports, Module.createRequire(file), bridge, file, __dirname);
