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
var path2 = require("node:path");

// src/node/claude-plugin.ts
var fs = require("node:fs");
var path = require("node:path");
var PLUGIN_HOOK_EVENTS = { "session-start": "SessionStart", "post-tool-use": "PostToolUse", "pre-tool-use": "PreToolUse" };
function claudeUserFolder(env, home) {
  const given = env.CLAUDE_CONFIG_DIR;
  return given !== void 0 && given !== "" ? path.resolve(given) : path.join(home, ".claude");
}
function isFolder(p) {
  try {
    return fs.statSync(p).isDirectory();
  } catch {
    return false;
  }
}
function vaultAbove(start) {
  let dir = path.resolve(start);
  for (; ; ) {
    if (isFolder(path.join(dir, ".obsidian")) || fs.existsSync(path.join(dir, ".claude", "hooks", "session-brief.json"))) return dir;
    const up = path.dirname(dir);
    if (up === dir) return null;
    dir = up;
  }
}
function readJsonObject(file) {
  try {
    const value = JSON.parse(fs.readFileSync(file, "utf8").replace(/^\uFEFF/, ""));
    return value !== null && typeof value === "object" && !Array.isArray(value) ? value : null;
  } catch {
    return null;
  }
}
function sessionSettingsFiles(projectDir, env, home) {
  return [
    { scope: "user", file: path.join(claudeUserFolder(env, home), "settings.json") },
    { scope: "project", file: path.join(projectDir, ".claude", "settings.json") },
    { scope: "local", file: path.join(projectDir, ".claude", "settings.local.json") }
  ];
}
function codexHookFiles(projectDir, env, home) {
  const given = env.CODEX_HOME;
  const user = given !== void 0 && given !== "" ? path.resolve(given) : path.join(home, ".codex");
  return [path.join(user, "hooks.json"), path.join(projectDir, ".codex", "hooks.json")];
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
  const entry = path.join(vault, ".claude", "hooks", "session-brief.cjs");
  if (!fs.existsSync(entry)) return false;
  const files = host === "codex" ? codexHookFiles(projectDir, env, home) : sessionSettingsFiles(projectDir, env, home).map((f) => f.file);
  for (const file of files) {
    const settings = readJsonObject(file);
    if (settings === null || settings.disableAllHooks === true) continue;
    if (commandsFor(settings, event).some((c) => c.includes(entry))) return true;
  }
  return false;
}

// bridge/plugin-file.ts
var ENTRY = path2.join(__dirname, "session-brief.cjs");
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
