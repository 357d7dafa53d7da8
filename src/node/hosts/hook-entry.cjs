#!/usr/bin/env node
/*
 * Session Brief: the entry point agents run as a hook (`node session-brief.cjs session-start`).
 *
 * It runs one of the three files beside it, all readable source (install writes all four; this
 * file is src/node/hosts/hook-entry.cjs in Session Brief's repository):
 *   session-brief.start.cjs   a session start, up to the answer from the cache the Obsidian plugin
 *                             keeps current (the common case), a small file;
 *   session-brief.edit.cjs    the hooks around an edit, short of the rule check, a small file;
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

// The vault may be a clone or a synced folder: anyone could plant a link, a FIFO or a folder where
// these files belong. So each is opened without following a link and without waiting, and read only
// when it is a regular file; the code cache is written only into this folder of the vault, under a
// fresh name created exclusively, then renamed into place (a rename replaces a link, never writes
// through it). docs/design.md, "The trust boundary".
const C = fs.constants;
const READ_FLAGS = C.O_RDONLY | (C.O_NOFOLLOW || 0) | (C.O_NONBLOCK || 0);
const CREATE_FLAGS = C.O_WRONLY | C.O_CREAT | C.O_EXCL | (C.O_NOFOLLOW || 0);

function readRegular(file) {
	const fd = fs.openSync(file, READ_FLAGS);
	try {
		if (!fs.fstatSync(fd).isFile()) throw new Error(`${path.basename(file)} is not a regular file`);
		return fs.readFileSync(fd);
	} finally {
		fs.closeSync(fd);
	}
}

// A vault's <vault>/.claude/hooks gets a cache only while it is that folder by its real path (no
// link between); a folder that is no vault's (the Claude Code plugin's own, a clone) is ours.
function cacheFolderInVault() {
	try {
		const hooks = path.dirname(path.resolve(process.argv[1] || __filename));
		if (path.basename(hooks) !== 'hooks' || path.basename(path.dirname(hooks)) !== '.claude') return true;
		const vault = path.dirname(path.dirname(hooks));
		return fs.realpathSync(__dirname) === path.join(fs.realpathSync(vault), '.claude', 'hooks');
	} catch {
		return false;
	}
}

function writeCache(cacheFile, data) {
	if (!cacheFolderInVault()) return;
	const tmp = `${cacheFile}.${process.pid}.${Math.random().toString(16).slice(2)}${Math.random().toString(16).slice(2)}.tmp`;
	const fd = fs.openSync(tmp, CREATE_FLAGS, 0o644);
	try {
		try {
			fs.writeSync(fd, data);
		} finally {
			fs.closeSync(fd);
		}
		fs.renameSync(tmp, cacheFile);
	} catch (error) {
		fs.rmSync(tmp, { force: true });
		throw error;
	}
}

function compiled(file) {
	const cacheFile = `${file}.v8cache`;
	// A shebang line is not JavaScript; blank it out (keeping line numbers) as Node's loader does.
	const source = readRegular(file).toString('utf8').replace(/^#!.*/, '');
	let cachedData;
	try {
		cachedData = readRegular(cacheFile);
	} catch {
		cachedData = undefined;
	}
	const script = new vm.Script(Module.wrap(source), { filename: file, cachedData });
	if (cachedData === undefined || script.cachedDataRejected) {
		// After the run, so the cache also holds the functions this run compiled lazily.
		process.once('exit', () => {
			try {
				writeCache(cacheFile, script.createCachedData());
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
function isRegular(file) {
	try {
		return fs.lstatSync(file).isFile();
	} catch {
		return false;
	}
}

// A hook fails open: files that cannot be run (damaged, replaced by a link) never cost the session
// its start or its edit; the session start says what to do instead. Other commands fail as usual.
function failOpen(error) {
	if (!['session-start', 'post-tool-use', 'pre-tool-use', 'turn-end'].includes(process.argv[2])) throw error;
	if (process.argv[2] === 'turn-end') fs.writeSync(1, '{}\n');
	if (process.argv[2] === 'session-start') {
		const text = `Session brief: the hook files in ${__dirname} cannot be run (${String(error && error.message).slice(0, 200)}); run install again.`;
		const json = JSON.stringify({ hookSpecificOutput: { hookEventName: 'SessionStart', additionalContext: text } }).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
		fs.writeSync(1, `${json}\n`);
	}
	process.exitCode = 0;
}

try {
	if (small !== null && isRegular(small)) run(small, { [LOAD_BRIDGE]: loadBridge });
	else loadBridge(false);
} catch (error) {
	failOpen(error);
}
