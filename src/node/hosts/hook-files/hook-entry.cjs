#!/usr/bin/env node
/*
 * Session Brief: the entry point agents run as a hook (`node session-brief.cjs session-start`).
 * It runs the start, edit or bridge file beside it with V8's compiled form of that file, kept in the
 * per-user state folder with the exact bytes it was made from, so a hook does not compile its code
 * on every run and a planted cache cannot run other code (docs/design.md, "What lives outside the
 * vault"). `node session-brief.bridge.cjs <command>` runs the same commands without this file.
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
// when it is a regular file. docs/design.md, "The trust boundary".
const C = fs.constants;
const READ_FLAGS = C.O_RDONLY | (C.O_NOFOLLOW || 0) | (C.O_NONBLOCK || 0);
const CREATE_FLAGS = C.O_WRONLY | C.O_CREAT | C.O_EXCL | (C.O_NOFOLLOW || 0);

function readRegular(file, mine) {
	const fd = fs.openSync(file, READ_FLAGS);
	try {
		const st = fs.fstatSync(fd);
		if (!st.isFile()) throw new Error(`${path.basename(file)} is not a regular file`);
		// A code cache counts only when this user wrote it and no one else may change it.
		// (Windows has neither owners nor mode bits here: there the folder's own permissions guard it.)
		if (mine && process.platform !== 'win32' && ((st.mode & 0o022) !== 0 || st.uid !== process.getuid())) throw new Error('not ours');
		return fs.readFileSync(fd);
	} finally {
		fs.closeSync(fd);
	}
}

// `code-cache/<hash of this folder's real path>-<name>.v8cache` in Session Brief's per-user folder
// (src/node/journal/user-state-dir.ts and src/node/hosts/hook-files/code-cache.ts spell the same names; the
// hash is the 64-bit FNV-1a of src/core/file-key.ts: no crypto module to load).
function cacheFileFor(file) {
	const env = process.env;
	const home = () => require('node:os').homedir();
	const state = env.SESSION_BRIEF_STATE_DIR
		|| (process.platform === 'win32' ? path.join(env.LOCALAPPDATA || path.join(home(), 'AppData', 'Local'), 'session-brief')
		: process.platform === 'darwin' ? path.join(home(), 'Library', 'Application Support', 'session-brief')
		: path.join(env.XDG_STATE_HOME || path.join(home(), '.local', 'state'), 'session-brief'));
	let h = 0xcbf29ce484222325n;
	for (const byte of Buffer.from(fs.realpathSync(path.dirname(file)), 'utf8')) h = ((h ^ BigInt(byte)) * 0x100000001b3n) & 0xffffffffffffffffn;
	return path.join(state, 'code-cache', `${h.toString(16).padStart(16, '0')}-${path.basename(file)}.v8cache`);
}

// A cache file holds the length and the exact bytes it was compiled from, then V8's data: it counts
// only for a file of those very bytes (V8 itself checks no more than the length).
function packCache(bytes, data) {
	const head = Buffer.alloc(4);
	head.writeUInt32LE(bytes.length);
	return Buffer.concat([head, bytes, data]);
}
function unpackCache(packed, bytes) {
	const ours = packed.length >= 4 + bytes.length && packed.readUInt32LE(0) === bytes.length && packed.subarray(4, 4 + bytes.length).equals(bytes);
	return ours ? packed.subarray(4 + bytes.length) : undefined;
}

function writeCache(cacheFile, data) {
	const dir = path.dirname(cacheFile);
	fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
	const tmp = `${cacheFile}.${process.pid}.${Math.random().toString(16).slice(2)}${Math.random().toString(16).slice(2)}.tmp`;
	const fd = fs.openSync(tmp, CREATE_FLAGS, 0o600);
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
	// Caches of files no longer installed anywhere go after 30 days untouched.
	for (const name of fs.readdirSync(dir)) {
		const st = fs.lstatSync(path.join(dir, name), { throwIfNoEntry: false });
		if (name.endsWith('.v8cache') && st?.isFile() && Date.now() - st.mtimeMs > 30 * 86_400_000) fs.rmSync(path.join(dir, name), { force: true });
	}
}

function compiled(file) {
	const bytes = readRegular(file, false);
	// A shebang line is not JavaScript; blank it out (keeping line numbers) as Node's loader does.
	const source = bytes.toString('utf8').replace(/^#!.*/, '');
	let cacheFile = null;
	let cachedData;
	try {
		cacheFile = cacheFileFor(file);
		cachedData = unpackCache(readRegular(cacheFile, true), bytes);
	} catch {
		cachedData = undefined;
	}
	const script = new vm.Script(Module.wrap(source), { filename: file, cachedData });
	// The status line leaves the writing to a session start: a cache holds only what the run that wrote
	// it compiled, and the start file serves both, the session start being the one that must be quick.
	const writes = process.argv[2] !== 'statusline';
	if (writes && cacheFile !== null && (cachedData === undefined || script.cachedDataRejected)) {
		// After the run, so the cache also holds the functions this run compiled lazily.
		process.once('exit', () => {
			try {
				writeCache(cacheFile, packCache(bytes, script.createCachedData()));
			} catch {
				// A folder that cannot be written only means no cache: the next run compiles again.
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
const small = ['session-start', 'statusline'].includes(process.argv[2]) ? START : ['post-tool-use', 'pre-tool-use'].includes(process.argv[2]) ? EDIT : null;
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
	if (!['session-start', 'post-tool-use', 'pre-tool-use', 'turn-end', 'statusline'].includes(process.argv[2])) throw error;
	if (process.argv[2] === 'turn-end') fs.writeSync(1, '{}\n');
	if (process.argv[2] === 'statusline') fs.writeSync(1, '\n');
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
