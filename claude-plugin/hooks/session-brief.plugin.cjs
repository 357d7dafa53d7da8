/*
 * Session Brief plugin hooks 0.1.0, bundled by esbuild from the TypeScript sources of this
 * repository (bridge/plugin-file.ts and what it imports). The Claude Code plugin's hooks run it; it
 * finds the vault from the folder the session started in and runs the hook entry beside it
 * (session-brief.cjs) for that vault.
 */
"use strict";
var __create = Object.create;
var __defProp = Object.defineProperty;
var __getOwnPropDesc = Object.getOwnPropertyDescriptor;
var __getOwnPropNames = Object.getOwnPropertyNames;
var __getProtoOf = Object.getPrototypeOf;
var __hasOwnProp = Object.prototype.hasOwnProperty;
var __copyProps = (to, from, except, desc) => {
  if (from && typeof from === "object" || typeof from === "function") {
    for (let key of __getOwnPropNames(from))
      if (!__hasOwnProp.call(to, key) && key !== except)
        __defProp(to, key, { get: () => from[key], enumerable: !(desc = __getOwnPropDesc(from, key)) || desc.enumerable });
  }
  return to;
};
var __toESM = (mod, isNodeMode, target) => (target = mod != null ? __create(__getProtoOf(mod)) : {}, __copyProps(
  // If the importer is in node compatibility mode or this is not an ESM
  // file that has been converted to a CommonJS file using a Babel-
  // compatible transform (i.e. "__esModule" has not been set), then set
  // "default" to the CommonJS "module.exports" for node compatibility.
  isNodeMode || !mod || !mod.__esModule ? __defProp(target, "default", { value: mod, enumerable: true }) : target,
  mod
));

// bridge/plugin-file.ts
var import_node_module = require("node:module");
var os = require("node:os");
var path3 = require("node:path");

// src/node/hosts/claude-plugin.ts
var fs2 = require("node:fs");
var path2 = require("node:path");

// src/node/state-file.ts
var fs = require("node:fs");
var C = fs.constants;
var NOFOLLOW = C.O_NOFOLLOW ?? 0;
var NONBLOCK = C.O_NONBLOCK ?? 0;
var READ_FLAGS = C.O_RDONLY | NOFOLLOW | NONBLOCK;
var CREATE_FLAGS = C.O_WRONLY | C.O_CREAT | C.O_EXCL | NOFOLLOW;
var APPEND_FLAGS = C.O_RDWR | C.O_APPEND | C.O_CREAT | NOFOLLOW | NONBLOCK;
var TRACE = process.env.SESSION_BRIEF_STATE_TRACE;
var foldCase = process.platform === "darwin" || process.platform === "win32";
var UNCLEAN = process.platform === "win32" ? /(?:)/ : /\/\/|\/\.{1,2}(?:\/|$)|.\/$/;
function describe(st) {
  if (st.isSymbolicLink()) return "is a symbolic link";
  if (st.isDirectory()) return "is a folder";
  if (st.isFIFO()) return "is a FIFO (named pipe)";
  if (st.isSocket()) return "is a socket";
  if (st.isCharacterDevice() || st.isBlockDevice()) return "is a device";
  return "is not a regular file";
}
function readRange(fd, from, maxBytes) {
  const size = fs.fstatSync(fd).size;
  const length = Math.max(0, Math.min(size - from, maxBytes));
  const buf = Buffer.allocUnsafe(length);
  let got = 0;
  while (got < length) {
    const n = fs.readSync(fd, buf, got, length - got, from + got);
    if (n === 0) break;
    got += n;
  }
  return buf.subarray(0, got);
}
function readAgentSettingsFile(file, maxBytes) {
  let fd;
  try {
    fd = fs.openSync(file, C.O_RDONLY | NONBLOCK);
  } catch (error) {
    if (error.code === "ENOENT") return null;
    throw error;
  }
  try {
    const st = fs.fstatSync(fd);
    if (!st.isFile()) throw new Error(describe(st));
    if (st.size > maxBytes) throw new Error(`larger than ${maxBytes} bytes`);
    return readRange(fd, 0, maxBytes);
  } finally {
    fs.closeSync(fd);
  }
}
function readRegularFile(file, maxBytes) {
  try {
    return readAgentSettingsFile(file, maxBytes);
  } catch {
    return null;
  }
}

// src/node/state-registry.ts
var path = require("node:path");

// src/core/state-names.ts
var JOURNAL_FILE = "agent-changes.jsonl";
var STARTS_LOG = "session-starts.jsonl";

// src/node/state-registry.ts
var LOCK_SUFFIX = ".lock";
var JOURNAL_LOCK = `${JOURNAL_FILE}${LOCK_SUFFIX}`;
var STARTS_LOCK = `${STARTS_LOG}${LOCK_SUFFIX}`;
var SCRIPT_NAME = "session-brief.cjs";
var MANIFEST_NAME = "session-brief.json";
function hooksFolder(vault) {
  return path.join(vault, ".claude", "hooks");
}

// src/core/hosts/host.ts
var HOOK_COMMANDS = { SessionStart: "session-start", PostToolUse: "post-tool-use", PreToolUse: "pre-tool-use", Stop: "turn-end", SessionEnd: "turn-end" };

// src/node/hosts/claude-plugin.ts
var PLUGIN_HOOK_EVENTS = Object.fromEntries(
  Object.entries(HOOK_COMMANDS).reverse().map(([event, command]) => [command, event])
);
function claudeUserFolder(env, home) {
  const given = env.CLAUDE_CONFIG_DIR;
  return given !== void 0 && given !== "" ? path2.resolve(given) : path2.join(home, ".claude");
}
function isFolder(p) {
  try {
    return fs2.statSync(p).isDirectory();
  } catch {
    return false;
  }
}
function vaultAbove(start) {
  let dir = path2.resolve(start);
  for (; ; ) {
    if (isFolder(path2.join(dir, ".obsidian")) || fs2.existsSync(path2.join(hooksFolder(dir), MANIFEST_NAME))) return dir;
    const up = path2.dirname(dir);
    if (up === dir) return null;
    dir = up;
  }
}
function readJsonObject(file) {
  try {
    const value = JSON.parse((readRegularFile(file, 16 * 1024 * 1024)?.toString("utf8") ?? "").replace(/^\uFEFF/, ""));
    return value !== null && typeof value === "object" && !Array.isArray(value) ? value : null;
  } catch {
    return null;
  }
}
function sessionSettingsFiles(projectDir, env, home) {
  return [
    { scope: "user", file: path2.join(claudeUserFolder(env, home), "settings.json") },
    { scope: "project", file: path2.join(projectDir, ".claude", "settings.json") },
    { scope: "local", file: path2.join(projectDir, ".claude", "settings.local.json") }
  ];
}
function codexUserFolder(env, home) {
  const given = env.CODEX_HOME;
  return given !== void 0 && given !== "" ? path2.resolve(given) : path2.join(home, ".codex");
}
function codexHookFiles(projectDir, env, home) {
  const user = codexUserFolder(env, home);
  return [path2.join(user, "hooks.json"), path2.join(projectDir, ".codex", "hooks.json")];
}
function commandsFor(settings, event) {
  const hooks = settings.hooks;
  if (hooks === null || typeof hooks !== "object") return [];
  const groups = hooks[event];
  if (!Array.isArray(groups)) return [];
  const out = [];
  for (const group of groups) {
    const handlers = group?.hooks;
    if (!Array.isArray(handlers)) continue;
    for (const h of handlers) {
      const { command, args } = h ?? {};
      if (typeof command === "string") out.push(command);
      if (Array.isArray(args)) {
        for (const a of args) if (typeof a === "string") out.push(a);
      }
    }
  }
  return out;
}
function installedHookRuns(vault, projectDir, event, env, home, host = "claude-code") {
  const entry = path2.join(hooksFolder(vault), SCRIPT_NAME);
  if (!fs2.existsSync(entry)) return false;
  const files = host === "codex" ? codexHookFiles(projectDir, env, home) : sessionSettingsFiles(projectDir, env, home).map((f) => f.file);
  for (const file of files) {
    const settings = readJsonObject(file);
    if (settings === null || settings.disableAllHooks === true) continue;
    if (commandsFor(settings, event).some((c) => c.includes(entry))) return true;
  }
  return false;
}

// bridge/plugin-file.ts
var ENTRY = path3.join(__dirname, "session-brief.cjs");
function pluginHook(argv) {
  const command = argv[0] ?? "";
  const event = PLUGIN_HOOK_EVENTS[command];
  if (event === void 0) {
    process.stderr.write(`session-brief.plugin.cjs runs the Claude Code plugin's hooks (${Object.keys(PLUGIN_HOOK_EVENTS).join(", ")}); for ${JSON.stringify(command)} run session-brief.cjs beside it with --vault DIR
`);
    process.exitCode = 2;
    return;
  }
  const rest = argv.slice(1);
  const agentAt = rest.indexOf("--agent");
  const host = agentAt >= 0 && rest[agentAt + 1] === "codex" ? "codex" : "claude-code";
  let vault = null;
  try {
    const env = process.env;
    const project = env.CLAUDE_PROJECT_DIR !== void 0 && env.CLAUDE_PROJECT_DIR !== "" ? env.CLAUDE_PROJECT_DIR : process.cwd();
    vault = vaultAbove(project);
    if (vault !== null && installedHookRuns(vault, project, event, env, env.HOME || env.USERPROFILE || os.homedir(), host)) vault = null;
  } catch {
    vault = null;
  }
  if (vault === null) return;
  process.argv = [process.argv[0] ?? process.execPath, ENTRY, command, "--vault", vault, ...rest];
  (0, import_node_module.createRequire)(__filename)(ENTRY);
}
pluginHook(process.argv.slice(2));
