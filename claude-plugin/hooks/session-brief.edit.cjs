/*
 * Session Brief edit hooks 0.1.0, bundled by esbuild from the TypeScript sources of this
 * repository (bridge/edit-file.ts and what it imports). The hook entry beside it (session-brief.cjs)
 * runs it for the hooks around an agent's edit (post-tool-use, pre-tool-use); it answers an edit
 * outside the rule scope itself and loads the rule check from the bridge beside it
 * (session-brief.bridge.cjs).
 */
"use strict";
var __create = Object.create;
var __defProp = Object.defineProperty;
var __getOwnPropDesc = Object.getOwnPropertyDescriptor;
var __getOwnPropNames = Object.getOwnPropertyNames;
var __getProtoOf = Object.getPrototypeOf;
var __hasOwnProp = Object.prototype.hasOwnProperty;
var __esm = (fn, res, err) => function __init() {
  if (err) throw err[0];
  try {
    return fn && (res = (0, fn[__getOwnPropNames(fn)[0]])(fn = 0)), res;
  } catch (e) {
    throw err = [e], e;
  }
};
var __commonJS = (cb, mod) => function __require() {
  try {
    return mod || (0, cb[__getOwnPropNames(cb)[0]])((mod = { exports: {} }).exports, mod), mod.exports;
  } catch (e) {
    throw mod = 0, e;
  }
};
var __export = (target, all) => {
  for (var name in all)
    __defProp(target, name, { get: all[name], enumerable: true });
};
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

// src/core/i18n.ts
function isLang(value) {
  return value === "en" || value === "de";
}
function translations(table) {
  TABLES.add(table);
  return table;
}
function strings(lang) {
  return BRIEF_TEXT[lang];
}
function resolveLanguage(setting, locale) {
  if (setting !== "auto") return setting;
  const prefix = (locale ?? "").toLowerCase().slice(0, 2);
  return isLang(prefix) ? prefix : "en";
}
var TABLES, en, de, BRIEF_TEXT;
var init_i18n = __esm({
  "src/core/i18n.ts"() {
    "use strict";
    TABLES = /* @__PURE__ */ new WeakSet();
    en = {
      title: (vault) => `Session brief for vault ${vault}`,
      source: { cache: "cached brief", live: "live channel", scan: "own scan of the vault" },
      age: (s) => s < 60 ? `${s} s old` : s < 3600 ? `${Math.floor(s / 60)} min old` : `${Math.floor(s / 3600)} h old`,
      fresh: "just made",
      date: "Date (machine clock)",
      weekdays: ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"],
      dailyNote: "Daily note",
      exists: "exists",
      missing: "missing",
      more: (n) => `+${n} more`,
      none: "none",
      cut: (limit) => `[cut at ${limit} characters; run the bridge's "report" subcommand for everything]`,
      cacheRejected: (why) => `cache ignored, it is damaged: ${why}`
    };
    de = {
      title: (vault) => `Sitzungsbrief f\xFCr den Vault ${vault}`,
      source: { cache: "zwischengespeicherter Stand", live: "Live-Kanal", scan: "eigene Durchsuchung des Vaults" },
      age: (s) => s < 60 ? `${s} s alt` : s < 3600 ? `${Math.floor(s / 60)} min alt` : `${Math.floor(s / 3600)} h alt`,
      fresh: "gerade erstellt",
      date: "Datum (Maschinenuhr)",
      weekdays: ["Sonntag", "Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag"],
      dailyNote: "Tagesnotiz",
      exists: "vorhanden",
      missing: "fehlt",
      more: (n) => `+${n} weitere`,
      none: "keine",
      cut: (limit) => `[bei ${limit} Zeichen gek\xFCrzt; alles zeigt der Unterbefehl "report" der Bridge]`,
      cacheRejected: (why) => `Zwischenspeicher verworfen, er ist besch\xE4digt: ${why}`
    };
    BRIEF_TEXT = translations({ en, de });
  }
});

// src/core/flag-table.ts
var FLAG_TABLE, FLAG_SPECS;
var init_flag_table = __esm({
  "src/core/flag-table.ts"() {
    "use strict";
    FLAG_TABLE = [
      { flag: "needsReview", kind: "hits", tag: { default: "needs-review", label: { en: "Needs review tag", de: "Tag f\xFCr \u201EZu pr\xFCfen\u201C" } } },
      { flag: "review", kind: "hits", tag: { default: "review", label: { en: "Review tag", de: "Tag f\xFCr Review" } } },
      { flag: "reviewDone", kind: "bool", tag: { default: "review-done", label: { en: "Review done tag", de: "Tag f\xFCr erledigtes Review" } } },
      {
        flag: "pendingReview",
        kind: "hits",
        tag: { default: "pending-review", label: { en: "Pending review tag", de: "Tag f\xFCr Regeln zur Pr\xFCfung" } },
        status: { under: "rulesFolder" }
      },
      // An inbox note of type daily is processed (the inbox item leaves it out).
      { flag: "daily", kind: "bool", type: { value: "daily", under: "inboxFolder" } }
    ];
    FLAG_SPECS = FLAG_TABLE;
  }
});

// src/core/settings.ts
function cleanFolder(value) {
  return value.replace(/\\/g, "/").split("/").filter((part) => part !== "" && part !== ".").join("/");
}
function str(value, fallback) {
  return typeof value === "string" ? value : fallback;
}
function folder(value, fallback) {
  return typeof value === "string" ? cleanFolder(value) : fallback;
}
function tagName(value, fallback) {
  if (typeof value !== "string") return fallback;
  const name = value.trim().replace(/^#+/, "");
  return name === "" ? fallback : name;
}
function stringList(value, fallback) {
  if (!Array.isArray(value)) return fallback;
  return value.filter((v) => typeof v === "string" && v.trim() !== "");
}
function resolveSettings(raw) {
  const d = DEFAULT_SETTINGS;
  const r = raw !== null && typeof raw === "object" && !Array.isArray(raw) ? raw : {};
  const t = r.tags !== null && typeof r.tags === "object" ? r.tags : {};
  const max = r.maxNamesPerItem;
  const lang = r.language;
  return {
    inboxFolder: folder(r.inboxFolder, d.inboxFolder),
    rulesFolder: folder(r.rulesFolder, d.rulesFolder),
    sessionsFolder: folder(r.sessionsFolder, d.sessionsFolder),
    dailyNoteFolder: folder(r.dailyNoteFolder, d.dailyNoteFolder),
    dailyNoteFormat: str(r.dailyNoteFormat, d.dailyNoteFormat).trim(),
    tags: Object.fromEntries(TAG_KEYS.map((k) => [k, tagName(t[k], d.tags[k])])),
    excludedRootFolders: stringList(r.excludedRootFolders, d.excludedRootFolders).map(cleanFolder),
    ruleScope: stringList(r.ruleScope, d.ruleScope),
    maxNamesPerItem: typeof max === "number" && Number.isInteger(max) && max >= 0 && max <= 1e3 ? max : d.maxNamesPerItem,
    language: isLang(lang) || lang === "auto" ? lang : d.language,
    liveChannel: typeof r.liveChannel === "boolean" ? r.liveChannel : d.liveChannel,
    showStatusBar: typeof r.showStatusBar === "boolean" ? r.showStatusBar : d.showStatusBar,
    externalCheck: resolveExternalCheck(r.externalCheck),
    writeGuard: r.writeGuard === true
  };
}
function resolveExternalCheck(raw) {
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) return null;
  const r = raw;
  if (typeof r.command !== "string" || r.command.trim() === "") return null;
  return {
    command: r.command,
    args: stringList(r.args, DEFAULT_EXTERNAL_CHECK.args),
    cleanLine: str(r.cleanLine, DEFAULT_EXTERNAL_CHECK.cleanLine),
    alarmPattern: str(r.alarmPattern, DEFAULT_EXTERNAL_CHECK.alarmPattern)
  };
}
function resolveDailyNoteSettings(raw) {
  const r = raw !== null && typeof raw === "object" && !Array.isArray(raw) ? raw : {};
  const format = typeof r.format === "string" && r.format.trim() !== "" ? r.format.trim() : DEFAULT_DAILY_NOTE_FORMAT;
  return { folder: folder(r.folder, ""), format };
}
function effectiveDailyNote(settings, obsidian) {
  return {
    folder: settings.dailyNoteFolder !== "" ? settings.dailyNoteFolder : obsidian.folder,
    format: settings.dailyNoteFormat !== "" ? settings.dailyNoteFormat : obsidian.format
  };
}
function effectiveRuleScope(settings) {
  if (settings.ruleScope.length > 0) return settings.ruleScope;
  return ["CLAUDE.md", `${settings.rulesFolder}/**`, ".claude/agents/**", ".claude/skills/**"];
}
var TAG_KEYS, DEFAULT_SETTINGS, DEFAULT_EXTERNAL_CHECK, DEFAULT_DAILY_NOTE_FORMAT;
var init_settings = __esm({
  "src/core/settings.ts"() {
    "use strict";
    init_flag_table();
    init_i18n();
    TAG_KEYS = FLAG_SPECS.filter((s) => s.tag !== void 0).map((s) => s.flag);
    DEFAULT_SETTINGS = {
      inboxFolder: "Inbox",
      rulesFolder: "Rules",
      sessionsFolder: "AI/sessions",
      dailyNoteFolder: "",
      dailyNoteFormat: "",
      tags: Object.fromEntries(TAG_KEYS.map((k) => [k, FLAG_SPECS.find((s) => s.flag === k)?.tag?.default ?? ""])),
      excludedRootFolders: [],
      ruleScope: [],
      maxNamesPerItem: 5,
      language: "auto",
      liveChannel: true,
      showStatusBar: true,
      externalCheck: null,
      writeGuard: false
    };
    DEFAULT_EXTERNAL_CHECK = { args: [], cleanLine: "", alarmPattern: "" };
    DEFAULT_DAILY_NOTE_FORMAT = "YYYY-MM-DD";
  }
});

// src/core/rules/scope.ts
function checkScope(settings) {
  return [...effectiveRuleScope(settings), ...SETTINGS_FILES];
}
function isAbsolute3(p) {
  return p.startsWith("/") || DRIVE.test(p);
}
function normalizePath(p) {
  const slashed = p.replace(/\\/g, "/");
  const drive = DRIVE.exec(slashed)?.[0].slice(0, 2) ?? "";
  const rest = slashed.slice(drive.length);
  const absolute = rest.startsWith("/");
  const parts = [];
  for (const part of rest.split("/")) {
    if (part === "" || part === ".") continue;
    if (part === "..") {
      if (parts.length > 0 && parts[parts.length - 1] !== "..") parts.pop();
      else if (!absolute) parts.push("..");
      continue;
    }
    parts.push(part);
  }
  return `${drive}${absolute ? "/" : ""}${parts.join("/")}`;
}
function vaultRelative(root, filePath) {
  if (filePath === "" || filePath.includes("\0")) return null;
  const base = normalizePath(root);
  const slashed = filePath.replace(/\\/g, "/");
  const full = normalizePath(isAbsolute3(slashed) ? slashed : `${base}/${slashed}`);
  const prefix = base.endsWith("/") ? base : `${base}/`;
  if (!full.toLowerCase().startsWith(prefix.toLowerCase())) return null;
  const rel = full.slice(prefix.length);
  return rel === "" ? null : rel;
}
function scopePattern(glob) {
  const cached = patternCache.get(glob);
  if (cached !== void 0) return cached;
  let source = "";
  const g = normalizePath(glob).replace(/^\//, "");
  for (let i = 0; i < g.length; i++) {
    const c = g[i] ?? "";
    if (c === "*" && g[i + 1] === "*") {
      const slashAfter = g[i + 2] === "/";
      source += slashAfter ? "(?:.*/)?" : ".*";
      i += slashAfter ? 2 : 1;
    } else if (c === "*") source += "[^/]*";
    else if (c === "?") source += "[^/]";
    else source += c.replace(/[.+^${}()|[\]\\]/g, "\\$&");
  }
  const re = new RegExp(`^${source}$`, "is");
  patternCache.set(glob, re);
  return re;
}
function asciiStart(glob) {
  const cached = startCache.get(glob);
  if (cached !== void 0) return cached;
  const literal = /^[^*?]*/.exec(normalizePath(glob).replace(/^\//, ""))?.[0] ?? "";
  const start = /[\u0080-\uffff]/.test(literal) ? null : literal.toLowerCase();
  startCache.set(glob, start);
  return start;
}
function inScope(relPath, patterns) {
  return patterns.some((p) => {
    const start = asciiStart(p);
    if (start !== null && relPath.slice(0, start.length).toLowerCase() !== start) return false;
    return scopePattern(p).test(relPath);
  });
}
var SETTINGS_FILES, DRIVE, patternCache, startCache;
var init_scope = __esm({
  "src/core/rules/scope.ts"() {
    "use strict";
    init_settings();
    SETTINGS_FILES = [".claude/settings.json", ".claude/settings.local.json"];
    DRIVE = /^[a-zA-Z]:(?:\/|$)/;
    patternCache = /* @__PURE__ */ new Map();
    startCache = /* @__PURE__ */ new Map();
  }
});

// src/node/real-path.ts
var real_path_exports = {};
__export(real_path_exports, {
  firstSymlink: () => firstSymlink,
  linkTarget: () => linkTarget,
  openInVault: () => openInVault,
  realPathOf: () => realPathOf,
  vaultRelativeReal: () => vaultRelativeReal
});
function realPathOf(p) {
  let existing = path9.resolve(p);
  const rest = [];
  for (; ; ) {
    try {
      return path9.join(fs10.realpathSync.native(existing), ...rest);
    } catch {
      const parent = path9.dirname(existing);
      if (parent === existing) return null;
      rest.unshift(path9.basename(existing));
      existing = parent;
    }
  }
}
function vaultRelativeReal(root, filePath) {
  const literal = vaultRelative(root, filePath);
  if (literal !== null || filePath.includes("\0")) return literal;
  const absolute = path9.resolve(root, filePath);
  const realFile = realPathOf(absolute);
  const realRoot2 = realPathOf(root);
  for (const [r, f] of [
    [root, realFile],
    [realRoot2, absolute],
    [realRoot2, realFile]
  ]) {
    if (r === null || f === null) continue;
    const rel = vaultRelative(r, f);
    if (rel !== null) return rel;
  }
  return null;
}
function firstSymlink(p) {
  let current = path9.parse(path9.resolve(p)).root;
  for (const part of path9.resolve(p).slice(current.length).split(path9.sep).filter((x) => x !== "")) {
    current = path9.join(current, part);
    try {
      if (fs10.lstatSync(current).isSymbolicLink()) return current;
    } catch {
      return null;
    }
  }
  return null;
}
function linkTarget(root, file) {
  if (realRootOf?.root !== root) realRootOf = { root, real: fs10.realpathSync.native(root) };
  const top = realRootOf.real;
  const real = fs10.realpathSync.native(file);
  return real.startsWith(top.endsWith(path9.sep) ? top : top + path9.sep) ? real : null;
}
function openInVault(root, file, flags) {
  if ((flags & WRITING) !== 0) throw new Error("openInVault opens notes for reading only; writes go through the state-file module");
  try {
    return fs10.openSync(file, flags | NO_FOLLOW);
  } catch (error) {
    const code = error.code;
    if (NO_FOLLOW === 0 || code !== "ELOOP" && code !== "EMLINK" && code !== "EFTYPE") throw error;
    const real = linkTarget(root, file);
    if (real === null) throw Object.assign(new Error(`${file} links out of the vault`), { code: "ENOENT" });
    return fs10.openSync(real, flags | NO_FOLLOW);
  }
}
var fs10, path9, realRootOf, NO_FOLLOW, WRITING;
var init_real_path = __esm({
  "src/node/real-path.ts"() {
    "use strict";
    fs10 = require("node:fs");
    path9 = require("node:path");
    init_scope();
    realRootOf = null;
    NO_FOLLOW = fs10.constants.O_NOFOLLOW ?? 0;
    WRITING = fs10.constants.O_WRONLY | fs10.constants.O_RDWR | fs10.constants.O_CREAT | fs10.constants.O_TRUNC | fs10.constants.O_APPEND;
  }
});

// src/node/review/sha256.ts
var sha256_exports = {};
__export(sha256_exports, {
  sha256: () => sha256
});
function sha256(data) {
  return (0, import_node_crypto.createHash)("sha256").update(data).digest("hex");
}
var import_node_crypto;
var init_sha256 = __esm({
  "src/node/review/sha256.ts"() {
    "use strict";
    import_node_crypto = require("node:crypto");
  }
});

// node_modules/shell-quote/quote.js
var require_quote = __commonJS({
  "node_modules/shell-quote/quote.js"(exports2, module2) {
    "use strict";
    var OPS = (
      /** @type {const} */
      [
        "||",
        "&&",
        ";;&",
        ";;",
        ";&",
        "|&",
        "<(",
        ">(",
        "<<<",
        "<<-",
        "<<",
        ">>",
        ">&",
        ">|",
        "&>>",
        "&>",
        "<&",
        "<>",
        "&",
        ";",
        "(",
        ")",
        "|",
        "<",
        ">"
      ]
    );
    var LINE_TERMINATORS = /[\n\r\u2028\u2029]/;
    var GLOB_SHELL_SPECIAL = /[\s#!"$&'():;<=>@\\^`|~]/g;
    module2.exports = function quote(xs) {
      var sawComment = false;
      return xs.map(function(s) {
        if (sawComment && typeof s === "string" && LINE_TERMINATORS.test(s)) {
          throw new TypeError("a token after a `comment` must not contain line terminators");
        }
        if (s === "") {
          return (
            /** @type {const} */
            "''"
          );
        }
        if (s && typeof s === "object") {
          if ("op" in s && s.op === "glob") {
            if (typeof s.pattern !== "string") {
              throw new TypeError("glob token requires a string `pattern`");
            }
            if (LINE_TERMINATORS.test(s.pattern)) {
              throw new TypeError("glob `pattern` must not contain line terminators");
            }
            if (s.pattern === "") {
              return (
                /** @type {const} */
                "''"
              );
            }
            return s.pattern.replace(GLOB_SHELL_SPECIAL, "\\$&");
          }
          if ("op" in s && typeof s.op === "string") {
            if (OPS.indexOf(s.op) < 0) {
              throw new TypeError("invalid `op` value: " + JSON.stringify(s.op));
            }
            return s.op.replace(/[\s\S]/g, "\\$&");
          }
          if ("comment" in s && typeof s.comment === "string") {
            if (LINE_TERMINATORS.test(s.comment)) {
              throw new TypeError("`comment` must not contain line terminators");
            }
            sawComment = true;
            return "#" + s.comment;
          }
          throw new TypeError("unrecognized object token shape");
        }
        if (/'/.test(s) && /!/.test(s)) {
          return "'" + s.replace(/'/g, `'"'"'`) + "'";
        }
        if (/["\s\\]/.test(s) && !/'/.test(s)) {
          return "'" + s + "'";
        }
        if (/["'\s]/.test(s)) {
          return '"' + s.replace(/(["\\$`])/g, "\\$1") + '"';
        }
        return String(s).replace(/([A-Za-z]:)?([#!"$&'()*,:;<=>?@[\\\]^`{|}~])/g, "$1\\$2");
      }).join(" ");
    };
  }
});

// node_modules/shell-quote/parse.js
var require_parse = __commonJS({
  "node_modules/shell-quote/parse.js"(exports2, module2) {
    "use strict";
    var CONTROL = (
      /** @type {const} */
      "(?:" + /** @type {const} */
      [
        "\\|\\|",
        "\\&(?:\\&|>>?)",
        // `&&`, `&>`, and `&>>`
        ";;\\&?",
        // `;;` and `;;&`
        "[;|]\\&",
        // `;&` and `|&`
        "\\<\\(",
        "\\<\\<\\<",
        "\\<\\<-",
        "\\<\\<(?!\\()",
        // `<<(` stays `<` and `<(`, as zsh reads it; other shells reject it
        ">>",
        ">[&|(]",
        // `>&`, `>|`, and `>(`
        "<[&>]",
        // `<&` and `<>`
        "[&;()|<>]"
      ].join(
        /** @type {const} */
        "|"
      ) + /** @type {const} */
      ")"
    );
    var controlRE = new RegExp("^" + CONTROL + "$");
    var META = (
      /** @type {const} */
      "|&;()<> \\t"
    );
    var SINGLE_QUOTE = (
      /** @type {const} */
      "'([^']*?)'"
    );
    var ANSI_C_BODY = "(?:\\\\[\\s\\S]|[^\\\\'])*?";
    var ANSI_C_QUOTE = "\\$'" + ANSI_C_BODY + "'";
    var ansiCAt = new RegExp("\\$'" + ANSI_C_BODY + "(?:(')|\\\\?$)", "g");
    var ANSI_C_LETTERS = "abeEfnrtv";
    var ANSI_C_CHARS = "\x07\b\x1B\x1B\f\n\r	\v";
    var hash = /^#$/;
    var SQ = (
      /** @type {const} */
      "'"
    );
    var DQ = (
      /** @type {const} */
      '"'
    );
    var DS = (
      /** @type {const} */
      "$"
    );
    var TOKEN = "";
    var mult = (
      /** @type {const} */
      4294967296
    );
    for (i = 0; i < 4; i++) {
      TOKEN += (mult * Math.random()).toString(16);
    }
    var i;
    var startsWithToken = new RegExp("^" + TOKEN);
    function matchAll(s, r) {
      var origIndex = r.lastIndex;
      var matches = [];
      var matchObj;
      while (matchObj = r.exec(s)) {
        matches[matches.length] = matchObj;
        if (r.lastIndex === matchObj.index) {
          r.lastIndex += 1;
        }
      }
      r.lastIndex = origIndex;
      return matches;
    }
    function getVar(env, pre, key) {
      var r = typeof env === "function" ? env(key) : env[key];
      if (typeof r === "undefined" && key != "") {
        r = "";
      } else if (typeof r === "undefined") {
        r = "$";
      }
      if (typeof r === "object") {
        return pre + TOKEN + JSON.stringify(r) + TOKEN;
      }
      return pre + r;
    }
    var ansiCEscape = /\\([0-7]{1,3}|x[\dA-Fa-f]{1,2}|u[\dA-Fa-f]{1,4}|U[\dA-Fa-f]{1,8}|c(?:\\\\|[\s\S])|[abeEfnrtv\\'"?])/g;
    function expandAnsiCEscape(m, escape2) {
      var kind = escape2.charAt(0);
      if (kind === "c") {
        var ctrl = escape2.charAt(1);
        return ctrl === "?" ? "\x7F" : String.fromCharCode(ctrl.charCodeAt(0) & 31);
      }
      if (kind === "x" || kind === "u" || kind === "U") {
        var cp = parseInt(escape2.slice(1), 16);
        if (cp > 1114111) {
          return m;
        }
        return String.fromCharCode.apply(null, cp > 65535 ? [55232 + (cp >> 10), 56320 + (cp & 1023)] : [cp]);
      }
      if (kind >= "0" && kind <= "7") {
        return String.fromCharCode(parseInt(escape2, 8) & 255);
      }
      var letter = ANSI_C_LETTERS.indexOf(escape2);
      return letter < 0 ? escape2 : ANSI_C_CHARS.charAt(letter);
    }
    function expandAnsiC(body) {
      return body.replace(ansiCEscape, expandAnsiCEscape).split("\0")[0];
    }
    function closesAnsiC(s, i2) {
      ansiCAt.lastIndex = i2;
      return !!/** @type {RegExpExecArray} */
      ansiCAt.exec(s)[1];
    }
    function parseInternal(string, env, opts) {
      if (!opts) {
        opts = {};
      }
      var BS = opts.escape || "\\";
      var ifs = opts.splitUnquoted === true ? " 	\n" : typeof opts.splitUnquoted === "string" ? opts.splitUnquoted : "";
      var BAREWORD = "(\\" + BS + `['"$\\` + BS + META + "]|\\$\\$|\\$(?!" + ANSI_C_QUOTE.slice(2) + `)|[^\\s'"$` + META + "])+";
      var DOUBLE_QUOTE = '"(?:\\' + BS + '[\\s\\S]|[^"\\' + BS + '])*"';
      var chunker = new RegExp([
        "(" + CONTROL + ")",
        // control chars
        "(" + ANSI_C_QUOTE + "|" + BAREWORD + "|" + DOUBLE_QUOTE + "|" + SINGLE_QUOTE + ")+"
      ].join("|"), "g");
      var matches = matchAll(string, chunker);
      if (matches.length === 0) {
        return [];
      }
      if (!env) {
        env = {};
      }
      var commented = false;
      return matches.map(function(match) {
        var s = match[0];
        if (!s || commented) {
          return void 0;
        }
        if (controlRE.test(s)) {
          return (
            /** @type {ControlOperator} */
            { op: s }
          );
        }
        var quote = false;
        var esc = false;
        var out = "";
        var words = [];
        var sawQuote = false;
        var pendingNw = null;
        var isGlob = false;
        var i2;
        function parseEnvVar() {
          i2 += 1;
          var varend;
          var varname;
          var char = s.charAt(i2);
          if (char === "{") {
            i2 += 1;
            if (s.charAt(i2) === "}") {
              throw new Error("Bad substitution: " + s.slice(i2 - 2, i2 + 1));
            }
            var depth = 1;
            varend = i2;
            while (depth > 0 && varend < s.length) {
              if (s.charAt(varend) === "{" && s.charAt(varend - 1) === "$") {
                depth += 1;
              } else if (s.charAt(varend) === "}") {
                depth -= 1;
              }
              varend += 1;
            }
            if (depth !== 0) {
              throw new Error("Bad substitution: " + s.slice(i2));
            }
            varend -= 1;
            varname = s.slice(i2, varend);
            i2 = varend;
          } else if (/[*@#?$!-]/.test(char)) {
            varname = char;
          } else {
            var slicedFromI = s.slice(i2);
            varend = slicedFromI.match(/[^\w\d_]/);
            if (!varend) {
              varname = slicedFromI;
              i2 = s.length;
            } else {
              varname = slicedFromI.slice(0, varend.index);
              i2 += /** @type {number} */
              varend.index - 1;
            }
          }
          return getVar(
            /** @type {NonNullable<typeof env>} */
            env,
            "",
            varname
          );
        }
        function flushRun() {
          if (pendingNw === null) {
            return;
          }
          if (pendingNw === 0) {
            if (out !== "") {
              words[words.length] = out;
              out = "";
            }
          } else {
            words[words.length] = out;
            out = "";
            for (var fe = 1; fe < pendingNw; fe += 1) {
              words[words.length] = "";
            }
          }
          pendingNw = null;
        }
        for (i2 = 0; i2 < s.length; i2++) {
          var c = s.charAt(i2);
          if (ifs && c !== DS) {
            flushRun();
          }
          isGlob = isGlob || !quote && (c === "*" || c === "?");
          if (esc) {
            out += c;
            esc = false;
          } else if (quote) {
            if (c === quote) {
              quote = false;
            } else if (quote == SQ) {
              out += c;
            } else {
              if (c === BS) {
                i2 += 1;
                c = s.charAt(i2);
                if (c === DQ || c === BS || c === DS) {
                  out += c;
                } else {
                  out += BS + c;
                }
              } else if (c === DS) {
                out += parseEnvVar();
              } else {
                out += c;
              }
            }
          } else if (c === DQ || c === SQ) {
            quote = c;
            sawQuote = true;
          } else if (controlRE.test(c)) {
            return (
              /** @type {ControlOperator} */
              { op: s }
            );
          } else if (hash.test(c)) {
            commented = true;
            var commentObj = { comment: string.slice(match.index + i2 + 1) };
            if (out.length) {
              return (
                /** @type {const} */
                [out, commentObj]
              );
            }
            return (
              /** @type {const} */
              [commentObj]
            );
          } else if (c === BS) {
            esc = true;
          } else if (c === DS && s.charAt(i2 + 1) === SQ && closesAnsiC(s, i2)) {
            flushRun();
            sawQuote = true;
            out += expandAnsiC(s.slice(i2 + 2, ansiCAt.lastIndex - 1));
            i2 = ansiCAt.lastIndex - 1;
          } else if (c === DS) {
            var value = parseEnvVar();
            if (!ifs) {
              out += value;
            } else {
              for (var vi = 0; vi < value.length; vi += 1) {
                var vc = value.charAt(vi);
                if (ifs.indexOf(vc) < 0) {
                  flushRun();
                  out += vc;
                } else if (pendingNw === null) {
                  pendingNw = vc === " " || vc === "	" || vc === "\n" ? 0 : 1;
                } else if (vc !== " " && vc !== "	" && vc !== "\n") {
                  pendingNw += 1;
                }
              }
            }
          } else {
            out += c;
          }
        }
        if (isGlob) {
          return (
            /** @type {GlobPattern} */
            { op: "glob", pattern: out }
          );
        }
        if (ifs) {
          if (pendingNw !== null && pendingNw > 0) {
            words[words.length] = out;
            out = "";
            for (var te = 1; te < pendingNw; te += 1) {
              words[words.length] = "";
            }
          }
          if (out !== "" || sawQuote && words.length === 0) {
            words[words.length] = out;
          }
          return words;
        }
        return out;
      }).reduce(
        function(prev, arg) {
          if (typeof arg === "undefined") {
            return prev;
          }
          [].concat(arg).forEach(function(entry) {
            prev[prev.length] = entry;
          });
          return prev;
        },
        /** @type {ParseEntry[]} */
        []
      );
    }
    module2.exports = function parse5(s, env, opts) {
      var mapped = parseInternal(s, env, opts);
      if (typeof env !== "function") {
        return mapped;
      }
      return mapped.reduce(
        function(acc, s2) {
          if (typeof s2 === "object") {
            acc[acc.length] = s2;
            return acc;
          }
          var xs = s2.split(RegExp("(" + TOKEN + ".*?" + TOKEN + ")", "g"));
          if (xs.length === 1) {
            acc[acc.length] = xs[0];
            return acc;
          }
          xs.filter(Boolean).forEach(function(x) {
            acc[acc.length] = startsWithToken.test(x) ? JSON.parse(x.split(TOKEN)[1]) : x;
          });
          return acc;
        },
        /** @type {ParseEntry[]} */
        []
      );
    };
  }
});

// node_modules/shell-quote/index.js
var require_shell_quote = __commonJS({
  "node_modules/shell-quote/index.js"(exports2) {
    "use strict";
    exports2.quote = require_quote();
    exports2.parse = require_parse();
  }
});

// bridge/args.ts
var UsageError = class extends Error {
};
var COMMON = ["vault", "config-dir", "lang"];
var TAKES_VALUE = /* @__PURE__ */ new Set(["vault", "config-dir", "source", "lang", "scope", "agent", "shell", "name"]);
var COMMAND_OPTIONS = {
  "session-start": [...COMMON, "agent"],
  "post-tool-use": [...COMMON, "agent"],
  "pre-tool-use": [...COMMON, "agent"],
  "turn-end": [...COMMON, "agent"],
  baseline: COMMON,
  report: [...COMMON, "source", "json", "review"],
  changes: [...COMMON, "json"],
  check: [...COMMON, "json"],
  serve: COMMON,
  mcp: COMMON,
  install: [...COMMON, "scope", "agent"],
  uninstall: [...COMMON, "scope", "agent"],
  doctor: [...COMMON, "agent", "json"],
  launcher: ["vault", "agent", "shell", "name"],
  help: [],
  version: []
};
var COMMANDS = Object.keys(COMMAND_OPTIONS);
var TAKES_PATHS = /* @__PURE__ */ new Set(["check"]);
function distance(a, b) {
  const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_2, j) => i === 0 ? j : j === 0 ? i : 0));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const row = d[i];
      const up = d[i - 1];
      row[j] = Math.min(up[j] + 1, row[j - 1] + 1, up[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) row[j] = Math.min(row[j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}
function closest(word, known) {
  let best;
  let bestDistance = Infinity;
  for (const k of known) {
    const d = distance(word, k);
    if (d < bestDistance) {
      best = k;
      bestDistance = d;
    }
  }
  return best !== void 0 && bestDistance <= Math.max(1, Math.floor(best.length / 3)) ? best : void 0;
}
var HINT = "run 'session-brief --help' for usage";
function shownArg(a) {
  return /^[\w.,:@/+=-]*$/.test(a) ? a : JSON.stringify(a);
}
function unknownOption(command, name, allowed) {
  const guess = closest(name, allowed);
  return new UsageError(`unknown option ${shownArg(`--${name}`)} for ${command}${guess !== void 0 ? ` (did you mean --${guess}?)` : ""}; ${HINT}`);
}
function commandName(word) {
  if (word === "-h" || word === "--help") return "help";
  if (word === "-v" || word === "--version") return "version";
  return word;
}
function parseArgs(argv) {
  const args = { command: commandName(argv[0] ?? ""), flags: /* @__PURE__ */ new Map(), positional: [] };
  if (args.command !== "" && COMMAND_OPTIONS[args.command] === void 0) {
    const shown = shownArg(args.command);
    if (args.command.startsWith("-")) throw new UsageError(`unknown option ${shown}; options come after a command; ${HINT}`);
    const guess = closest(args.command, COMMANDS);
    throw new UsageError(`unknown command ${shown}${guess !== void 0 ? ` (did you mean ${guess}?)` : ""}; ${HINT}`);
  }
  const allowed = COMMAND_OPTIONS[args.command] ?? [];
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i] ?? "";
    if (a === "-h" || a === "--help") {
      if (args.command !== "help") args.positional = [args.command];
      args.command = "help";
      return args;
    }
    if (a.startsWith("--")) {
      const eq = a.indexOf("=");
      const name = eq > 0 ? a.slice(2, eq) : a.slice(2);
      if (!allowed.includes(name)) throw unknownOption(args.command, name, allowed);
      if (eq > 0) args.flags.set(name, a.slice(eq + 1));
      else if (TAKES_VALUE.has(name)) {
        const value = argv[i + 1];
        if (value === void 0) throw new UsageError(`--${name} needs a value; ${HINT}`);
        args.flags.set(name, value);
        i++;
      } else args.flags.set(name, true);
    } else if (a.startsWith("-") && a.length > 1) {
      throw new UsageError(`unknown option ${shownArg(a)} for ${args.command}; ${HINT}`);
    } else if (TAKES_PATHS.has(args.command)) args.positional.push(a);
    else if (args.command === "help" && args.positional.length === 0) {
      if (COMMAND_OPTIONS[a] === void 0) {
        const guess = closest(a, COMMANDS);
        throw new UsageError(`unknown command ${shownArg(a)}${guess !== void 0 ? ` (did you mean ${guess}?)` : ""}; ${HINT}`);
      }
      args.positional.push(a);
    } else throw new UsageError(`${args.command} takes no argument ${shownArg(a)}; ${HINT}`);
  }
  return args;
}
function stringFlag(args, name) {
  const v = args.flags.get(name);
  return typeof v === "string" ? v : void 0;
}

// bridge/commands/post-tool-use.ts
var path12 = require("node:path");

// bridge/context.ts
var fs4 = require("node:fs");
var os = require("node:os");
var path5 = require("node:path");
init_i18n();

// src/node/vault-config.ts
var fs3 = require("node:fs");
var path4 = require("node:path");

// src/core/cache-key.ts
var RULES_VERSION = 1;
function settingsKey(settings, dailyNote) {
  return JSON.stringify({ v: RULES_VERSION, settings, dailyNote });
}

// src/node/vault-config.ts
init_i18n();

// src/node/state-file.ts
var fs = require("node:fs");
var path = require("node:path");
var C = fs.constants;
var NOFOLLOW = C.O_NOFOLLOW ?? 0;
var NONBLOCK = C.O_NONBLOCK ?? 0;
var READ_FLAGS = C.O_RDONLY | NOFOLLOW | NONBLOCK;
var CREATE_FLAGS = C.O_WRONLY | C.O_CREAT | C.O_EXCL | NOFOLLOW;
var APPEND_FLAGS = C.O_RDWR | C.O_APPEND | C.O_CREAT | NOFOLLOW | NONBLOCK;
var StateFileError = class extends Error {
  constructor(file, reason) {
    super(`${file}: ${reason}`);
    this.file = file;
    this.reason = reason;
  }
};
var TRACE = process.env.SESSION_BRIEF_STATE_TRACE;
function trace(file) {
  if (TRACE === void 0 || TRACE === "") return;
  try {
    fs.appendFileSync(TRACE, `${file}
`);
  } catch {
  }
}
var realRoots = /* @__PURE__ */ new Map();
function realRoot(root) {
  const key = normal(root);
  let real = realRoots.get(key);
  if (real === void 0) {
    try {
      real = fs.realpathSync.native(key);
    } catch {
      return null;
    }
    realRoots.set(key, real);
  }
  return real;
}
var foldCase = process.platform === "darwin" || process.platform === "win32";
var same = (a, b) => foldCase ? a.toLowerCase() === b.toLowerCase() : a === b;
var UNCLEAN = process.platform === "win32" ? /(?:)/ : /\/\/|\/\.{1,2}(?:\/|$)|.\/$/;
function normal(p) {
  return path.isAbsolute(p) && !UNCLEAN.test(p) ? p : path.resolve(p);
}
function belowReal(top, rel) {
  return rel === "" ? top : top.endsWith(path.sep) ? top + rel : top + path.sep + rel;
}
function under(root, dir) {
  const r = normal(root);
  const d = normal(dir);
  if (d === r) return "";
  const prefix = r.endsWith(path.sep) ? r : r + path.sep;
  if (!(foldCase ? d.toLowerCase().startsWith(prefix.toLowerCase()) : d.startsWith(prefix))) return null;
  return d.slice(prefix.length);
}
function folderState(root, dir) {
  const rel = under(root, dir);
  if (rel === null) return { refused: "lies outside the vault" };
  const top = realRoot(root);
  if (top === null) return { refused: "the vault folder cannot be resolved" };
  let real;
  try {
    real = fs.realpathSync.native(normal(dir));
  } catch (error) {
    const code = error.code;
    if (code === "ENOENT") return "missing";
    return { refused: code === "ENOTDIR" ? "a file stands where a folder belongs" : `cannot be resolved (${code ?? "error"})` };
  }
  if (!same(real, belowReal(top, rel))) return { refused: `is reached through a symbolic link (it leads to ${real})` };
  return "ok";
}
function refuse(file, state) {
  throw new StateFileError(file, typeof state === "object" ? `refused: its folder ${state.refused}` : "its folder does not exist");
}
var procFd;
function hasProcFd() {
  if (procFd === void 0) {
    try {
      procFd = process.platform === "linux" && fs.statSync("/proc/self/fd").isDirectory();
    } catch {
      procFd = false;
    }
  }
  return procFd;
}
function throughFolder(root, file, work) {
  const held = holdFolder(root, file, true);
  return work(held?.at ?? file);
}
var heldFolders = /* @__PURE__ */ new Map();
var MAX_HELD_FOLDERS = 16;
function openFolder(file, dir) {
  try {
    return fs.openSync(dir, C.O_RDONLY | (C.O_DIRECTORY ?? 0) | NOFOLLOW);
  } catch (error) {
    throw new StateFileError(file, `refused: its folder cannot be opened as a folder of the vault (${error.code ?? "error"})`);
  }
}
function holdFolder(root, file, shared) {
  if (!hasProcFd()) return null;
  const dir = path.dirname(normal(file));
  const top = realRoot(root);
  const rel = under(root, dir);
  const want = top === null || rel === null ? null : belowReal(top, rel);
  let real = null;
  for (let attempt = 0; attempt < 2; attempt++) {
    let fd = shared ? heldFolders.get(dir) : void 0;
    if (fd === void 0) {
      fd = openFolder(file, dir);
      if (shared) {
        heldFolders.set(dir, fd);
        if (heldFolders.size > MAX_HELD_FOLDERS) {
          const [oldest, oldFd] = heldFolders.entries().next().value;
          heldFolders.delete(oldest);
          fs.closeSync(oldFd);
        }
      }
    }
    try {
      real = fs.readlinkSync(`/proc/self/fd/${fd}`);
    } catch {
      real = null;
    }
    if (real !== null && want !== null && same(real, want)) return { fd, at: `/proc/self/fd/${fd}/${path.basename(file)}` };
    if (shared) heldFolders.delete(dir);
    fs.closeSync(fd);
  }
  throw new StateFileError(file, `refused: its folder was replaced by a link${real === null ? "" : ` (it leads to ${real})`}`);
}
function ensureStateFolder(root, dir) {
  const state = folderState(root, dir);
  if (state === "ok") return;
  if (state !== "missing") refuse(dir, state);
  const parent = path.dirname(normal(dir));
  if (parent === normal(dir) || under(root, parent) === null) refuse(dir, state);
  ensureStateFolder(root, parent);
  try {
    fs.mkdirSync(dir, { mode: 511 });
    trace(dir);
  } catch (error) {
    if (error.code !== "EEXIST") throw error;
  }
  const made = folderState(root, dir);
  if (made !== "ok") refuse(dir, made);
}
function inspectStateFile(root, file) {
  const folder2 = folderState(root, path.dirname(normal(file)));
  if (folder2 === "missing") return { kind: "missing" };
  if (folder2 !== "ok") return { kind: "damaged", reason: `its folder ${folder2.refused}` };
  let st;
  try {
    st = fs.lstatSync(file);
  } catch (error) {
    const code = error.code;
    return code === "ENOENT" ? { kind: "missing" } : { kind: "damaged", reason: `cannot be read (${code ?? "error"})` };
  }
  if (st.isFile()) return { kind: "file", stat: st };
  return { kind: "damaged", reason: describe(st) };
}
function describe(st) {
  if (st.isSymbolicLink()) return "is a symbolic link";
  if (st.isDirectory()) return "is a folder";
  if (st.isFIFO()) return "is a FIFO (named pipe)";
  if (st.isSocket()) return "is a socket";
  if (st.isCharacterDevice() || st.isBlockDevice()) return "is a device";
  return "is not a regular file";
}
function statStateFile(root, file) {
  const entry = inspectStateFile(root, file);
  return entry.kind === "file" ? entry.stat : null;
}
function openStateFile(root, file) {
  const folder2 = folderState(root, path.dirname(normal(file)));
  if (folder2 !== "ok") return null;
  if (NOFOLLOW === 0 && statStateFile(root, file) === null) return null;
  let fd;
  try {
    fd = fs.openSync(file, READ_FLAGS);
  } catch {
    return null;
  }
  try {
    if (fs.fstatSync(fd).isFile()) return fd;
  } catch {
  }
  fs.closeSync(fd);
  return null;
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
function readStateFile(root, file, maxBytes) {
  const fd = openStateFile(root, file);
  if (fd === null) return null;
  try {
    if (fs.fstatSync(fd).size > maxBytes) return null;
    return readRange(fd, 0, maxBytes);
  } catch {
    return null;
  } finally {
    fs.closeSync(fd);
  }
}
function readStateText(root, file, maxBytes) {
  const data = readStateFile(root, file, maxBytes);
  return data === null ? null : data.toString("utf8").replace(/^\uFEFF/, "");
}
function randomPart() {
  return `${Math.floor(Math.random() * 4294967296).toString(16).padStart(8, "0")}${Math.floor(Math.random() * 4294967296).toString(16).padStart(8, "0")}`;
}
function writeAll(fd, data) {
  const bytes = typeof data === "string" ? Buffer.from(data, "utf8") : data;
  let done = 0;
  while (done < bytes.length) done += fs.writeSync(fd, bytes, done, bytes.length - done);
}
function createTemp(file, mode) {
  for (let attempt = 0; ; attempt++) {
    const tmp = `${file}.${process.pid}.${randomPart()}.tmp`;
    try {
      return { fd: fs.openSync(tmp, CREATE_FLAGS, mode), tmp };
    } catch (error) {
      if (error.code !== "EEXIST" || attempt >= 4) throw error;
    }
  }
}
var CHANGED_SINCE_READ = "changed since it was read";
function modeOf(file, options) {
  if (options.mode === "keep") {
    try {
      const st = fs.lstatSync(file);
      if (st.isFile()) return { create: st.mode & 511, exact: void 0 };
    } catch {
    }
    return { create: 438, exact: void 0 };
  }
  return { create: options.mode ?? 438, exact: options.mode };
}
function replaceFile(file, data, options) {
  const mode = modeOf(file, options);
  const { fd, tmp } = createTemp(file, mode.create);
  try {
    try {
      writeAll(fd, data);
      if (mode.exact !== void 0) fs.fchmodSync(fd, mode.exact);
    } finally {
      fs.closeSync(fd);
    }
    const was = options.unchanged;
    if (was !== void 0) {
      const now = fs.lstatSync(file, { throwIfNoEntry: false });
      if (now === void 0 || !now.isFile() || now.dev !== was.dev || now.ino !== was.ino || now.size !== was.size || now.mtimeMs !== was.mtimeMs) throw new StateFileError(file, CHANGED_SINCE_READ);
    }
    fs.renameSync(tmp, file);
  } catch (error) {
    try {
      fs.unlinkSync(tmp);
    } catch {
    }
    throw error;
  }
}
function writeStateFile(root, file, data, options = {}) {
  const dir = path.dirname(normal(file));
  ensureStateFolder(root, dir);
  const target = inspectStateFile(root, file);
  if (target.kind === "damaged" && target.reason === "is a folder") throw new StateFileError(file, "refused: a folder stands where the file belongs");
  throughFolder(root, file, (at) => replaceFile(at, data, options));
  trace(file);
}
function appendStateFile(root, file, text) {
  ensureStateFolder(root, path.dirname(normal(file)));
  if (NOFOLLOW === 0 && inspectStateFile(root, file).kind === "damaged") throw new StateFileError(file, "refused: not a regular file");
  return throughFolder(root, file, (at) => appendAt(file, at, text));
}
function appendLanded(root, file, text, tries = 3) {
  let size = 0;
  for (let i = 0; i < tries; i++) {
    const r = appendStateFile(root, file, text);
    size = r.size;
    if (r.landed) break;
  }
  return size;
}
function endsTorn(fd, size) {
  if (size === 0) return false;
  const last = Buffer.alloc(1);
  return fs.readSync(fd, last, 0, 1, size - 1) === 1 && last[0] !== 10;
}
function appendAt(file, at, text) {
  const fd = fs.openSync(at, APPEND_FLAGS, 438);
  try {
    const before = fs.fstatSync(fd);
    if (!before.isFile()) throw new StateFileError(file, `refused: ${describe(before)}`);
    writeAll(fd, endsTorn(fd, before.size) ? `
${text}` : text);
    trace(file);
    const mine = fs.fstatSync(fd);
    let now = null;
    try {
      now = fs.lstatSync(at);
    } catch {
      now = null;
    }
    return { landed: now !== null && now.ino === mine.ino && now.dev === mine.dev, size: mine.size };
  } finally {
    fs.closeSync(fd);
  }
}
function createStateFile(root, file, data, mode = 438) {
  ensureStateFolder(root, path.dirname(normal(file)));
  return throughFolder(root, file, (at) => createAt(file, at, data, mode));
}
function createAt(file, at, data, mode) {
  let fd;
  try {
    fd = fs.openSync(at, CREATE_FLAGS, mode);
  } catch (error) {
    if (error.code === "EEXIST") return false;
    throw error;
  }
  try {
    writeAll(fd, data);
  } finally {
    fs.closeSync(fd);
  }
  trace(file);
  return true;
}
function removeStateFile(root, file) {
  const entry = inspectStateFile(root, file);
  if (entry.kind === "missing") return false;
  if (entry.kind === "damaged") {
    if (entry.reason.startsWith("its folder")) throw new StateFileError(file, `refused: ${entry.reason}`);
    if (entry.reason === "is a folder") throw new StateFileError(file, "refused: a folder stands where the file belongs");
  }
  try {
    throughFolder(root, file, (at) => fs.unlinkSync(at));
    trace(file);
    return true;
  } catch (error) {
    if (error.code === "ENOENT") return false;
    throw error;
  }
}
function listStateFolder(root, dir, max) {
  if (folderState(root, dir) !== "ok") return [];
  try {
    return fs.readdirSync(dir, { withFileTypes: true }).slice(0, max);
  } catch {
    return [];
  }
}
function isStateFolder(root, dir) {
  if (folderState(root, dir) !== "ok") return false;
  try {
    return fs.lstatSync(dir).isDirectory();
  } catch {
    return false;
  }
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
function writeUserStateFile(file, data) {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 448 });
  replaceFile(file, data, { mode: 384 });
  trace(file);
}
function openUserStateFile(file) {
  let fd;
  try {
    fd = fs.openSync(file, READ_FLAGS);
  } catch {
    return null;
  }
  if (fs.fstatSync(fd).isFile()) return fd;
  fs.closeSync(fd);
  return null;
}
function appendUserStateFile(file, text, tries = 3) {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 448 });
  let size = 0;
  for (let i = 0; i < tries; i++) {
    const fd = fs.openSync(file, APPEND_FLAGS, 384);
    try {
      const before = fs.fstatSync(fd);
      if (!before.isFile()) throw new StateFileError(file, `refused: ${describe(before)}`);
      writeAll(fd, text);
      trace(file);
      const mine = fs.fstatSync(fd);
      size = mine.size;
      const now = fs.lstatSync(file, { throwIfNoEntry: false });
      if (now !== void 0 && now.ino === mine.ino && now.dev === mine.dev) break;
    } finally {
      fs.closeSync(fd);
    }
  }
  return size;
}
function createUserStateFile(file, data) {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 448 });
  return createAt(file, file, data, 384);
}
function removeUserStateFile(file) {
  return unlinkTraced(file);
}
function unlinkTraced(file) {
  try {
    fs.unlinkSync(file);
    trace(file);
    return true;
  } catch (error) {
    if (error.code === "ENOENT") return false;
    throw error;
  }
}

// src/node/state-registry.ts
var path2 = require("node:path");

// src/core/state-names.ts
var JOURNAL_FILE = "agent-changes.jsonl";
var STARTS_LOG = "session-starts.jsonl";
var NET_STATE_PREFIX = "session-net-";
var NET_TURN_PREFIX = "turn-";
var BEFORE_FOLDER = "before-versions";

// src/node/state-registry.ts
var SETTINGS_FILE = "data.json";
var LOCK_SUFFIX = ".lock";
var JOURNAL_LOCK = `${JOURNAL_FILE}${LOCK_SUFFIX}`;
var STARTS_LOCK = `${STARTS_LOG}${LOCK_SUFFIX}`;
var MANIFEST_NAME = "session-brief.json";
var JOURNAL_COPY_PREFIX = "agent-changes";
var HOOK_PREFIX = "session-brief";
function hooksFolder(vault) {
  return path2.join(vault, ".claude", "hooks");
}

// src/core/first-run.ts
init_settings();
var AGENT_RULE_FILES = [
  { path: "CLAUDE.md", scope: "CLAUDE.md" },
  { path: "AGENTS.md", scope: "AGENTS.md" },
  { path: "GEMINI.md", scope: "GEMINI.md" },
  { path: ".claude/agents", scope: ".claude/agents/**" },
  { path: ".claude/skills", scope: ".claude/skills/**" },
  { path: ".cursor/rules", scope: ".cursor/rules/**" }
];
var RULES_NAME = /^(rules?|regeln?|regelwerk|guidelines?|richtlinien|prompts?|instructions?|anweisungen)$/i;
var SESSIONS_NAME = /^(sessions?|sitzungen|agent[ -]?sessions?|ai[ -]?sessions?)$/i;
function namedLikeSetupFolder(name) {
  return RULES_NAME.test(name) || SESSIONS_NAME.test(name);
}
function lastPart(folder2) {
  return folder2.slice(folder2.lastIndexOf("/") + 1);
}
function pick(folders, name, minNotes) {
  const hits = folders.filter((f) => name.test(lastPart(f.path)) && f.notes >= minNotes);
  hits.sort((a, b) => a.path.split("/").length - b.path.split("/").length || b.notes - a.notes || a.path.localeCompare(b.path));
  return hits[0]?.path ?? null;
}
function proposeSetup(facts) {
  const found = [];
  const rules = pick(facts.folders, RULES_NAME, 1);
  const sessions = pick(facts.folders, SESSIONS_NAME, 0);
  const rulesFolder = cleanFolder(rules ?? DEFAULT_SETTINGS.rulesFolder);
  const sessionsFolder = cleanFolder(sessions ?? DEFAULT_SETTINGS.sessionsFolder);
  if (rules !== null) found.push(`${rules}/`);
  if (sessions !== null) found.push(`${sessions}/`);
  const ruleScope = [];
  for (const f of AGENT_RULE_FILES) {
    if (!facts.present.includes(f.path)) continue;
    ruleScope.push(f.scope);
    found.push(f.path.endsWith(".md") ? f.path : `${f.path}/`);
  }
  ruleScope.push(`${rulesFolder}/**`);
  return { rulesFolder, sessionsFolder, ruleScope, found };
}

// src/node/top-level-facts.ts
var fs2 = require("node:fs");
var path3 = require("node:path");
function exists(file) {
  try {
    fs2.lstatSync(file);
    return true;
  } catch {
    return false;
  }
}
function entries(dir) {
  try {
    return fs2.readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
}
function topLevelFacts(root) {
  const present = AGENT_RULE_FILES.filter((f) => exists(path3.join(root, f.path))).map((f) => f.path);
  const folders = [];
  for (const entry of entries(root)) {
    if (!entry.isDirectory() || entry.name.startsWith(".") || !namedLikeSetupFolder(entry.name)) continue;
    const notes = entries(path3.join(root, entry.name)).filter((e) => e.isFile() && e.name.endsWith(".md")).length;
    folders.push({ path: entry.name, notes });
  }
  return { present, folders };
}

// src/node/vault-config.ts
init_settings();
var PLUGIN_ID = "session-brief";
function defaultVaultRoot(scriptPath) {
  let dir = path4.dirname(path4.resolve(scriptPath));
  if (path4.basename(dir) === "session-brief") dir = path4.dirname(dir);
  if (path4.basename(dir) !== "hooks" || path4.basename(path4.dirname(dir)) !== ".claude") return null;
  return path4.dirname(path4.dirname(dir));
}
var MAX_SETTINGS_BYTES = 4 * 1024 * 1024;
function readJson(root, file, warnings) {
  const text = readStateText(root, file, MAX_SETTINGS_BYTES);
  if (text === null) {
    const entry = inspectStateFile(root, file);
    if (entry.kind === "damaged") warnings.push(`cannot read ${file}: it ${entry.reason}; using defaults`);
    else if (entry.kind === "file") warnings.push(`cannot read ${file}: larger than ${MAX_SETTINGS_BYTES} bytes; using defaults`);
    return void 0;
  }
  try {
    return JSON.parse(text);
  } catch {
    warnings.push(`${file} is not valid JSON; using defaults`);
    return void 0;
  }
}
function isDir(p) {
  try {
    return fs3.statSync(p).isDirectory();
  } catch {
    return false;
  }
}
function readRecorded(root, warnings) {
  return readJson(root, path4.join(hooksFolder(root), MANIFEST_NAME), warnings);
}
function findConfigDir(root, explicit, warnings, recorded = readRecorded(root, warnings)) {
  if (explicit !== void 0) return explicit;
  if (recorded !== void 0 && isFolderName(recorded.configDir) && isDir(path4.join(root, recorded.configDir))) return recorded.configDir;
  if (isDir(path4.join(root, ".obsidian"))) return ".obsidian";
  let names = [];
  try {
    names = fs3.readdirSync(root).filter((n) => n.startsWith(".") && n !== ".git" && n !== ".claude").sort();
  } catch {
    return null;
  }
  for (const name of names) {
    const dir = path4.join(root, name);
    if (fs3.existsSync(path4.join(dir, "app.json")) || isDir(path4.join(dir, "plugins"))) return name;
  }
  return null;
}
function isFolderName(v) {
  return typeof v === "string" && v !== "" && v !== "." && v !== ".." && !/[\\/\0]/.test(v);
}
function systemLocale(env) {
  return env.LC_ALL || env.LC_MESSAGES || env.LANG || void 0;
}
function findPluginDir(root, configDir, recorded) {
  const dir = recorded?.pluginDir;
  const inside = typeof dir === "string" && dir !== "" && !path4.isAbsolute(dir) && !dir.split(/[\\/]/).includes("..");
  if (inside && isDir(path4.join(root, dir))) return path4.join(root, dir);
  return configDir === null ? null : path4.join(root, configDir, "plugins", PLUGIN_ID);
}
function setupDefaults(root) {
  const { rulesFolder, sessionsFolder, ruleScope } = proposeSetup(topLevelFacts(root));
  return { rulesFolder, sessionsFolder, ruleScope };
}
function loadVaultContext(root, options) {
  const warnings = [];
  const recorded = readRecorded(root, warnings);
  const configDir = findConfigDir(root, options.configDir, warnings, recorded);
  const pluginDir = findPluginDir(root, configDir, recorded);
  const stored = pluginDir === null ? void 0 : readJson(root, path4.join(pluginDir, SETTINGS_FILE), warnings);
  const settings = resolveSettings(stored === void 0 ? setupDefaults(root) : stored);
  const obsidianDaily = resolveDailyNoteSettings(configDir === null ? void 0 : readJson(root, path4.join(root, configDir, "daily-notes.json"), warnings));
  const dailyNote = effectiveDailyNote(settings, obsidianDaily);
  const lang = resolveLanguage(settings.language, options.locale ?? systemLocale(options.env));
  return { root, configDir, pluginDir, settings, dailyNote, lang, key: settingsKey(settings, dailyNote), warnings };
}

// bridge/context.ts
function clock(env) {
  const fixed = env.SESSION_BRIEF_NOW;
  if (fixed !== void 0 && fixed !== "") {
    const d = new Date(fixed);
    if (!Number.isNaN(d.getTime())) return d;
  }
  return /* @__PURE__ */ new Date();
}
var AGENT_COMMANDS = /* @__PURE__ */ new Set(["session-start", "post-tool-use", "pre-tool-use", "turn-end", "baseline", "mcp"]);
function vaultAround(cwd, home) {
  const stop = path5.resolve(home);
  let dir = path5.resolve(cwd);
  for (; ; ) {
    const parent = path5.dirname(dir);
    if (dir === stop || parent === dir) return null;
    if (findConfigDir(dir, void 0, []) !== null) return dir;
    dir = parent;
  }
}
function vaultRoot(args, scriptPath, env = process.env, cwd = process.cwd()) {
  const given = stringFlag(args, "vault");
  let root = given !== void 0 ? path5.resolve(given) : defaultVaultRoot(scriptPath);
  if (root === null && !AGENT_COMMANDS.has(args.command)) root = vaultAround(cwd, env.HOME || env.USERPROFILE || os.homedir());
  if (root === null) {
    throw new UsageError(
      AGENT_COMMANDS.has(args.command) ? `${args.command} needs --vault DIR: this copy of the bridge (${shownArg(scriptPath)}) is not inside <vault>/.claude/hooks/` : `no Obsidian vault here: ${args.command} found no vault around the current folder; run it inside your vault or pass --vault <folder>`
    );
  }
  let ok = false;
  try {
    ok = fs4.statSync(root).isDirectory();
  } catch {
    ok = false;
  }
  if (!ok) throw new UsageError(`vault folder ${shownArg(root)} does not exist or is not a folder`);
  return root;
}
function isFolder(p) {
  try {
    return fs4.statSync(p).isDirectory();
  } catch {
    return false;
  }
}
function givenConfigDir(args, root) {
  const name = stringFlag(args, "config-dir");
  if (name === void 0) return void 0;
  const dir = path5.resolve(root, name);
  if (path5.dirname(dir) === root && isFolder(dir)) return name;
  const found = findConfigDir(root, void 0, []);
  const hint = found === null ? "no config folder was found there either" : `without --config-dir it is found automatically: ${shownArg(found)}`;
  throw new UsageError(`--config-dir ${shownArg(name)} is not a folder at the root of the vault ${shownArg(root)}; ${hint}`);
}
function contextFor(args, scriptPath, env) {
  const root = vaultRoot(args, scriptPath);
  const ctx = loadVaultContext(root, { configDir: givenConfigDir(args, root), env });
  const lang = stringFlag(args, "lang");
  if (isLang(lang)) ctx.lang = lang;
  else if (lang !== void 0) throw new UsageError(`--lang must be en or de, not ${lang}`);
  return ctx;
}

// bridge/io.ts
var fs5 = require("node:fs");

// src/core/paths.ts
function isHiddenName(name) {
  return name.startsWith(".");
}
function entersFolder(name, atRoot, excludedRootFolders) {
  return name !== "node_modules" && !(atRoot && excludedRootFolders.includes(name));
}
function isNoteName(name) {
  return name.endsWith(".md");
}
function isCountedNote(path18, excludedRootFolders) {
  let start = 0;
  for (let slash = path18.indexOf("/"); slash >= 0; slash = path18.indexOf("/", start)) {
    const part = path18.slice(start, slash);
    if (part === "" || isHiddenName(part) || !entersFolder(part, start === 0, excludedRootFolders)) return false;
    start = slash + 1;
  }
  const name = path18.slice(start);
  return name !== "" && !isHiddenName(name) && isNoteName(name);
}
function isInFolder(path18, folder2) {
  return folder2 === "" || path18.length > folder2.length && path18.charCodeAt(folder2.length) === 47 && path18.startsWith(folder2);
}
function basename3(path18) {
  return path18.slice(path18.lastIndexOf("/") + 1);
}

// src/core/brief-item-list.ts
var LIST_ITEMS = [
  {
    id: "inbox",
    about: "notes in the inbox folder, daily notes aside",
    folder: "inboxFolder",
    without: "daily",
    label: { en: () => "Inbox", de: () => "Inbox" },
    sidebar: {
      order: 3,
      title: { en: "Inbox", de: "Inbox" },
      tag: { en: (s) => `${s.inboxFolder}/`, de: (s) => `${s.inboxFolder}/` },
      empty: {
        en: (s) => `The inbox "${s.inboxFolder}" holds no open note (daily notes do not count).`,
        de: (s) => `Die Inbox "${s.inboxFolder}" enth\xE4lt keine offene Notiz (Tagesnotizen z\xE4hlen nicht).`
      }
    }
  },
  {
    id: "needsReview",
    about: "notes tagged needs-review",
    flag: "needsReview",
    label: { en: (s) => s.tags.needsReview, de: (s) => s.tags.needsReview },
    sidebar: {
      order: 0,
      title: { en: "Needs review", de: "Zu pr\xFCfen" },
      tag: { en: (s) => `#${s.tags.needsReview}`, de: (s) => `#${s.tags.needsReview}` },
      empty: {
        en: (s) => `No note carries #${s.tags.needsReview}. Tag a note with it to list it here.`,
        de: (s) => `Keine Notiz tr\xE4gt #${s.tags.needsReview}. Markierte Notizen erscheinen hier.`
      },
      highlight: (s) => s.tags.needsReview,
      mark: { removes: (s) => s.tags.needsReview }
    }
  },
  {
    id: "reviewOpen",
    about: "notes tagged review but not review-done; mark_reviewed closes these",
    flag: "review",
    without: "reviewDone",
    label: { en: (s) => `${s.tags.review} without ${s.tags.reviewDone}`, de: (s) => `${s.tags.review} ohne ${s.tags.reviewDone}` },
    sidebar: {
      order: 1,
      title: { en: "Review open", de: "Review offen" },
      tag: { en: (s) => `#${s.tags.review} without #${s.tags.reviewDone}`, de: (s) => `#${s.tags.review} ohne #${s.tags.reviewDone}` },
      empty: {
        en: (s) => `No note carries #${s.tags.review} without #${s.tags.reviewDone}.`,
        de: (s) => `Keine Notiz tr\xE4gt #${s.tags.review} ohne #${s.tags.reviewDone}.`
      },
      highlight: (s) => s.tags.review,
      mark: { adds: (s) => s.tags.reviewDone }
    }
  },
  {
    id: "pendingReview",
    about: "rule files pending review",
    flag: "pendingReview",
    folder: "rulesFolder",
    label: { en: (s) => `${s.tags.pendingReview} in rules`, de: (s) => `${s.tags.pendingReview} im Regelwerk` },
    sidebar: {
      order: 2,
      title: { en: "Rules pending review", de: "Regeln zur Pr\xFCfung" },
      tag: { en: (s) => `#${s.tags.pendingReview}`, de: (s) => `#${s.tags.pendingReview}` },
      empty: {
        en: (s) => `No rule file in "${s.rulesFolder}" carries #${s.tags.pendingReview} or status ${s.tags.pendingReview}.`,
        de: (s) => `Keine Regeldatei in "${s.rulesFolder}" tr\xE4gt #${s.tags.pendingReview} oder den Status ${s.tags.pendingReview}.`
      },
      highlight: (s) => s.tags.pendingReview,
      mark: { removes: (s) => s.tags.pendingReview }
    }
  },
  {
    id: "sessionsToday",
    about: "today's files in the sessions folder",
    // The index keeps every session file: the date changes, the set does not.
    folder: "sessionsFolder",
    onDay: (path18, date) => basename3(path18).includes(date),
    label: { en: () => "Today's session files", de: () => "Heutige Sitzungsdateien" },
    hint: { en: "pick a new name, do not overwrite these", de: "neuen Namen w\xE4hlen, diese nicht \xFCberschreiben" }
  }
];
function localStamp(iso) {
  const d = new Date(iso);
  const two = (n) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}:${two(d.getMinutes())}`;
}
var CHANGE_ITEMS = [
  {
    id: "agentChanges",
    label: { en: () => "Changed by agents, not yet reviewed", de: () => "Von Agenten ge\xE4ndert, noch nicht gepr\xFCft" },
    changedOutside: {
      en: (at, hidden) => `review marks were changed outside Obsidian${at === null ? "" : ` at ${localStamp(at)}`}; ${hidden} agent change${hidden === 1 ? " was" : "s were"} hidden and ${hidden === 1 ? "is" : "are"} shown again`,
      de: (at, hidden) => `Pr\xFCfmarken wurden au\xDFerhalb von Obsidian ge\xE4ndert${at === null ? "" : ` (${localStamp(at)})`}; ${hidden} Agenten-\xC4nderung${hidden === 1 ? " war" : "en waren"} ausgeblendet und ${hidden === 1 ? "wird" : "werden"} wieder gezeigt`
    },
    journalLost: {
      en: (lost) => `the journal in the vault was deleted or changed outside Session Brief; ${lost} agent change${lost === 1 ? " it lost is" : "s it lost are"} shown again from the copy outside the vault`,
      de: (lost) => `das Journal im Vault wurde gel\xF6scht oder au\xDFerhalb von Session Brief ge\xE4ndert; ${lost} verlorene Agenten-\xC4nderung${lost === 1 ? " wird" : "en werden"} aus der Kopie au\xDFerhalb des Vaults wieder gezeigt`
    }
  },
  {
    id: "sinceLastSession",
    label: {
      en: (since) => since === null ? "New since the last session" : `New since the last session (${localStamp(since)})`,
      de: (since) => since === null ? "Neu seit der letzten Sitzung" : `Neu seit der letzten Sitzung (${localStamp(since)})`
    },
    firstNote: { en: "this is the first recorded session", de: "dies ist die erste aufgezeichnete Sitzung" }
  }
];

// src/core/brief-items.ts
init_flag_table();

// src/core/flags.ts
init_flag_table();
init_settings();
var BY_TAG = FLAG_SPECS.filter((s) => s.tag !== void 0).map((s) => ({ flag: s.flag, hits: s.kind === "hits" }));
var BY_STATUS = FLAG_SPECS.filter((s) => s.tag !== void 0 && s.status !== void 0).map((s) => ({ flag: s.flag, hits: s.kind === "hits" }));
var BY_TYPE = FLAG_SPECS.filter((s) => s.type !== void 0).map((s) => ({ flag: s.flag, hits: s.kind === "hits", value: s.type?.value ?? "" }));
function hasFlag(flags, flag) {
  const v = flags[flag];
  return typeof v === "boolean" ? v : v.length > 0;
}

// src/core/brief-items.ts
var NO_HITS = [];
var DAY_MS = 864e5;
function folderOf(folder2, settings) {
  return typeof folder2 === "string" ? settings[folder2] : folder2.path;
}
function resolveItem(d) {
  const { flag, without, folder: folder2, notFolder, age, onDay } = d;
  const custom = d.holds;
  const holds = (n, s) => (flag === void 0 || n.flags !== null && hasFlag(n.flags, flag)) && (without === void 0 || n.flags === null || !hasFlag(n.flags, without)) && (folder2 === void 0 || isInFolder(n.path, folderOf(folder2, s))) && (notFolder === void 0 || !isInFolder(n.path, folderOf(notFolder, s))) && (custom === void 0 || custom(n, s));
  const listsHits = flag !== void 0 && FLAG_SPECS.some((f) => f.flag === flag && f.kind === "hits");
  const hits = d.hits ?? (listsHits ? (f) => f === null ? NO_HITS : f[flag] : () => NO_HITS);
  const min = age?.min === void 0 ? void 0 : age.min * DAY_MS;
  const max = age?.max === void 0 ? void 0 : age.max * DAY_MS;
  const current = (path18, mtime, date, now) => (min === void 0 || now - mtime >= min) && (max === void 0 || now - mtime < max) && (onDay === void 0 || onDay(path18, date));
  return { ...d, holds, hits, current };
}
var LIST_ITEM_IDS = LIST_ITEMS.map((d) => d.id);
var LIST_ITEM_TABLE = LIST_ITEMS.map(resolveItem);
var SIDEBAR_ITEMS = LIST_ITEM_TABLE.filter(
  (d) => d.sidebar !== void 0
).sort((a, b) => a.sidebar.order - b.sidebar.order);
var SECTION_IDS = SIDEBAR_ITEMS.map((d) => d.id);
var QUEUE_ITEMS = [...SECTION_IDS, ...LIST_ITEM_IDS.filter((id) => !SECTION_IDS.includes(id))];
var CHANGE_ITEM_IDS = CHANGE_ITEMS.map((d) => d.id);

// src/core/format.ts
init_i18n();

// src/core/quote.ts
var SAFE_CHARS = String.raw`\p{L}\p{M}\p{N}\p{So}._\-/()[\]{}&'+#@!~=%$^;`;
var UNSAFE_CHARS = String.raw`[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}\p{Co}\p{Cn}]|(?! )\p{Zs}`;
var safeWords;
var unsafeChar;
var SAFE_WORDS = () => safeWords ??= new RegExp(`^[${SAFE_CHARS} ]+$`, "u");
var UNSAFE_CHAR = () => unsafeChar ??= new RegExp(UNSAFE_CHARS, "gu");
var KNOWN_RANGES = String.raw`\x20-\x7e\u00a0-\u024f\u0386\u0388-\u038a\u038c\u038e-\u03a1\u03a3-\u03ce\u0400-\u052f\u05d0-\u05ea\u0621-\u063a\u0641-\u064a\u0660-\u0669\u1e00-\u1eff\u2010-\u2027\u2030-\u205e\u3041-\u3096\u30a1-\u30fa\u4e00-\u9fff\uac00-\ud7a3`;
var KNOWN_TEXT = new RegExp(`^[${KNOWN_RANGES}]*$`);
var HAS_KNOWN_UNSAFE = /[\u00a0\u00ad]/;
var SAFE_KNOWN = String.raw`A-Za-z0-9\u00aa\u00b5\u00ba\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u024f\u00b2\u00b3\u00b9\u00bc-\u00be\u00a6\u00a9\u00ae\u00b0\u0386\u0388-\u038a\u038c\u038e-\u03a1\u03a3-\u03ce\u0400-\u052f\u05d0-\u05ea\u0621-\u063a\u0641-\u064a\u0660-\u0669\u1e00-\u1eff\u3041-\u3096\u30a1-\u30fa\u4e00-\u9fff\uac00-\ud7a3._\-/()[\]{}&'+#@!~=%$^;`;
var SAFE_KNOWN_WORDS = new RegExp(`^[${SAFE_KNOWN} ]+$`);
function plainKnown(text) {
  return KNOWN_TEXT.test(text) && !HAS_KNOWN_UNSAFE.test(text);
}
function escapeChar(c) {
  let out = "";
  for (let i = 0; i < c.length; i++) out += `\\u${c.charCodeAt(i).toString(16).padStart(4, "0")}`;
  return out;
}
function quoteAlways(name) {
  const json = JSON.stringify(name);
  return plainKnown(json) ? json : json.replace(UNSAFE_CHAR(), escapeChar);
}
function isSafeName(name) {
  if (name.startsWith(" ") || name.endsWith(" ") || name.includes("  ")) return false;
  return KNOWN_TEXT.test(name) ? SAFE_KNOWN_WORDS.test(name) : SAFE_WORDS().test(name);
}
function quoteName(name) {
  return isSafeName(name) ? name : quoteAlways(name);
}
function escapeControls(text) {
  return plainKnown(text) ? text : text.replace(UNSAFE_CHAR(), escapeChar);
}
function codePoints(text) {
  return Array.from(text);
}
function shortenName(name, max) {
  const whole = quoteName(name);
  if (whole.length <= max) return whole;
  const chars = codePoints(name);
  let keep = Math.max(2, max - 5);
  for (; ; ) {
    const head = chars.slice(0, Math.ceil(keep / 2)).join("");
    const tail = chars.slice(chars.length - Math.floor(keep / 2)).join("");
    const out = `${quoteAlways(head)}\u2026${quoteAlways(tail)}`;
    if (out.length <= max || keep <= 2) return out;
    keep -= Math.max(1, out.length - max);
  }
}
function safeLines(text) {
  return text.split("\n").map(escapeControls).join("\n");
}

// src/core/line-counts.ts
var MAX_CHANGED_LINES = 2e3;

// src/core/format.ts
var LINES_TEXT = translations({ en: { label: "lines added/removed" }, de: { label: "Zeilen hinzugef\xFCgt/entfernt" } });
var LARGE_TEXT = translations({
  en: { label: `large change, more than ${MAX_CHANGED_LINES} lines differ` },
  de: { label: `gro\xDFe \xC4nderung, mehr als ${MAX_CHANGED_LINES} Zeilen verschieden` }
});
var KINDS_TEXT = translations({
  en: { deleted: "deleted", renamed: "renamed" },
  de: { deleted: "gel\xF6scht", renamed: "umbenannt" }
});
function capText(text, limit, lang) {
  if (text.length <= limit) return text;
  const note = strings(lang).cut(limit);
  const room = limit - note.length - 1;
  const cut = text.lastIndexOf("\n", room);
  return `${text.slice(0, cut > 0 ? cut : room)}
${note}`;
}
function asciiJson(value, indent) {
  return JSON.stringify(value, null, indent).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

// bridge/io.ts
function readStdin(timeoutMs) {
  return new Promise((resolve12) => {
    if (process.stdin.isTTY) {
      resolve12(Buffer.alloc(0));
      return;
    }
    const chunks = [];
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      process.stdin.removeAllListeners();
      process.stdin.pause();
      process.stdin.destroy();
      resolve12(Buffer.concat(chunks));
    };
    const timer = setTimeout(finish, timeoutMs);
    process.stdin.on("data", (c) => chunks.push(c));
    process.stdin.on("end", finish);
    process.stdin.on("error", finish);
  });
}
var streamed = false;
function writeOut(text) {
  const bytes = Buffer.from(text, "utf8");
  let written = 0;
  try {
    while (written < bytes.length) written += fs5.writeSync(1, bytes, written);
    return;
  } catch (error) {
    if (error.code === "EPIPE") return;
  }
  streamed = true;
  process.stdout.on("error", () => void 0);
  try {
    process.stdout.write(bytes.subarray(written));
  } catch {
  }
}

// src/core/hosts/host.ts
function defineHost(host) {
  return host;
}
function claudeEnvelope(event, text, note) {
  const out = { hookSpecificOutput: { hookEventName: event, additionalContext: text } };
  if (note !== void 0) out.systemMessage = note;
  return out;
}
function claudeDeny(reason, message) {
  return { hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: reason }, systemMessage: message };
}
var SHARED_TOOL_NAMES = {
  write_file: "Write",
  replace: "Edit",
  edit: "Edit",
  create: "Write",
  apply_patch: "Edit"
};
function str2(v) {
  return typeof v === "string" ? v : void 0;
}
function obj(v) {
  return typeof v === "object" && v !== null && !Array.isArray(v) ? v : void 0;
}

// src/core/hosts/claude-code.ts
var claudeCode = defineHost({
  id: "claude-code",
  name: "Claude Code",
  cli: "claude",
  aliases: ["claude"],
  events: { SessionStart: "SessionStart", PostToolUse: "PostToolUse", PreToolUse: "PreToolUse", Stop: "Stop", SessionEnd: "SessionEnd" },
  // Longer output is moved to a file and the model sees a ~2 KB preview.
  limit: 1e4,
  docs: "https://code.claude.com/docs/en/hooks",
  envelope: claudeEnvelope,
  // Git Bash; PowerShell only where Git Bash is missing, which install cannot know (docs/agents.md, "PowerShell").
  windowsShell: "sh"
});

// src/core/hosts/codebuddy.ts
var codebuddy = defineHost({
  id: "codebuddy",
  name: "CodeBuddy Code",
  cli: "codebuddy",
  events: { SessionStart: "SessionStart", PostToolUse: "PostToolUse", Stop: "Stop" },
  limit: 1e4,
  docs: "https://www.codebuddy.ai/docs/cli/hooks",
  envelope: claudeEnvelope,
  // Not documented for Windows: the Claude Code-compatible shell form (docs/agents.md, "PowerShell").
  windowsShell: "sh"
});

// src/core/hosts/codex.ts
function patchPaths(patch) {
  const out = [];
  for (const m of patch.matchAll(/^\*\*\* (?:Add|Update|Delete) File: (.+)$/gm)) out.push((m[1] ?? "").trim());
  for (const m of patch.matchAll(/^\*\*\* Move to: (.+)$/gm)) out.push((m[1] ?? "").trim());
  return out;
}
var codex = defineHost({
  id: "codex",
  name: "OpenAI Codex CLI",
  cli: "codex",
  events: { SessionStart: "SessionStart", PostToolUse: "PostToolUse", PreToolUse: "PreToolUse", Stop: "Stop" },
  // Codex names every shell tool `Bash` in its hook input; the tools' own names are matched too.
  toolNames: { ...SHARED_TOOL_NAMES, exec_command: "Bash", shell_command: "Bash", local_shell: "Bash", shell: "Bash" },
  // Codex spills hook output over 2,500 tokens to a file; paths and dates run near 3 characters a
  // token, so 7,000 characters stays under it.
  limit: 7e3,
  docs: "https://developers.openai.com/codex/hooks",
  envelope: claudeEnvelope,
  adaptInput(raw, out) {
    const input = out.tool_input;
    if (input === void 0) return;
    if (out.tool_name === "Bash" && str2(input.command) === void 0 && str2(input.cmd) !== void 0) input.command = input.cmd;
    if (str2(raw.tool_name) !== "apply_patch") return;
    const paths = patchPaths(str2(input.command) ?? str2(input.patch) ?? str2(input.input) ?? "");
    if (paths.length > 0) {
      input.file_path = paths[0];
      input.file_paths = paths;
    }
  },
  // Codex evaluates a hook's command with PowerShell on Windows (docs/agents.md, "PowerShell").
  windowsShell: "powershell"
});

// src/core/hosts/copilot.ts
var copilot = defineHost({
  id: "copilot",
  name: "GitHub Copilot CLI",
  cli: "copilot",
  events: { SessionStart: "sessionStart", PostToolUse: "postToolUse", Stop: "agentStop" },
  toolNames: SHARED_TOOL_NAMES,
  afterEveryTool: true,
  // Copilot joins context values and caps them at 10 KB (bytes); 8,000 characters leaves room for
  // the few non-ASCII characters a note name may carry.
  limit: 8e3,
  docs: "https://docs.github.com/en/copilot/reference/hooks-reference",
  envelope: (_event, text) => ({ additionalContext: text }),
  // Its entries carry a `bash` and a `powershell` command line, one for each shell.
  windowsShell: "powershell"
});

// src/core/hosts/cursor.ts
var cursor = defineHost({
  id: "cursor",
  name: "Cursor",
  cli: "cursor-agent",
  events: { SessionStart: "sessionStart", PostToolUse: "afterFileEdit", Stop: "stop" },
  inputEvents: { afterFileEdit: "PostToolUse" },
  toolNames: SHARED_TOOL_NAMES,
  limit: 1e4,
  docs: "https://cursor.com/docs/agent/hooks",
  envelope: (_event, text) => ({ additional_context: text }),
  adaptInput(raw, out) {
    if (out.source === void 0 && out.hook_event_name === "SessionStart") out.source = "startup";
    if (out.tool_input === void 0 && str2(raw.file_path) !== void 0) {
      out.tool_input = { file_path: raw.file_path };
      out.tool_name ??= "Edit";
    }
  },
  // Cursor runs hook commands in PowerShell on Windows (docs/agents.md, "PowerShell").
  windowsShell: "powershell"
});

// src/core/hosts/devin.ts
var devin = defineHost({
  id: "devin",
  name: "Devin CLI",
  cli: "devin",
  aliases: ["devin-local", "devin-cli"],
  events: { SessionStart: "SessionStart", PostToolUse: "PostToolUse", Stop: "Stop" },
  toolNames: { edit: "Edit", write: "Write", notebook_edit: "NotebookEdit" },
  limit: 1e4,
  docs: "https://docs.devin.ai/cli/extensibility/hooks/overview",
  envelope: claudeEnvelope,
  // Not documented for Windows: the Claude Code-compatible shell form (docs/agents.md, "PowerShell").
  windowsShell: "sh"
});

// src/core/hosts/gemini.ts
var SHELL = "run_shell_command";
var gemini = defineHost({
  id: "gemini",
  name: "Gemini CLI",
  cli: "gemini",
  events: { SessionStart: "SessionStart", PostToolUse: "AfterTool", PreToolUse: "BeforeTool", Stop: "AfterAgent" },
  inputEvents: { AfterTool: "PostToolUse", BeforeTool: "PreToolUse" },
  toolNames: { ...SHARED_TOOL_NAMES, [SHELL]: "Bash" },
  limit: 1e4,
  docs: "https://geminicli.com/docs/hooks/reference",
  envelope: (event, text) => ({ hookSpecificOutput: { hookEventName: event === "PostToolUse" ? "AfterTool" : event, additionalContext: text } }),
  // BeforeTool refuses a call with a top-level `decision` of "deny" (or "block"); `reason` goes to the model.
  denyEnvelope: (reason, message) => ({ decision: "deny", reason, systemMessage: message }),
  adaptInput(raw, out) {
    if (str2(raw.tool_name) !== SHELL || out.tool_input === void 0) return;
    const dir = str2(out.tool_input.dir_path);
    if (dir === void 0 || dir.trim() === "") return;
    const absolute = dir.startsWith("/") || /^[A-Za-z]:[\\/]/.test(dir) || dir.startsWith("\\\\");
    if (absolute) out.cwd = dir;
    else if (out.cwd !== void 0) out.cwd = `${out.cwd.replace(/[\\/]+$/, "")}/${dir}`;
  },
  // Gemini CLI runs command hooks through its platform shell, PowerShell on Windows (docs/agents.md, "PowerShell").
  windowsShell: "powershell"
});

// src/core/hosts/qwen.ts
var qwen = defineHost({
  id: "qwen",
  name: "Qwen Code",
  cli: "qwen",
  events: { SessionStart: "SessionStart", PostToolUse: "PostToolUse", Stop: "Stop" },
  toolNames: SHARED_TOOL_NAMES,
  limit: 1e4,
  docs: "https://qwenlm.github.io/qwen-code-docs/en/users/features/hooks/",
  envelope: claudeEnvelope,
  // Not documented for Windows; kept as it was (docs/agents.md, "PowerShell").
  windowsShell: "sh"
});

// src/core/hosts/list.ts
var HOST_LIST = [claudeCode, codex, gemini, qwen, cursor, copilot, devin, codebuddy];

// src/core/hosts/index.ts
var AGENT_IDS = HOST_LIST.map((h) => h.id);
var HOSTS = Object.fromEntries(HOST_LIST.map((h) => [h.id, h]));
var DEFAULT_AGENT = "claude-code";
function isAgentId(value) {
  return AGENT_IDS.includes(value);
}

// src/core/agent-contracts.ts
function agentOrDefault(agent) {
  return agent !== void 0 && isAgentId(agent) ? agent : DEFAULT_AGENT;
}
function argsObject(v) {
  if (typeof v === "string") {
    try {
      return obj(JSON.parse(v));
    } catch {
      return void 0;
    }
  }
  return obj(v);
}
var EVENT_NAMES = {
  SessionStart: "SessionStart",
  sessionStart: "SessionStart",
  PostToolUse: "PostToolUse",
  postToolUse: "PostToolUse"
};
function own(map, key) {
  return map !== void 0 && Object.prototype.hasOwnProperty.call(map, key) ? map[key] : void 0;
}
function toolInput(input) {
  if (input === void 0) return void 0;
  const out = { ...input };
  const filePath = str2(input.file_path) ?? str2(input.absolute_path) ?? str2(input.path) ?? str2(input.filePath);
  if (filePath !== void 0 && out.file_path === void 0) out.file_path = filePath;
  return out;
}
function translateHookInput(agent, raw) {
  const r = obj(raw);
  if (r === void 0) return {};
  const event = str2(r.hook_event_name) ?? str2(r.hookEventName);
  const out = {};
  const host = HOSTS[agent];
  if (event !== void 0) out.hook_event_name = own(host.inputEvents, event) ?? own(EVENT_NAMES, event) ?? event;
  const session = str2(r.session_id) ?? str2(r.sessionId) ?? str2(r.conversation_id);
  if (session !== void 0) out.session_id = session;
  const roots = Array.isArray(r.workspace_roots) ? r.workspace_roots : [];
  const cwd = str2(r.cwd) ?? str2(roots[0]);
  if (cwd !== void 0) out.cwd = cwd;
  let source = str2(r.source) ?? str2(r.trigger);
  if (source === "new") source = "startup";
  if (source !== void 0) out.source = source;
  const rawTool = str2(r.tool_name) ?? str2(r.toolName);
  if (rawTool !== void 0) {
    out.tool_name = own(host.toolNames, rawTool) ?? rawTool;
    if (out.tool_name !== rawTool) out.host_tool_name = rawTool;
  }
  const translated = toolInput(obj(r.tool_input) ?? argsObject(r.toolArgs));
  if (translated !== void 0) out.tool_input = translated;
  host.adaptInput?.(r, out);
  return out;
}
function hookEnvelope(agent, event, text, note) {
  return HOSTS[agent].envelope(event, text, note);
}
function sessionStartOutput(agent, text, lang) {
  const id = agentOrDefault(agent);
  const capped2 = capText(safeLines(text), HOSTS[id].limit, lang);
  return `${asciiJson(hookEnvelope(id, "SessionStart", capped2))}
`;
}

// bridge/commands/post-tool-use.ts
init_scope();

// src/node/hosts/hook-input.ts
function parseHookJson(stdin) {
  try {
    return JSON.parse(stdin.toString("utf8").replace(/^\uFEFF/, ""));
  } catch {
    return void 0;
  }
}

// src/node/journal/agent-journal.ts
var fs8 = require("node:fs");
var path7 = require("node:path");

// src/core/text-bytes.ts
function utf8Length(text) {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 128) bytes += 1;
    else if (c < 2048) bytes += 2;
    else if (c >= 55296 && c <= 56319 && i + 1 < text.length && (text.charCodeAt(i + 1) & 64512) === 56320) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

// src/core/agent-journal.ts
var MAX_RECORDS = 1e4;
var MAX_AGE_MS = 30 * 24 * 60 * 60 * 1e3;
var MAX_RECORD_BYTES = 4e3;
var MAX_TOOL_CHARS = 64;
var MAX_SESSION_CHARS = 200;
function shortString(value, max) {
  if (typeof value !== "string" || value === "") return null;
  return value.length > max ? value.slice(0, max) : value;
}
function journalRecord(edit, excludedRootFolders) {
  if (edit.rel === null || !isCountedNote(edit.rel, excludedRootFolders)) return null;
  const record = {
    path: edit.rel,
    tool: shortString(edit.tool, MAX_TOOL_CHARS),
    session: shortString(edit.session, MAX_SESSION_CHARS),
    at: edit.now.toISOString()
  };
  return encodeRecord(record) === null ? null : record;
}
function encodeRecord(r) {
  const fields = { path: r.path, tool: r.tool, session: r.session, at: r.at };
  if (r.change !== void 0) fields.change = r.change;
  if (r.change === "renamed" && r.from !== void 0) fields.from = r.from;
  const line = `${JSON.stringify(fields)}
`;
  if (line.length * 3 > MAX_RECORD_BYTES && utf8Length(line) > MAX_RECORD_BYTES) return null;
  return line;
}
var RECORD_START = '{"path":';
function isVaultRelative(p) {
  if (p === "" || p.includes("\0") || p.includes("\\") || p.startsWith("/") || /^[a-zA-Z]:/.test(p)) return false;
  return !p.split("/").some((part) => part === "" || part === "." || part === "..");
}
var ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
function asRecord(value) {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return null;
  const v = value;
  if (typeof v.path !== "string" || !isVaultRelative(v.path)) return null;
  if (v.tool !== null && typeof v.tool !== "string") return null;
  if (v.session !== null && typeof v.session !== "string") return null;
  if (typeof v.at !== "string" || !ISO.test(v.at) || Number.isNaN(Date.parse(v.at))) return null;
  const record = { path: v.path, tool: v.tool, session: v.session, at: v.at };
  if (v.change === "deleted") record.change = "deleted";
  else if (v.change === "renamed" && typeof v.from === "string" && isVaultRelative(v.from) && v.from !== v.path) {
    record.change = "renamed";
    record.from = v.from;
  }
  return record;
}
function parseLine(line) {
  try {
    return asRecord(JSON.parse(line));
  } catch {
    const start = line.lastIndexOf(RECORD_START);
    if (start <= 0) return null;
    try {
      return asRecord(JSON.parse(line.slice(start)));
    } catch {
      return null;
    }
  }
}
function recordKey(r) {
  return `${r.at}\0${r.path}\0${r.session ?? ""}\0${r.tool ?? ""}\0${r.change ?? ""}\0${r.from ?? ""}`;
}
function journalLines(text) {
  const out = [];
  for (const line of text.split("\n")) {
    if (line.trim() === "") continue;
    const r = parseLine(line);
    if (r !== null) out.push(r);
  }
  return out;
}
function sortRecords(records) {
  return [...records].sort((a, b) => a.at < b.at ? -1 : a.at > b.at ? 1 : 0);
}
function parseJournal(text) {
  const seen = /* @__PURE__ */ new Set();
  const out = [];
  for (const r of journalLines(text)) {
    const k = recordKey(r);
    if (seen.has(k)) continue;
    seen.add(k);
    out.push(r);
  }
  return sortRecords(out);
}
function boundJournal(records, now) {
  const oldest = new Date(now.getTime() - MAX_AGE_MS).toISOString();
  const fresh = records.filter((r) => r.at >= oldest);
  return fresh.length > MAX_RECORDS ? fresh.slice(fresh.length - MAX_RECORDS) : fresh;
}
var COMPACT_AT_BYTES = 4 * 1024 * 1024;
function compactJournal(text, now) {
  const lines = boundJournal(parseJournal(text), now).map((r) => encodeRecord(r) ?? "");
  let bytes = 0;
  let first = lines.length;
  while (first > 0) {
    const size = utf8Length(lines[first - 1] ?? "");
    if (bytes + size > COMPACT_AT_BYTES / 2) break;
    bytes += size;
    first--;
  }
  return lines.slice(first).join("");
}

// src/node/journal/agent-journal-copy.ts
var fs7 = require("node:fs");

// src/node/journal/user-state-dir.ts
var fs6 = require("node:fs");
var path6 = require("node:path");

// src/core/file-key.ts
var FNV_OFFSET = BigInt("0xcbf29ce484222325");
var FNV_PRIME = BigInt("0x100000001b3");
var U64 = BigInt("0xffffffffffffffff");
function fileKey(key) {
  let h = FNV_OFFSET;
  for (const byte of new TextEncoder().encode(key)) h = (h ^ BigInt(byte)) * FNV_PRIME & U64;
  return h.toString(16).padStart(16, "0");
}

// src/node/builtin-on-demand.ts
var import_node_module = require("node:module");
function builtinOnDemand(id) {
  const get = process.getBuiltinModule;
  return typeof get === "function" ? get(id) : (0, import_node_module.createRequire)(__filename)(id);
}

// src/node/journal/user-state-dir.ts
function userStateDir(env = process.env, platform = process.platform) {
  const given = env.SESSION_BRIEF_STATE_DIR;
  if (given !== void 0 && given !== "") return given;
  const home = builtinOnDemand("node:os").homedir();
  if (platform === "win32") return path6.join(env.LOCALAPPDATA ?? path6.join(home, "AppData", "Local"), "session-brief");
  if (platform === "darwin") return path6.join(home, "Library", "Application Support", "session-brief");
  return path6.join(env.XDG_STATE_HOME ?? path6.join(home, ".local", "state"), "session-brief");
}
function vaultStateFile(root, prefix, suffix, env = process.env) {
  let real = path6.resolve(root);
  try {
    real = fs6.realpathSync.native(real);
  } catch {
  }
  return path6.join(userStateDir(env), `${prefix}-${fileKey(real)}${suffix}`);
}

// src/node/journal/agent-journal-copy.ts
var STALE_LOCK_MS = 3e4;
function journalCopyFile(root, env = process.env) {
  return vaultStateFile(root, JOURNAL_COPY_PREFIX, ".jsonl", env);
}
function appendCopy(root, lines, now, env = process.env) {
  if (lines === "") return;
  const size = appendUserStateFile(journalCopyFile(root, env), lines);
  if (size >= COMPACT_AT_BYTES) compactCopy(root, now, null, env);
}
function takeLock(lock) {
  for (let i = 0; i < 2; i++) {
    if (createUserStateFile(lock, String(process.pid))) return true;
    try {
      const st = fs7.lstatSync(lock, { throwIfNoEntry: false });
      if (st !== void 0 && Date.now() - st.mtimeMs < STALE_LOCK_MS) return false;
      removeUserStateFile(lock);
    } catch {
      return false;
    }
  }
  return false;
}
function linesFrom(fd, from) {
  const buf = readRange(fd, from, Number.MAX_SAFE_INTEGER);
  const last = buf.lastIndexOf(10);
  if (last < 0) return { text: "", end: from };
  return { text: buf.subarray(0, last + 1).toString("utf8"), end: from + last + 1 };
}
function compactCopy(root, now, floor, env = process.env) {
  const file = journalCopyFile(root, env);
  const lock = `${file}.lock`;
  if (!takeLock(lock)) return;
  let fd = null;
  try {
    fd = openUserStateFile(file);
    if (fd === null) return;
    const size = fs7.fstatSync(fd).size;
    const head = linesFrom(fd, Math.max(0, size - 2 * COMPACT_AT_BYTES));
    const kept = floor === null ? head.text : parseJournal(head.text).filter((r) => r.at >= floor).map((r) => encodeRecord(r) ?? "").join("");
    let text = compactJournal(kept, now);
    const tail = linesFrom(fd, head.end);
    text += tail.text;
    writeUserStateFile(file, text);
    const late = linesFrom(fd, tail.end);
    if (late.text !== "") appendUserStateFile(file, late.text);
  } finally {
    if (fd !== null) fs7.closeSync(fd);
    removeUserStateFile(lock);
  }
}

// src/node/journal/agent-journal.ts
var STALE_LOCK_MS2 = 3e4;
function journalPath(pluginDir) {
  return path7.join(pluginDir, JOURNAL_FILE);
}
async function appendJournal(root, pluginDir, record, now) {
  const line = encodeRecord(record);
  if (line === null) return;
  copyLines(root, line, now);
  const file = journalPath(pluginDir);
  const size = appendLanded(root, file, line);
  if (size >= COMPACT_AT_BYTES) await compactJournalFile(root, pluginDir, now);
}
function copyLines(root, lines, now) {
  try {
    appendCopy(root, lines, now);
  } catch {
  }
}
function takeLock2(root, lock) {
  for (let i = 0; i < 2; i++) {
    if (createStateFile(root, lock, String(process.pid))) return true;
    try {
      const st = statStateFile(root, lock);
      if (st !== null && Date.now() - st.mtimeMs < STALE_LOCK_MS2) return false;
      removeStateFile(root, lock);
    } catch {
      return false;
    }
  }
  return false;
}
function completeLinesFrom(fd, from) {
  const buf = readRange(fd, from, Number.MAX_SAFE_INTEGER);
  const last = buf.lastIndexOf(10);
  if (last < 0) return { text: "", end: from };
  return { text: buf.subarray(0, last + 1).toString("utf8"), end: from + last + 1 };
}
async function compactJournalFile(root, pluginDir, now) {
  const file = journalPath(pluginDir);
  const lock = path7.join(pluginDir, JOURNAL_LOCK);
  if (!takeLock2(root, lock)) return false;
  let fd = null;
  try {
    fd = openStateFile(root, file);
    if (fd === null) return true;
    const size = fs8.fstatSync(fd).size;
    const start = Math.max(0, size - 2 * COMPACT_AT_BYTES);
    const head = completeLinesFrom(fd, start);
    let text = compactJournal(head.text, now);
    const tail = completeLinesFrom(fd, head.end);
    text += tail.text;
    writeStateFile(root, file, text);
    const late = completeLinesFrom(fd, tail.end);
    if (late.text !== "") appendLanded(root, file, late.text);
    try {
      compactCopy(root, now, parseJournal(text)[0]?.at ?? null);
    } catch {
    }
    return true;
  } finally {
    if (fd !== null) fs8.closeSync(fd);
    removeStateFile(root, lock);
  }
}
async function recordAgentEdit(ctx, edit) {
  try {
    if (ctx.pluginDir === null) return;
    const record = journalRecord(edit, ctx.settings.excludedRootFolders);
    if (record !== null) await appendJournal(ctx.root, ctx.pluginDir, record, edit.now);
  } catch {
  }
}

// src/node/review/before-version-hook.ts
var path10 = require("node:path");

// src/core/agent-fence.ts
init_i18n();
var FENCED_FILE_TOOLS = /* @__PURE__ */ new Set(["Write", "Edit", "MultiEdit", "NotebookEdit"]);
var SHELL_TOOL = "Bash";
var READING_COMMANDS = /* @__PURE__ */ new Set(["report", "check", "changes", "doctor", "help", "--help", "-h", "--version"]);
var FENCE_TEXT = translations({
  en: {
    plugin: (shown, where) => {
      const what = `Refused: ${shown} is in Session Brief's plugin folder (${where}).`;
      const why = "It holds the human's review trail (what agents changed and what the human has reviewed) and the plugin's settings, which only the human changes, in Obsidian.";
      const todo = "Leave it as it is and go on with the task; if the user asked for this change, tell them to make it themselves.";
      return `${what} ${why} ${todo}`;
    },
    hooks: (shown, where) => {
      const what = `Refused: ${shown} is one of Session Brief's hook files (in ${where}), which check this session's edits.`;
      const why = "Agents do not change them; the user updates or removes them with the bridge's install or uninstall command.";
      return `${what} ${why} Leave them as they are and go on with the task.`;
    },
    agentPlugin: (shown, where) => {
      const what = `Refused: ${shown} is in Session Brief's agent plugin (${where}), whose hooks check this session's edits.`;
      return `${what} Agents do not change it; the user updates or removes the plugin. Leave it as it is and go on with the task.`;
    },
    state: (shown, where) => {
      const what = `Refused: ${shown} is in Session Brief's per-user state folder (${where}).`;
      const why = "It holds the seals of the human's reviews and the copy of the review trail, which only Session Brief writes.";
      return `${what} ${why} Leave it as it is and go on with the task.`;
    },
    command: (shown) => ` The command names ${shown}. To read the vault's state, use the brief, or run the bridge's report or check command.`,
    message: (shown) => `Session Brief refused an agent's change to its own files: ${shown}.`
  },
  de: {
    plugin: (shown, where) => {
      const what = `Abgelehnt: ${shown} liegt im Plugin-Ordner von Session Brief (${where}).`;
      const why1 = "Dort liegen die Pr\xFCfspur des Menschen (was Agenten ge\xE4ndert haben und was der Mensch schon gepr\xFCft hat)";
      const why2 = "und die Einstellungen des Plugins; beides \xE4ndert nur der Mensch, in Obsidian.";
      const todo1 = "Nichts daran \xE4ndern und mit der Aufgabe weitermachen;";
      const todo2 = "hat der Nutzer um diese \xC4nderung gebeten, ihm sagen, dass er sie selbst vornehmen muss.";
      return `${what} ${why1} ${why2} ${todo1} ${todo2}`;
    },
    hooks: (shown, where) => {
      const what = `Abgelehnt: ${shown} ist eine der Hook-Dateien von Session Brief (in ${where}), die die \xC4nderungen dieser Sitzung pr\xFCfen.`;
      const why = "Agenten \xE4ndern sie nicht; der Nutzer aktualisiert oder entfernt sie mit dem Befehl install oder uninstall der Bridge.";
      return `${what} ${why} Nichts daran \xE4ndern und mit der Aufgabe weitermachen.`;
    },
    agentPlugin: (shown, where) => {
      const what = `Abgelehnt: ${shown} liegt im Agenten-Plugin von Session Brief (${where}), dessen Hooks die \xC4nderungen dieser Sitzung pr\xFCfen.`;
      return `${what} Agenten \xE4ndern es nicht; der Nutzer aktualisiert oder entfernt das Plugin. Nichts daran \xE4ndern und mit der Aufgabe weitermachen.`;
    },
    state: (shown, where) => {
      const what = `Abgelehnt: ${shown} liegt im Zustandsordner von Session Brief f\xFCr diesen Nutzer (${where}).`;
      const why = "Dort liegen die Siegel der Pr\xFCfungen des Menschen und die Kopie der Pr\xFCfspur, die nur Session Brief schreibt.";
      return `${what} ${why} Nichts daran \xE4ndern und mit der Aufgabe weitermachen.`;
    },
    command: (shown) => ` Der Befehl nennt ${shown}. Den Stand der Vault zeigen das Briefing und die Befehle report und check der Bridge.`,
    message: (shown) => `Session Brief hat die \xC4nderung eines Agenten an seinen eigenen Dateien abgelehnt: ${shown}.`
  }
});
function fenceRefusal(fenced, shown, where, viaCommand, lang) {
  const t = FENCE_TEXT[lang];
  const name = shortenName(shown, 300);
  const place = shortenName(where, 200);
  const reason = t[fenced](name, place) + (viaCommand ? t.command(name) : "");
  return { reason, message: t.message(shortenName(shown, 200)) };
}
function commandWords(command) {
  const words = [];
  let current = "";
  let quote = null;
  const push = () => {
    if (current !== "") words.push(current);
    current = "";
  };
  for (const ch of command) {
    if (quote !== null) {
      if (ch === quote) quote = null;
      else current += ch;
    } else if (ch === '"' || ch === "'") quote = ch;
    else if (/[\s;&|()<>`]/.test(ch)) push();
    else current += ch;
  }
  push();
  const out = [];
  for (const w of words) {
    const slashed = w.replace(/\\/g, "/");
    out.push(slashed);
    const eq = slashed.indexOf("=");
    if (eq > 0 && eq < slashed.length - 1) out.push(slashed.slice(eq + 1));
  }
  return out;
}
function beforeGlob(word) {
  const at = word.search(/[*?[{]/);
  return at === -1 ? word : word.slice(0, at);
}

// src/node/review/before-version-hook.ts
init_scope();

// src/core/shell-notes.ts
var READERS = /* @__PURE__ */ new Set([
  "cat",
  "less",
  "more",
  "head",
  "tail",
  "grep",
  "egrep",
  "fgrep",
  "rg",
  "ag",
  "wc",
  "ls",
  "stat",
  "file",
  "diff",
  "cmp",
  "md5sum",
  "sha256sum",
  "sha1sum",
  "nl",
  "sort",
  "uniq",
  "cut",
  "tr",
  "echo",
  "printf",
  "pwd",
  "find",
  "tree",
  "du",
  "bat",
  "realpath",
  "readlink",
  "basename",
  "dirname",
  "test",
  "[",
  "true",
  "cd",
  "which",
  "type",
  "date",
  "jq",
  "column",
  "fold",
  "od",
  "xxd",
  "hexdump",
  "strings",
  "awk"
]);
function shellMayWrite(command) {
  const stripped = command.replace(/\d*>&\d+/g, " ").replace(/\d*>+\s*\/dev\/null/g, " ");
  if (/>/.test(stripped.replace(/'[^']*'|"[^"]*"/g, ""))) return true;
  for (const segment of stripped.split(/&&|\|\||[;|&\n]/)) {
    const words = segment.trim().split(/\s+/).filter((w) => w !== "" && !/^\w+=/.test(w));
    const program = (words[0] ?? "").replace(/^.*\//, "");
    if (program === "") continue;
    if (program === "awk" && words.some((w) => w === "inplace")) return true;
    if (!READERS.has(program)) return true;
    if (program === "find" && words.some((w) => w === "-delete" || w === "-exec" || w === "-execdir")) return true;
  }
  return false;
}
function noteWords(command) {
  if (!shellMayWrite(command)) return [];
  const out = /* @__PURE__ */ new Set();
  for (const w of commandWords(command)) {
    if (w.startsWith("-") || w.startsWith("$") || /[*?[{]/.test(w)) continue;
    if (w.toLowerCase().endsWith(".md")) out.add(w);
  }
  return [...out];
}

// src/node/review/before-versions.ts
var fs9 = require("node:fs");
var path8 = require("node:path");

// src/core/before-versions.ts
var MAX_NOTE_BYTES = 1024 * 1024;
var MAX_TOTAL_BYTES = 32 * 1024 * 1024;
var MAX_FILES = 4e3;
var MAX_BEFORE_AGE_MS = MAX_AGE_MS;
var BEFORE_SUFFIX = ".before";
var AFTER_SUFFIX = ".after";
function beforeStem(session, path18) {
  return fileKey(`${session ?? ""}\0${path18}`);
}
function encodeHeader(h) {
  return `${JSON.stringify({ v: 1, path: h.path, session: h.session, at: h.at, state: h.state, tool: h.tool })}
`;
}
function stateFor(size) {
  if (size === null) return "new";
  return size > MAX_NOTE_BYTES ? "too-large" : "kept";
}
function pruneChoice(entries3, nowMs, incoming) {
  const stems = /* @__PURE__ */ new Map();
  for (const e of entries3) {
    const stem = e.name.endsWith(BEFORE_SUFFIX) ? e.name.slice(0, -BEFORE_SUFFIX.length) : e.name.endsWith(AFTER_SUFFIX) ? e.name.slice(0, -AFTER_SUFFIX.length) : e.name;
    const s = stems.get(stem) ?? { names: [], size: 0, mtimeMs: 0 };
    s.names.push(e.name);
    s.size += e.size;
    if (e.name.endsWith(BEFORE_SUFFIX) || s.mtimeMs === 0) s.mtimeMs = e.mtimeMs;
    stems.set(stem, s);
  }
  const groups = [...stems.values()].sort((a, b) => a.mtimeMs - b.mtimeMs);
  let total = incoming + groups.reduce((n, g) => n + g.size, 0);
  let files = 2 + groups.reduce((n, g) => n + g.names.length, 0);
  const out = [];
  for (const g of groups) {
    const old = nowMs - g.mtimeMs > MAX_BEFORE_AGE_MS;
    if (!old && total <= MAX_TOTAL_BYTES && files <= MAX_FILES) break;
    out.push(...g.names);
    total -= g.size;
    files -= g.names.length;
  }
  return out;
}

// src/node/review/before-versions.ts
function beforeFolder(place) {
  return path8.join(place.pluginDir, BEFORE_FOLDER);
}
function fileOf(place, session, rel, suffix) {
  return path8.join(beforeFolder(place), `${beforeStem(session, rel)}${suffix}`);
}
function notePath(place, rel) {
  return path8.join(place.root, ...rel.split("/"));
}
function entries2(place) {
  const dir = beforeFolder(place);
  const out = [];
  for (const d of listStateFolder(place.root, dir, MAX_FILES * 2)) {
    if (!d.isFile()) continue;
    const st = fs9.lstatSync(path8.join(dir, d.name), { throwIfNoEntry: false });
    if (st !== void 0 && st.isFile()) out.push({ name: d.name, size: st.size, mtimeMs: st.mtimeMs });
  }
  return out;
}
function keepBeforeVersion(place, rel, session, tool, now) {
  const file = fileOf(place, session, rel, BEFORE_SUFFIX);
  if (statStateFile(place.root, file) !== null) return false;
  const note = notePath(place, rel);
  const entry = inspectStateFile(place.root, note);
  if (entry.kind === "damaged") return false;
  let state = stateFor(entry.kind === "missing" ? null : entry.stat.size);
  let bytes = null;
  if (state === "kept") {
    bytes = readStateFile(place.root, note, MAX_NOTE_BYTES);
    if (bytes === null) state = "too-large";
  }
  const header = encodeHeader({ path: rel, session, at: now.toISOString(), state, tool });
  const data = bytes === null ? Buffer.from(header) : Buffer.concat([Buffer.from(header), bytes]);
  const dir = beforeFolder(place);
  for (const name of pruneChoice(entries2(place), now.getTime(), data.length)) removeStateFile(place.root, path8.join(dir, name));
  writeStateFile(place.root, file, data);
  return true;
}
function hasBeforeVersion(place, rel, session) {
  return statStateFile(place.root, fileOf(place, session, rel, BEFORE_SUFFIX)) !== null;
}
function recordAfter(place, rel, session, now, sha2562) {
  if (!hasBeforeVersion(place, rel, session)) return false;
  const bytes = readStateFile(place.root, notePath(place, rel), MAX_NOTE_BYTES);
  const hash = bytes === null ? null : sha2562(bytes);
  writeStateFile(place.root, fileOf(place, session, rel, AFTER_SUFFIX), afterData(hash, now.toISOString(), bytes));
  return true;
}
function afterData(hash, at, bytes) {
  return Buffer.concat([Buffer.from(`${JSON.stringify({ sha256: hash, at, kept: bytes !== null })}
`), bytes ?? Buffer.alloc(0)]);
}

// src/node/review/before-version-hook.ts
init_real_path();
function sessionOf(session) {
  return session === null || session === "" ? null : session.slice(0, 200);
}
function mayChangeNotes(call) {
  if (FENCED_FILE_TOOLS.has(call.tool)) return call.filePath !== null;
  return call.tool === SHELL_TOOL && call.command !== null && noteWords(call.command).length > 0;
}
function noteOf(ctx, p, base) {
  const abs = path10.resolve(base, p);
  const rel = vaultRelative(ctx.root, abs) ?? vaultRelativeReal(ctx.root, abs);
  if (rel === null || !isCountedNote(rel, ctx.settings.excludedRootFolders)) return null;
  return rel;
}
function notesOfCall(ctx, call) {
  if (FENCED_FILE_TOOLS.has(call.tool) && call.filePath !== null) {
    const out2 = /* @__PURE__ */ new Set();
    for (const file of call.filePaths ?? [call.filePath]) {
      const rel = noteOf(ctx, file, ctx.root);
      if (rel !== null) out2.add(rel);
    }
    return [...out2];
  }
  if (call.tool !== SHELL_TOOL || call.command === null) return [];
  const base = call.cwd !== void 0 && path10.isAbsolute(call.cwd) ? call.cwd : ctx.root;
  const out = /* @__PURE__ */ new Set();
  for (const word of noteWords(call.command)) {
    const rel = noteOf(ctx, word, base);
    if (rel === null) continue;
    const abs = path10.join(ctx.root, ...rel.split("/"));
    if (statStateFile(ctx.root, abs) !== null || isStateFolder(ctx.root, path10.dirname(abs))) out.add(rel);
  }
  return [...out];
}
function placeOf(ctx) {
  return ctx.pluginDir === null ? null : { root: ctx.root, pluginDir: ctx.pluginDir };
}
function keepBeforeVersions(ctx, call, now) {
  try {
    const place = placeOf(ctx);
    if (place === null) return [];
    const notes = notesOfCall(ctx, call);
    for (const rel of notes) {
      try {
        keepBeforeVersion(place, rel, sessionOf(call.session), call.tool, now);
      } catch {
      }
    }
    return notes;
  } catch {
    return [];
  }
}
async function recordAfterVersion(ctx, rel, session, now) {
  try {
    const place = placeOf(ctx);
    const id = sessionOf(typeof session === "string" ? session : null);
    if (place === null || !isCountedNote(rel, ctx.settings.excludedRootFolders) || !hasBeforeVersion(place, rel, id)) return;
    const { sha256: sha2562 } = await Promise.resolve().then(() => (init_sha256(), sha256_exports));
    recordAfter(place, rel, id, now, sha2562);
  } catch {
  }
}

// bridge/bridge-file.ts
var path11 = require("node:path");
var LOAD_BRIDGE = "sessionBriefLoadBridge";
function ownName() {
  return path11.basename(__filename);
}
function loader() {
  const load = module[LOAD_BRIDGE];
  if (typeof load !== "function") throw new Error(`${ownName()} runs through the hook entry beside it: run "node session-brief.cjs ${process.argv[2] ?? "session-start"}"`);
  return load;
}
function runBridge() {
  asked = true;
  loader()(false);
}
var loaded;
var asked = false;
function bridgeLibrary() {
  if (loaded !== void 0) return loaded;
  asked = true;
  const exported = loader()(true);
  if (typeof exported.localTiers !== "function" || typeof exported.editCheck !== "function" || exported.version !== "0.1.0") {
    const found = typeof exported.version === "string" ? `version ${exported.version}` : "an older version";
    throw new Error(`the bridge beside the hook entry is ${found}, ${ownName()} ${"0.1.0"}; run install again to put the files of one release in place`);
  }
  loaded = exported;
  return loaded;
}

// bridge/edit-check-from-bridge.ts
var editCheck = () => bridgeLibrary().editCheck();

// src/core/rules/hook-failed-text.ts
init_i18n();
var HOOK_FAILED_TEXT = translations({
  en: {
    hookFailed: (reason, command) => `Rule check: the post-tool-use hook itself failed (${reason}), so the rule set is unchecked after this edit. Run \`${command}\` in a terminal to see the full error.`,
    hookFailedSystem: (reason) => `Rule check failed to run: ${reason}`
  },
  de: {
    hookFailed: (reason, command) => `Regelwerk-Check: der post-tool-use-Hook ist selbst gescheitert (${reason}); das Regelwerk ist nach dieser \xC4nderung ungepr\xFCft. \`${command}\` im Terminal zeigt den ganzen Fehler.`,
    hookFailedSystem: (reason) => `Regelwerk-Check lief nicht: ${reason}`
  }
});

// bridge/hook-output.ts
function postToolUseEnvelope(context, systemMessage, agent = DEFAULT_AGENT) {
  const oneLine = escapeControls(systemMessage.replace(/\s+/g, " ").trim().slice(0, 300));
  return `${asciiJson(HOSTS[agent].envelope("PostToolUse", context, oneLine))}
`;
}
function postToolUseCrashEnvelope(error, scriptPath, lang = "en", agent = DEFAULT_AGENT) {
  const reason = escapeControls((error instanceof Error ? error.message : String(error)).split("\n")[0]?.slice(0, 300) ?? "") || "unknown error";
  const command = checkCommand(scriptPath);
  const t = HOOK_FAILED_TEXT[lang];
  return postToolUseEnvelope(t.hookFailed(reason, command), t.hookFailedSystem(reason), agent);
}
function checkCommand(scriptPath) {
  return `node ${/[\s"']/.test(scriptPath) ? `"${scriptPath.replace(/"/g, '\\"')}"` : scriptPath} check`;
}
function sessionStartCrashOutput(args, error) {
  return sessionStartOutput(stringFlag(args, "agent"), `Session brief: ${safeLines(error instanceof Error ? error.message : String(error))}`, "en");
}
function hookCrashOutput(args, error, scriptPath) {
  switch (args.command) {
    case "pre-tool-use":
      return "";
    case "turn-end":
      return "{}\n";
    case "post-tool-use":
      return postToolUseCrashEnvelope(error, scriptPath, "en", agentOrDefault(stringFlag(args, "agent")));
    case "session-start":
      return sessionStartCrashOutput(args, error);
    default:
      return null;
  }
}

// bridge/commands/post-tool-use.ts
var EDIT_TOOLS = /* @__PURE__ */ new Set(["Edit", "Write", "MultiEdit", "NotebookEdit"]);
var MAX_PATCH_FILES = 200;
function editOf(stdin, agent = DEFAULT_AGENT) {
  const hook = translateHookInput(agent, parseHookJson(stdin));
  const input = hook.tool_input;
  if (input === void 0) return null;
  if (HOSTS[agent].afterEveryTool === true && (hook.tool_name === void 0 || !EDIT_TOOLS.has(hook.tool_name))) return null;
  for (const key of ["file_path", "notebook_path"]) {
    const value = input[key];
    if (typeof value !== "string" || value.trim() === "") continue;
    const more = Array.isArray(input.file_paths) ? input.file_paths.filter((p) => typeof p === "string" && p.trim() !== "").slice(0, MAX_PATCH_FILES) : [];
    return { filePath: value, filePaths: more.length > 0 ? more : [value], tool: hook.host_tool_name ?? hook.tool_name, session: hook.session_id, cwd: hook.cwd };
  }
  return null;
}
async function relativeToVault(root, filePath, cwd) {
  const given = !path12.isAbsolute(filePath) && cwd !== void 0 && path12.isAbsolute(cwd) ? path12.join(cwd, filePath) : filePath;
  return vaultRelative(root, given) ?? (await Promise.resolve().then(() => (init_real_path(), real_path_exports))).vaultRelativeReal(root, given);
}
async function postToolUse(args, scriptPath, env) {
  const stdin = await readStdin(2e3);
  const agent = agentOrDefault(stringFlag(args, "agent"));
  const edit = editOf(stdin, agent);
  if (edit === null) return 0;
  const given = stringFlag(args, "vault");
  const root = given !== void 0 ? path12.resolve(given) : defaultVaultRoot(scriptPath);
  if (root === null) return 0;
  const rels = [];
  for (const p of edit.filePaths) {
    const rel = await relativeToVault(root, p, edit.cwd);
    if (rel !== null && !rels.includes(rel)) rels.push(rel);
  }
  if (rels.length === 0) return 0;
  let lang = "en";
  try {
    const ctx = contextFor(args, scriptPath, env);
    lang = ctx.lang;
    const now = clock(env);
    for (const r of rels) {
      await recordAgentEdit(ctx, { rel: r, tool: edit.tool, session: edit.session, now });
      await recordAfterVersion(ctx, r, edit.session, now);
    }
    const scope = checkScope(ctx.settings);
    const rel = rels.find((r) => inScope(r, scope));
    if (rel === void 0) return 0;
    const command = checkCommand(scriptPath);
    const report = await (await editCheck()).checkEdit(ctx, rel, { env, lang, command, now: () => clock(env) });
    if (report !== null) writeOut(postToolUseEnvelope(safeLines(report.context), report.system, agent));
  } catch (error) {
    writeOut(postToolUseCrashEnvelope(error, scriptPath, lang, agent));
  }
  return 0;
}

// bridge/commands/pre-tool-use.ts
var fs15 = require("node:fs");
var path17 = require("node:path");
init_scope();

// src/core/write-guard.ts
init_i18n();
var GUARDED_TOOL = "Write";
var WRITE_GUARD_TEXT = translations({
  en: {
    reason: (shown, where, instead) => `Refused: ${shown} already exists in the sessions folder (${where}), and Write would replace it, losing that session's log. Write this session's log under a new name that does not exist yet${instead === "" ? "" : `, e.g. ${instead}`}. To add to that file on purpose, Read it and use Edit.`,
    message: (name) => `Session Brief kept ${name} from being overwritten (Write guard).`
  },
  de: {
    reason: (shown, where, instead) => `Abgelehnt: Die Datei ${shown} gibt es im Sitzungsordner (${where}) schon; Write w\xFCrde sie ersetzen, und das Protokoll jener Sitzung ginge verloren. Das Protokoll dieser Sitzung unter einem neuen Namen schreiben, den es noch nicht gibt${instead === "" ? "" : `, z. B. ${instead}`}. Um jene Datei absichtlich zu erg\xE4nzen: erst lesen (Read), dann mit Edit \xE4ndern.`,
    message: (name) => `Session Brief hat das \xDCberschreiben von ${name} verhindert (Schreibschutz).`
  }
});
function guardApplies(tool, rel, settings) {
  if (!settings.writeGuard || tool !== GUARDED_TOOL || rel === null) return false;
  return inFolder(rel, settings.sessionsFolder);
}
function inFolder(rel, folder2) {
  if (folder2 === "") return false;
  return rel.replace(/\\/g, "/").toLowerCase().startsWith(`${folder2.toLowerCase()}/`);
}
var MAX_TRIES = 1e3;
function freeName(name, taken) {
  const dot = name.lastIndexOf(".");
  const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ""];
  const numbered = / (\d{1,6})$/.exec(stem);
  const base = numbered === null ? stem : stem.slice(0, numbered.index);
  const first = numbered === null ? 2 : Number(numbered[1]) + 1;
  for (let n = first; n < first + MAX_TRIES; n++) {
    const candidate = `${base} ${n}${ext}`;
    if (!taken(candidate)) return candidate;
  }
  return null;
}
function refusal(filePath, rel, folder2, suggestion, lang) {
  const shown = shortenName(filePath, 300);
  const where = shortenName(folder2, 200);
  const instead = suggestion === null ? "" : shortenName(suggestion, 300);
  const t = WRITE_GUARD_TEXT[lang];
  return { reason: t.reason(shown, where, instead), message: t.message(shortenName(rel, 200)) };
}
function denyOutput(r, agent = DEFAULT_AGENT) {
  const host = HOSTS[agent];
  return `${asciiJson(host.denyEnvelope !== void 0 ? host.denyEnvelope(r.reason, r.message) : claudeDeny(r.reason, r.message))}
`;
}

// src/node/hosts/agent-fence.ts
var fs11 = require("node:fs");
var path13 = require("node:path");
init_real_path();
function norm(p) {
  const s = p.replace(/\\/g, "/").toLowerCase();
  return s.length > 1 && s.endsWith("/") ? s.slice(0, -1) : s;
}
function within(dir, p) {
  const d = norm(dir);
  const n = norm(p);
  return n === d || n.startsWith(d.endsWith("/") ? d : `${d}/`);
}
function bothWays(p) {
  const real = realPathOf(p);
  return real === null || real === p ? [p] : [p, real];
}
function agentPluginFolder(scriptPath) {
  const own2 = path13.dirname(path13.resolve(scriptPath));
  if (path13.basename(own2).toLowerCase() !== "hooks" || path13.basename(path13.dirname(own2)).toLowerCase() === ".claude") return null;
  const folder2 = path13.dirname(own2);
  return [".claude-plugin", ".codex-plugin"].some((m) => fs11.existsSync(path13.join(folder2, m))) ? folder2 : null;
}
function fencePlaces(root, pluginDir, scriptPath, stateDir = null, home = null) {
  const own2 = path13.dirname(path13.resolve(scriptPath));
  const vaults = hooksFolder(root);
  const agentPlugin = agentPluginFolder(scriptPath);
  const wholeFolders = [];
  if (agentPlugin !== null) wholeFolders.push({ dir: agentPlugin, fenced: "agentPlugin" });
  if (stateDir !== null && path13.isAbsolute(stateDir)) wholeFolders.push({ dir: stateDir, fenced: "state" });
  return { root, pluginDir, hookDirs: norm(own2) === norm(vaults) ? [vaults] : [vaults, own2], wholeFolders, home };
}
var isHookName = (name) => name.toLowerCase().startsWith(HOOK_PREFIX);
function placeOf2(places, p) {
  for (const plugin of places.pluginDir === null ? [] : bothWays(places.pluginDir)) if (within(plugin, p)) return "plugin";
  for (const dir of places.hookDirs.flatMap(bothWays)) {
    if (isHookName(path13.basename(dir)) ? within(dir, p) : norm(path13.dirname(p)) === norm(dir) && isHookName(path13.basename(p))) return "hooks";
  }
  for (const whole of places.wholeFolders) for (const dir of bothWays(whole.dir)) if (within(dir, p)) return whole.fenced;
  return null;
}
function placePaths(places) {
  const out = [];
  for (const plugin of places.pluginDir === null ? [] : bothWays(places.pluginDir)) out.push({ at: plugin, fenced: "plugin" });
  for (const dir of places.hookDirs.flatMap(bothWays)) {
    if (isHookName(path13.basename(dir))) out.push({ at: dir, fenced: "hooks" });
    else for (const name of namesIn(dir).filter(isHookName)) out.push({ at: path13.join(dir, name), fenced: "hooks" });
  }
  for (const whole of places.wholeFolders) for (const dir of bothWays(whole.dir)) out.push({ at: dir, fenced: whole.fenced });
  return out;
}
function namesIn(dir) {
  try {
    return fs11.readdirSync(dir);
  } catch {
    return [];
  }
}
function holdsPlace(places, p, wholeTree = false) {
  if (norm(p) === norm(path13.parse(p).root)) return null;
  if (!wholeTree) {
    const tops = [places.root, ...places.home === null ? [] : [places.home]].flatMap(bothWays);
    if (tops.some((top) => within(p, top))) return null;
  }
  for (const plugin of places.pluginDir === null ? [] : bothWays(places.pluginDir)) if (within(p, plugin)) return "plugin";
  for (const dir of places.hookDirs.flatMap(bothWays)) if (within(p, dir)) return "hooks";
  for (const whole of places.wholeFolders) for (const dir of bothWays(whole.dir)) if (within(p, dir)) return whole.fenced;
  return null;
}
function sameFileAsOurs(places, stat) {
  const look = (dir, pick2) => namesIn(dir).filter(pick2).some((n) => {
    const s = fs11.lstatSync(path13.join(dir, n), { throwIfNoEntry: false });
    return s !== void 0 && s.isFile() && s.ino === stat.ino && s.dev === stat.dev;
  });
  if (places.pluginDir !== null && look(places.pluginDir, () => true)) return "plugin";
  for (const dir of places.hookDirs) if (look(dir, isHookName)) return "hooks";
  for (const whole of places.wholeFolders) if (look(whole.dir, () => true)) return whole.fenced;
  return null;
}
function fileMayBeFenced(root, filePath, outside = []) {
  const abs = path13.resolve(root, filePath);
  for (const p of bothWays(abs)) {
    const n = norm(p);
    if (n.includes("/plugins/") || isHookName(path13.basename(n)) || outside.some((o) => within(o, p))) return true;
  }
  const stat = fs11.lstatSync(abs, { throwIfNoEntry: false });
  return stat !== void 0 && stat.isFile() && stat.nlink > 1;
}
function fencedFile(places, filePath) {
  const abs = path13.resolve(places.root, filePath);
  for (const p of bothWays(abs)) {
    const found = placeOf2(places, p);
    if (found !== null) return found;
  }
  const stat = fs11.statSync(abs, { throwIfNoEntry: false });
  return stat !== void 0 && stat.isFile() && stat.nlink > 1 ? sameFileAsOurs(places, stat) : null;
}
function sessionFileBehindLinks(root, sessionsFolder, filePath) {
  if (sessionsFolder === "") return null;
  const abs = path13.resolve(root, filePath);
  const stat = fs11.statSync(abs, { throwIfNoEntry: false });
  if (stat === void 0 || !stat.isFile()) return null;
  const folder2 = path13.join(root, ...sessionsFolder.split("/"));
  const realFolder = realPathOf(folder2);
  const realFile = realPathOf(abs);
  if (realFile !== null && realFolder !== null && within(realFolder, realFile) && norm(realFile) !== norm(realFolder)) {
    return `${sessionsFolder}/${path13.relative(realFolder, realFile).split(path13.sep).join("/")}`;
  }
  if (stat.nlink > 1) {
    const twin = findSameFile(folder2, stat, 1e4);
    if (twin !== null) return `${sessionsFolder}/${path13.relative(folder2, twin).split(path13.sep).join("/")}`;
  }
  return null;
}
function findSameFile(dir, stat, budget) {
  const queue = [dir];
  let seen = 0;
  while (queue.length > 0) {
    const current = queue.shift();
    let entries3;
    try {
      entries3 = fs11.readdirSync(current, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const e of entries3) {
      if (++seen > budget) return null;
      const p = path13.join(current, e.name);
      if (e.isDirectory()) queue.push(p);
      else if (e.isFile()) {
        const s = fs11.lstatSync(p, { throwIfNoEntry: false });
        if (s !== void 0 && s.ino === stat.ino && s.dev === stat.dev) return p;
      }
    }
  }
  return null;
}

// src/node/hosts/fence-command.ts
var fs12 = require("node:fs");
var path14 = require("node:path");

// src/core/shell-command.ts
var import_shell_quote = __toESM(require_shell_quote());
var OPEN = "\uE000";
var CLOSE = "\uE001";
var REDIRECTS = /* @__PURE__ */ new Set(["<", ">", ">>", ">&", ">|", "&>", "&>>", "<<", "<<<", "<<-", "<&", "<>"]);
var OPENERS = /* @__PURE__ */ new Set(["(", "<(", ">("]);
var MAX_DEPTH = 8;
function tokens(line) {
  const flat = line.replace(/\\\r?\n/g, "").replace(/\r?\n|\r/g, ";");
  return (0, import_shell_quote.parse)(flat, (key) => key === "" ? "" : `${OPEN}${key}${CLOSE}`);
}
function shellPieces(line) {
  const out = [];
  walk(tokens(line), 0, out, 0);
  return out;
}
function walk(list, at, out, depth) {
  let words = [];
  let afterSuccess = false;
  let redirectNext = false;
  let runTimeNext = false;
  const flush = () => {
    if (words.length > 0) out.push({ kind: "step", words, afterSuccess });
    words = [];
  };
  let i = at;
  while (i < list.length) {
    const t = list[i++];
    if (typeof t === "string") {
      words.push({ text: t.replace(/`/g, ""), glob: braces(t), runTime: runTimeNext || t.includes("`"), redirect: redirectNext });
      redirectNext = runTimeNext = false;
    } else if ("comment" in t) {
      flush();
      if (depth < MAX_DEPTH) walk(tokens(t.comment), 0, out, depth + 1);
    } else if (t.op === "glob") {
      words.push({ text: t.pattern, glob: true, runTime: runTimeNext, redirect: redirectNext });
      redirectNext = runTimeNext = false;
    } else if (REDIRECTS.has(t.op)) {
      redirectNext = true;
    } else if (OPENERS.has(t.op)) {
      const substitution = words.length > 0 || t.op !== "(";
      if (!substitution) flush();
      const inner = [{ kind: "enter" }];
      i = depth < MAX_DEPTH ? walk(list, i, inner, depth + 1) : list.length;
      inner.push({ kind: "leave" });
      out.push(...inner);
      if (substitution) {
        const last = words.at(-1);
        if (last !== void 0 && t.op === "(") last.runTime = true;
        words.push({ text: "", glob: false, runTime: true, redirect: redirectNext });
        redirectNext = false;
        runTimeNext = true;
      }
    } else if (t.op === ")") {
      flush();
      return i;
    } else {
      flush();
      afterSuccess = t.op === "&&";
      redirectNext = runTimeNext = false;
    }
  }
  flush();
  return i;
}
function braces(word) {
  return /\{[^{}]*,[^{}]*\}|\[[^\]/]+\]/.test(word);
}
function expandWord(word, known) {
  let unknown = word.runTime;
  const text = word.text.replace(VARIABLE, (_all, name) => {
    const value = known.get(name);
    if (value === void 0) unknown = true;
    return value ?? "";
  });
  return { text, unknown };
}
var VARIABLE = new RegExp(`${OPEN}([^${CLOSE}]*)${CLOSE}`, "g");
function shownWord(word) {
  return `${word.runTime ? "\u2026" : ""}${word.text.replace(VARIABLE, (_all, name) => `\${${name}}`)}`;
}
function assignment(text) {
  const m = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/s.exec(text);
  return m === null ? null : { name: m[1], value: m[2] };
}
var WRAPPERS = /* @__PURE__ */ new Set(["sudo", "doas", "env", "command", "builtin", "exec", "nohup", "time", "nice", "ionice", "stdbuf", "timeout", "xargs"]);
function programAt(words) {
  for (let i = 0; i < words.length; i++) {
    const w = words[i];
    if (w.redirect || assignment(w.text) !== null) continue;
    const name = w.text.replace(/^.*\//, "");
    if (WRAPPERS.has(name) || name.startsWith("-") && i > 0) continue;
    if (/^\d+[smhd]?$/.test(name) && i > 0) continue;
    return i;
  }
  return -1;
}

// src/node/hosts/fence-command.ts
init_real_path();
var HINT2 = /session-brief|plugins|(^|[/\\])\.[^/\\]/i;
var LINE_HINT = /session-brief|plugins|(^|[\s/\\'"=:;&|(<>])\.[^\s/\\]/i;
var READERS2 = /* @__PURE__ */ new Set(["cat", "grep", "egrep", "fgrep", "rg", "head", "tail", "wc", "ls", "stat", "file", "md5sum", "sha1sum", "sha256sum", "echo", "printf", "basename", "dirname", "realpath", "readlink", "du", "test", "diff"]);
var SHELLS = /* @__PURE__ */ new Set(["sh", "bash", "zsh", "dash", "ksh", "fish"]);
var MAX_NESTING = 4;
var MAX_BASES = 16;
var programName = (word) => (word?.text ?? "").replace(/^.*[/\\]/, "").toLowerCase();
function gitRewrite(args) {
  let i = 0;
  while (i < args.length && (args[i] ?? "").startsWith("-")) i += ["-C", "-c", "--git-dir", "--work-tree"].includes(args[i] ?? "") ? 2 : 1;
  const sub = args[i] ?? "";
  const rest = args.slice(i + 1);
  const given = rest.filter((a) => !a.startsWith("-")).length;
  const flag = (...names) => rest.some((a) => names.includes(a));
  const top = rest.some((a) => /^:(\/|\([^)]*top[^)]*\))/.test(a));
  switch (sub) {
    case "checkout":
    case "switch":
      return { wholeTree: top || flag("-f", "--force", "--discard-changes") };
    case "restore":
    case "rm":
    case "mv":
      return { wholeTree: top };
    case "clean":
      return flag("-n", "--dry-run") ? null : { wholeTree: top || given === 0 };
    case "reset":
      return flag("--hard", "--merge", "--keep") ? { wholeTree: true } : null;
    case "stash": {
      const verb = rest[0] ?? "push";
      if (!["push", "save"].includes(verb) && !verb.startsWith("-")) return null;
      return { wholeTree: top || !rest.includes("--") };
    }
    default:
      return null;
  }
}
var capped = (dirs) => [...new Set(dirs)].slice(0, MAX_BASES);
function resolved(base, word, home) {
  const text = home !== null && (word === "~" || word.startsWith("~/")) ? home + word.slice(1) : word;
  const literal = path14.resolve(base, text);
  if (!text.split(/[/\\]/).includes("..")) return bothWays(literal);
  let current = path14.isAbsolute(text) ? path14.parse(literal).root : base;
  for (const part of text.split(/[/\\]/)) {
    if (part === "" || part === ".") continue;
    current = part === ".." ? path14.dirname(realPathOf(current) ?? current) : path14.join(current, part);
  }
  return [.../* @__PURE__ */ new Set([...bothWays(literal), ...bothWays(current)])];
}
function segmentPattern(segment, dotglob) {
  let out = "";
  for (let i = 0; i < segment.length; i++) {
    const ch = segment[i];
    if (ch === "*") out += ".*";
    else if (ch === "?") out += ".";
    else if (ch === "[") {
      const end = segment.indexOf("]", i + 2);
      if (end === -1) out += "\\[";
      else {
        out += `[${segment.slice(i + 1, end).replace(/^[!^]/, "^").replace(/\\/g, "\\\\")}]`;
        i = end;
      }
    } else if (ch === "{") {
      const end = segment.indexOf("}", i);
      if (end === -1) out += "\\{";
      else {
        out += `(?:${segment.slice(i + 1, end).split(",").map(escape).join("|")})`;
        i = end;
      }
    } else out += escape(ch);
  }
  return new RegExp(`^${!dotglob && /^[*?[{]/.test(segment) ? "(?!\\.)" : ""}${out}$`, "i");
}
var escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
function globReaches(places, ours, stems, globParts, dotglob, wholeTree) {
  const globs = globParts.map((s) => segmentPattern(s, dotglob));
  for (const from of stems) {
    const fromParts = norm(from).replace(/\/$/, "").split("/");
    for (const place of ours) {
      const placeParts = norm(place.at).split("/");
      if (!within(from, place.at) && !within(place.at, from)) continue;
      if (within(place.at, from)) return place.fenced;
      const rest = placeParts.slice(fromParts.length);
      let k = 0;
      for (; k < globs.length && k < rest.length; k++) if (globParts[k] !== "**" && !globs[k].test(rest[k])) break;
      if (k < globs.length && k < rest.length) continue;
      if (globs.length >= rest.length) return place.fenced;
      const holder = [...fromParts, ...rest.slice(0, globs.length)].join("/");
      if (holdsPlace(places, holder, wholeTree) !== null) return place.fenced;
    }
  }
  return null;
}
function placeNames(places, ours) {
  const leaves = /* @__PURE__ */ new Set(["session-brief"]);
  const holders = /* @__PURE__ */ new Set();
  for (const place of ours) {
    const name = path14.basename(place.at).toLowerCase();
    if (/[a-z]/.test(name) && name.length >= 4) leaves.add(name.startsWith("session-brief") ? "session-brief" : name);
    const rel = path14.relative(places.root, place.at);
    if (!rel.startsWith("..") && !path14.isAbsolute(rel)) {
      const segments = rel.split(/[/\\]/).slice(0, -1);
      for (const s of segments) holders.add(s.toLowerCase());
    }
  }
  return { leaves: [...leaves], holders: [...holders] };
}
function namesPlace(names, text) {
  const { leaves, holders } = names;
  const lower = text.replace(/\\/g, "/").toLowerCase();
  if (leaves.some((leaf) => lower.includes(leaf))) return true;
  const last = lower.replace(/\/+$/, "").split("/").at(-1) ?? "";
  return holders.includes(last) || /(^|\/)\.claude\/hooks(\/|$)/.test(lower);
}
var CommandWalk = class {
  constructor(places, fallback) {
    this.places = places;
    this.fallback = fallback;
    this.known = /* @__PURE__ */ new Map();
    this.dotglob = false;
    this.hit = null;
    /** The words resolved already, which the words as written need not repeat. */
    this.seen = /* @__PURE__ */ new Set();
    this.ourPaths = null;
    this.ourNames = null;
    if (places.home !== null) this.known.set("HOME", places.home);
  }
  run(pieces, where, nesting) {
    const saved = [];
    for (const piece of pieces) {
      if (this.hit !== null) return;
      if (piece.kind === "enter") saved.push({ ...where });
      else if (piece.kind === "leave") Object.assign(where, saved.pop() ?? where);
      else this.step(piece.words, piece.afterSuccess ? where.chain : where.any, where, nesting);
    }
  }
  step(words, bases, where, nesting) {
    const at = programAt(words);
    const program = programName(words[at]);
    const texts = words.map((w) => expandWord(w, this.known));
    const args = texts.slice(at + 1).map((t) => t.text);
    const declares = ["export", "declare", "local", "readonly", "typeset"].includes(program);
    texts.forEach((t, i) => {
      const set = i < at || at < 0 || declares && i > at ? assignment(t.text) : null;
      if (set === null) return;
      if (t.unknown) this.known.delete(set.name);
      else this.known.set(set.name, set.value);
    });
    if (words.some((w) => /dotglob|globdots/.test(w.text))) this.dotglob = true;
    let wholeTree = false;
    let stepBases = bases;
    if (program === "git") {
      const cAt = args.indexOf("-C");
      if (cAt >= 0 && args[cAt + 1] !== void 0) stepBases = capped(bases.flatMap((b) => resolved(b, args[cAt + 1], this.places.home)));
      const git = gitRewrite(args);
      if (git !== null) {
        wholeTree = true;
        if (git.wholeTree && stepBases.some((b) => within(this.places.root, b) || holdsPlace(this.places, b, true) !== null)) {
          this.hit = { word: ["git", ...args].join(" "), fenced: this.treeHolds(stepBases) };
          return;
        }
      }
    }
    if (program === "find" && findWrites(args)) wholeTree = true;
    if (nesting < MAX_NESTING) {
      if (program === "eval") this.nested(args.join(" "), stepBases, nesting);
      const c = args.findIndex((a) => /^-[a-z]*c[a-z]*$/i.test(a));
      if (SHELLS.has(program) && c >= 0 && args[c + 1] !== void 0) this.nested(args[c + 1], stepBases, nesting);
      if (this.hit !== null) return;
    }
    for (let i = 0; i < words.length && this.hit === null; i++) {
      const word = words[i];
      const { text, unknown } = texts[i];
      if (i === at + 1 && /^node(\.exe)?$/.test(program) && READING_COMMANDS.has(texts[i + 1]?.text ?? "") && !unknown) {
        const fenced = this.wordReaches(text, word.glob, stepBases, wholeTree);
        if ((fenced === "hooks" || fenced === "agentPlugin") && bothWays(path14.resolve(stepBases[0] ?? this.places.root, text)).some((p) => fs12.statSync(p, { throwIfNoEntry: false })?.isFile() === true)) continue;
      }
      for (const variant of variants(text)) {
        this.seen.add(variant);
        const fenced = unknown || where.lost ? namesPlace(this.names(), variant) ? this.nameHit(variant) : null : null;
        const found = fenced ?? (unknown ? null : this.wordReaches(variant, word.glob, stepBases, wholeTree));
        if (found !== null) {
          this.hit = { word: unknown ? shownWord(word) : text, fenced: found };
          break;
        }
      }
    }
    if (program === "cd" || program === "pushd") this.changeFolder(args, bases, where, texts.slice(at + 1));
    else if (program === "popd") where.chain = where.any;
  }
  changeFolder(args, bases, where, texts) {
    const target = args.findIndex((a) => !a.startsWith("-") || a === "-");
    const word = target < 0 ? "~" : args[target];
    if (word === "-" || target >= 0 && texts[target]?.unknown === true) {
      where.chain = where.any;
      where.lost = where.lost || word !== "-";
      return;
    }
    const to = capped(bases.flatMap((b) => resolved(b, word, this.places.home)));
    where.chain = to;
    where.any = capped([...where.any, ...to]);
  }
  ours() {
    return this.ourPaths ??= placePaths(this.places);
  }
  names() {
    return this.ourNames ??= placeNames(this.places, this.ours());
  }
  nested(command, bases, nesting) {
    this.run(shellPieces(command), { chain: bases, any: bases, lost: false }, nesting + 1);
  }
  /** Which place a name points at, for the message. */
  nameHit(text) {
    const lower = text.toLowerCase();
    if (lower.includes("hooks")) return "hooks";
    if (lower.includes("plugins")) return "plugin";
    return this.places.wholeFolders.find((f) => lower.includes(path14.basename(f.dir).toLowerCase()))?.fenced ?? "plugin";
  }
  treeHolds(bases) {
    for (const b of bases) {
      const held = holdsPlace(this.places, b, true);
      if (held !== null) return held;
    }
    return this.places.pluginDir !== null ? "plugin" : "hooks";
  }
  /** Whether `word`, from any of `bases` (or the vault root, as before any `cd`), names a place or a folder holding one. */
  wordReaches(word, glob, bases, wholeTree) {
    if (word === "") return null;
    for (const base of capped([...bases, ...this.fallback])) {
      if (glob) {
        const parts = word.split(/[/\\]/);
        const first = parts.findIndex((p) => /[*?[{]/.test(p));
        const stem = first < 0 ? word : parts.slice(0, first).join("/") || (word.startsWith("/") ? "/" : ".");
        const stems = resolved(base, stem, this.places.home);
        const found = globReaches(this.places, this.ours(), stems, first < 0 ? [] : parts.slice(first), this.dotglob, wholeTree && bases.includes(base));
        if (found !== null) return found;
        continue;
      }
      for (const p of resolved(base, word, this.places.home)) {
        const found = placeOf2(this.places, p) ?? holdsPlace(this.places, p, wholeTree && bases.includes(base));
        if (found !== null) return found;
      }
    }
    return null;
  }
};
function findWrites(args) {
  return args.some((a, i) => a === "-delete" || ["-exec", "-execdir", "-ok", "-okdir"].includes(a) && !READERS2.has((args[i + 1] ?? "").replace(/^.*\//, "")));
}
function variants(text) {
  const out = [text];
  const eq = text.indexOf("=");
  if (eq > 0 && eq < text.length - 1) out.push(text.slice(eq + 1));
  if (/^-[^-]/.test(text) && text.length > 2) out.push(text.slice(2));
  return out.filter((t) => t !== "" && !(t.startsWith("-") && t === text));
}
function fencedCommand(places, command, cwd) {
  const start = cwd !== void 0 && path14.isAbsolute(cwd) ? [cwd] : [places.root];
  const walk2 = new CommandWalk(places, [places.root]);
  walk2.run(shellPieces(command), { chain: start, any: start, lost: false }, 0);
  return walk2.hit ?? wordsAsWritten(places, command, [.../* @__PURE__ */ new Set([...start, places.root])], walk2.seen);
}
var isNode = (word) => /^node(\.exe)?$/i.test(path14.basename(word));
function wordsAsWritten(places, command, bases, seen) {
  const written = commandWords(command);
  const words = [...written, ...written.filter((w) => /["'(),;`+]/.test(w)).flatMap((w) => w.split(/[\s"'(),;`+]+/))];
  for (let i = 0; i < words.length; i++) {
    const word = words[i] ?? "";
    const stem = beforeGlob(word);
    if (stem === "" || stem.startsWith("-") || stem.startsWith("$") || seen.has(word)) continue;
    const running = i > 0 && isNode(words[i - 1] ?? "") && READING_COMMANDS.has(words[i + 1] ?? "");
    for (const base of bases) {
      for (const p of bothWays(path14.resolve(base, stem))) {
        const fenced = placeOf2(places, p) ?? holdsPlace(places, p);
        if (fenced === null) continue;
        if (running && (fenced === "hooks" || fenced === "agentPlugin") && fs12.statSync(p, { throwIfNoEntry: false })?.isFile() === true) continue;
        return { word, fenced };
      }
    }
  }
  return null;
}
function commandMayBeFenced(command, cwd, root, outside = []) {
  if (LINE_HINT.test(command)) return true;
  if (cwd !== void 0 && path14.isAbsolute(cwd)) {
    const rel = path14.relative(root, cwd);
    if (HINT2.test(rel.startsWith("..") || path14.isAbsolute(rel) ? cwd : rel) || outside.some((o) => within(o, cwd))) return true;
  }
  if (PLAIN.test(command) && !REWRITES.test(command)) return command.split(/[\s;&|()<>]+/).flatMap(variants).some((w) => path14.isAbsolute(w) && outside.some((o) => within(o, w)));
  return piecesMayReach(shellPieces(command), outside, 0);
}
var PLAIN = /^[^\\$'"`#~*?[{}]*$/;
var REWRITES = /\bgit\b[^;&|]*\b(checkout|restore|rm|mv|clean|reset|stash|switch)\b|\bfind\b[^;&|]*\s-(delete|exec|execdir|ok|okdir)\b|\b(eval|sh|bash|zsh|dash|ksh|fish)\b/;
function piecesMayReach(pieces, outside, nesting) {
  for (const piece of pieces) {
    if (piece.kind !== "step") continue;
    const at = programAt(piece.words);
    const program = programName(piece.words[at]);
    const texts = piece.words.map((w) => expandWord(w, /* @__PURE__ */ new Map()).text);
    const args = texts.slice(at + 1);
    if (program === "git" && gitRewrite(args) !== null || program === "find" && findWrites(args)) return true;
    if ((program === "eval" || SHELLS.has(program)) && nesting < MAX_NESTING && piecesMayReach(shellPieces(args.join(" ")), outside, nesting + 1)) return true;
    for (const text of texts.flatMap(variants)) {
      if (HINT2.test(text) || text.startsWith("~") || /dotglob|globdots/.test(text)) return true;
      if (path14.isAbsolute(text) && outside.some((o) => within(o, text) || within(text.replace(/[*?[{].*$/, ""), o))) return true;
    }
  }
  return false;
}

// src/node/journal/session-turn-record.ts
var fs14 = require("node:fs");
var path16 = require("node:path");

// src/core/session-turns.ts
var MAX_TURN_NOTES = 500;
var STALE_TURN_MS = 24 * 60 * 60 * 1e3;
function parseTurn(v) {
  if (typeof v !== "object" || v === null || Array.isArray(v)) return null;
  const o = v;
  if (o.session !== null && typeof o.session !== "string") return null;
  if (typeof o.since !== "number" || !Number.isFinite(o.since) || !Array.isArray(o.notes)) return null;
  const notes = o.notes.filter((p) => typeof p === "string" && p !== "").slice(0, MAX_TURN_NOTES);
  return { session: o.session, since: o.since, notes };
}
function encodeTurn(t) {
  return `${JSON.stringify({ session: t.session, since: t.since, notes: t.notes })}
`;
}
function turnAfterCall(current, session, notes, now) {
  if (current === null) return { session, since: now, notes: [...new Set(notes)].slice(0, MAX_TURN_NOTES) };
  const fresh = notes.filter((n) => !current.notes.includes(n));
  if (fresh.length === 0 || current.notes.length >= MAX_TURN_NOTES) return null;
  return { ...current, notes: [.../* @__PURE__ */ new Set([...current.notes, ...fresh])].slice(0, MAX_TURN_NOTES) };
}

// src/node/journal/net-blind.ts
var fs13 = require("node:fs");
var path15 = require("node:path");

// src/core/session-net.ts
var EDITOR_WRITES_MAX_AGE_MS = 24 * 60 * 60 * 1e3;
var WALK_WINDOW_MS = 5 * 60 * 1e3;

// src/node/journal/net-blind.ts
var BLIND_MAX_BYTES = 64 * 1024;
function netFolder(root, env = process.env) {
  let real = path15.resolve(root);
  try {
    real = fs13.realpathSync.native(real);
  } catch {
  }
  return path15.join(userStateDir(env), `${NET_STATE_PREFIX}${fileKey(real)}`);
}
function readJson2(file, max) {
  const data = readRegularFile(file, max);
  if (data === null) return null;
  try {
    return JSON.parse(data.toString("utf8"));
  } catch {
    return null;
  }
}

// src/node/journal/session-turn-record.ts
var TURN_MAX_BYTES = 256 * 1024;
function turnFile(folder2, session) {
  return path16.join(folder2, `${NET_TURN_PREFIX}${fileKey(session ?? "")}.json`);
}
function recordToolCall(root, session, notes, now, env = process.env) {
  try {
    const folder2 = netFolder(root, env);
    const file = turnFile(folder2, session);
    const current = parseTurn(readJson2(file, TURN_MAX_BYTES));
    if (current === null && !fs14.existsSync(folder2)) return;
    const next = turnAfterCall(current, session, notes, now);
    if (next !== null) writeUserStateFile(file, encodeTurn(next));
  } catch {
  }
}

// bridge/commands/pre-tool-use.ts
init_real_path();
var MAX_PATCH_FILES2 = 200;
function usablePath(p) {
  return typeof p === "string" && p.trim() !== "" && !p.includes("\0");
}
function fromCwd(p, cwd) {
  return !path17.isAbsolute(p) && cwd !== void 0 && path17.isAbsolute(cwd) ? path17.join(cwd, p) : p;
}
function attemptOf(hook) {
  const tool = hook.tool_name;
  if (tool === void 0) return null;
  const input = hook.tool_input ?? {};
  const file = input.file_path ?? input.notebook_path;
  const patch = Array.isArray(input.file_paths) ? input.file_paths.filter(usablePath).slice(0, MAX_PATCH_FILES2).map((p) => fromCwd(p, hook.cwd)) : [];
  const filePath = patch[0] ?? (usablePath(file) ? file : null);
  const filePaths = patch.length > 0 ? patch : filePath === null ? [] : [filePath];
  const command = typeof input.command === "string" && input.command.trim() !== "" && tool !== "Edit" ? input.command : null;
  if (filePath === null && command === null) return null;
  return { tool, filePath, filePaths, command, cwd: hook.cwd, session: hook.session_id ?? null };
}
function sessionOf2(id) {
  return id === void 0 || id === null || id === "" ? null : id;
}
function isFile(p) {
  try {
    return fs15.statSync(p).isFile();
  } catch {
    return false;
  }
}
function exists2(p) {
  try {
    fs15.lstatSync(p);
    return true;
  } catch (error) {
    return error.code !== "ENOENT";
  }
}
function shownPlace(ctx, places, fenced) {
  const folder2 = (dir) => `${(vaultRelative(ctx.root, dir) ?? dir).replace(/\\/g, "/")}/`;
  if (fenced === "hooks" || fenced === "plugin" && ctx.pluginDir === null) return ".claude/hooks/";
  if (fenced === "plugin") return folder2(ctx.pluginDir);
  return folder2(places.wholeFolders.find((w) => w.fenced === fenced)?.dir ?? "");
}
function outsideFolders(scriptPath, env) {
  let stateDir = null;
  try {
    stateDir = userStateDir(env);
  } catch {
  }
  const agentPlugin = agentPluginFolder(scriptPath);
  return { stateDir, outside: [stateDir, agentPlugin].filter((d) => d !== null && path17.isAbsolute(d)) };
}
function fenceAnswer(attempt, root, scriptPath, context, agent, env) {
  const { stateDir, outside } = outsideFolders(scriptPath, env);
  const placesFor = (ctx) => fencePlaces(root, ctx.pluginDir, scriptPath, stateDir, env.HOME || env.USERPROFILE || null);
  if (FENCED_FILE_TOOLS.has(attempt.tool)) {
    for (const file of attempt.filePaths) {
      if (!fileMayBeFenced(root, file, outside)) continue;
      const ctx = context();
      const places = placesFor(ctx);
      const fenced = fencedFile(places, file);
      if (fenced !== null) return denyOutput(fenceRefusal(fenced, file, shownPlace(ctx, places, fenced), false, ctx.lang), agent);
    }
    return null;
  }
  if (attempt.tool === SHELL_TOOL && attempt.command !== null) {
    if (!commandMayBeFenced(attempt.command, attempt.cwd, root, outside)) return null;
    const ctx = context();
    const places = placesFor(ctx);
    const hit = fencedCommand(places, attempt.command, attempt.cwd);
    return hit === null ? null : denyOutput(fenceRefusal(hit.fenced, hit.word, shownPlace(ctx, places, hit.fenced), true, ctx.lang), agent);
  }
  return null;
}
async function preToolUse(args, scriptPath, env) {
  try {
    const stdin = await readStdin(2e3);
    const agent = agentOrDefault(stringFlag(args, "agent"));
    const hook = translateHookInput(agent, parseHookJson(stdin));
    const attempt = attemptOf(hook);
    const given = stringFlag(args, "vault");
    const root = given !== void 0 ? path17.resolve(given) : defaultVaultRoot(scriptPath);
    if (root === null) return 0;
    if (attempt === null) {
      recordToolCall(root, sessionOf2(hook.session_id), [], Date.now(), env);
      return 0;
    }
    const session = sessionOf2(attempt.session);
    let named = [];
    let ctx = null;
    const context = () => ctx ??= contextFor(args, scriptPath, env);
    try {
      const fence = fenceAnswer(attempt, root, scriptPath, context, agent, env);
      if (fence !== null) {
        writeOut(fence);
        return 0;
      }
      if (guardAnswer(attempt, root, context, agent)) return 0;
      if (mayChangeNotes(attempt)) named = keepBeforeVersions(context(), attempt, clock(env));
    } finally {
      recordToolCall(root, session, named, Date.now(), env);
    }
  } catch {
  }
  return 0;
}
function guardAnswer(attempt, root, context, agent) {
  if (attempt.tool !== GUARDED_TOOL || attempt.filePath === null) return false;
  const settings = context().settings;
  if (!settings.writeGuard) return false;
  const literal = vaultRelative(root, attempt.filePath) ?? vaultRelativeReal(root, attempt.filePath);
  const target = path17.resolve(root, attempt.filePath);
  const rel = guardApplies(attempt.tool, literal, settings) && literal !== null ? isFile(target) ? literal : null : sessionFileBehindLinks(root, settings.sessionsFolder, attempt.filePath);
  if (rel === null) return false;
  const dir = path17.dirname(target);
  const name = freeName(path17.basename(target), (candidate) => exists2(path17.join(dir, candidate)));
  writeOut(denyOutput(refusal(attempt.filePath, rel, settings.sessionsFolder, name === null ? null : path17.join(dir, name), context().lang), agent));
  return true;
}

// bridge/edit-file.ts
async function editHook(argv, scriptPath) {
  let args = { command: argv[0] ?? "", flags: /* @__PURE__ */ new Map(), positional: [] };
  try {
    args = parseArgs(argv);
    if (args.command === "post-tool-use") process.exitCode = await postToolUse(args, scriptPath, process.env);
    else if (args.command === "pre-tool-use") process.exitCode = await preToolUse(args, scriptPath, process.env);
    else runBridge();
  } catch (error) {
    const hook = args.command === "pre-tool-use" ? args : { ...args, command: "post-tool-use" };
    writeOut(hookCrashOutput(hook, error, scriptPath) ?? "");
    process.exitCode = 0;
  }
}
void editHook(process.argv.slice(2), process.argv[1] ?? __filename);

/*
Licenses of the packages bundled into this file

shell-quote 1.12.0 (MIT):

The MIT License

Copyright (c) 2013 James Halliday (mail@substack.net)

Permission is hereby granted, free of charge, 
to any person obtaining a copy of this software and 
associated documentation files (the "Software"), to 
deal in the Software without restriction, including 
without limitation the rights to use, copy, modify, 
merge, publish, distribute, sublicense, and/or sell 
copies of the Software, and to permit persons to whom 
the Software is furnished to do so, 
subject to the following conditions:

The above copyright notice and this permission notice 
shall be included in all copies or substantial portions of the Software.

THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, 
EXPRESS OR IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES 
OF MERCHANTABILITY, FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. 
IN NO EVENT SHALL THE AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR 
ANY CLAIM, DAMAGES OR OTHER LIABILITY, WHETHER IN AN ACTION OF CONTRACT, 
TORT OR OTHERWISE, ARISING FROM, OUT OF OR IN CONNECTION WITH THE 
SOFTWARE OR THE USE OR OTHER DEALINGS IN THE SOFTWARE.
*/
