#!/usr/bin/env node
/*
 * Session Brief: the entry point agents run as a hook (`node session-brief.cjs session-start`).
 *
 * It runs one of the three files beside it, all readable source (install writes all four; this
 * file is src/node/agents/hook-entry.cjs in Session Brief's repository):
 *   session-brief.start.cjs   a session start, up to the answer from the cache the Obsidian plugin
 *                             keeps current (the common case), about 80 KB;
 *   session-brief.edit.cjs    the hooks around an edit, short of the rule check, about 60 KB;
 *   session-brief.bridge.cjs  the bridge: every command, and what those two load from it.
 * The only thing this file adds is speed: a hook runs at every session start and after every edit,
 * and compiling its code each time would cost more than the rest of the run. So the compiled form
 * V8 makes of each file is kept beside it (<file>.v8cache), made on the first run and remade
 * whenever V8 rejects it (a changed file or another Node). V8 checks the cache against the source
 * it is given, so the code that runs is always exactly the text of the file. Anyone who can write
 * the cache can write the file beside it, so the cache adds nothing to trust. Without write access
 * the files simply run uncached.
 *
 * `node session-brief.bridge.cjs <command>` runs the same commands without this file.
 */
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const vm = require('node:vm');
const Module = require('node:module');

const BRIDGE = path.join(__dirname, 'session-brief.bridge.cjs');
const START = path.join(__dirname, 'session-brief.start.cjs');
const EDIT = path.join(__dirname, 'session-brief.edit.cjs');
// The bridge runs no command line when its module carries this mark (src/node/agent-library.ts).
const LIBRARY_MARK = 'sessionBriefLibrary';
// How session-brief.start.cjs and session-brief.edit.cjs ask for the bridge (bridge/bridge-file.ts).
const LOAD_BRIDGE = 'sessionBriefLoadBridge';

function compiled(file) {
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
	return script;
}

// Runs a file as Node would run `node <file>`: its own module, require and paths.
function run(file, marks) {
	const script = compiled(file);
	const mod = new Module(file, module);
	mod.filename = file;
	mod.paths = Module._nodeModulePaths(__dirname);
	Object.assign(mod, marks);
	script.runInThisContext().call(mod.exports, mod.exports, Module.createRequire(file), mod, file, __dirname);
	return mod.exports;
}

const loadBridge = (asLibrary) => run(BRIDGE, asLibrary ? { [LIBRARY_MARK]: true } : {});

// The small file for the command; an install of an earlier version may lack it.
const small = process.argv[2] === 'session-start' ? START : ['post-tool-use', 'pre-tool-use'].includes(process.argv[2]) ? EDIT : null;
if (small !== null && fs.existsSync(small)) run(small, { [LOAD_BRIDGE]: loadBridge });
else loadBridge(false);
