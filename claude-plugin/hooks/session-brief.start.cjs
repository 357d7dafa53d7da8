/*
 * Session Brief session start 0.1.0, bundled by esbuild from the TypeScript sources of this
 * repository (bridge/start-file.ts and what it imports). The hook entry beside it (session-brief.cjs)
 * runs it for a session start; it answers from the Obsidian plugin's cache and loads anything more
 * from the bridge beside it (session-brief.bridge.cjs).
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
      const row2 = d[i];
      const up = d[i - 1];
      row2[j] = Math.min(up[j] + 1, row2[j - 1] + 1, up[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) row2[j] = Math.min(row2[j], d[i - 2][j - 2] + 1);
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
function isCountedNote(path22, excludedRootFolders) {
  let start = 0;
  for (let slash = path22.indexOf("/"); slash >= 0; slash = path22.indexOf("/", start)) {
    const part = path22.slice(start, slash);
    if (part === "" || isHiddenName(part) || !entersFolder(part, start === 0, excludedRootFolders)) return false;
    start = slash + 1;
  }
  const name = path22.slice(start);
  return name !== "" && !isHiddenName(name) && isNoteName(name);
}
function isInFolder(path22, folder2) {
  return folder2 === "" || path22.length > folder2.length && path22.charCodeAt(folder2.length) === 47 && path22.startsWith(folder2);
}
function basename(path22) {
  return path22.slice(path22.lastIndexOf("/") + 1);
}
function comparePaths(a, b) {
  const la = a.toLowerCase();
  const lb = b.toLowerCase();
  if (la !== lb) return la < lb ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
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
    onDay: (path22, date) => basename(path22).includes(date),
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

// src/core/flag-table.ts
var FLAG_TABLE = [
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
var FLAG_SPECS = FLAG_TABLE;

// src/core/i18n.ts
function isLang(value) {
  return value === "en" || value === "de";
}
var TABLES = /* @__PURE__ */ new WeakSet();
function translations(table) {
  TABLES.add(table);
  return table;
}
var en = {
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
var de = {
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
var BRIEF_TEXT = translations({ en, de });
function strings(lang) {
  return BRIEF_TEXT[lang];
}
function resolveLanguage(setting, locale) {
  if (setting !== "auto") return setting;
  const prefix = (locale ?? "").toLowerCase().slice(0, 2);
  return isLang(prefix) ? prefix : "en";
}

// src/core/settings.ts
var TAG_KEYS = FLAG_SPECS.filter((s) => s.tag !== void 0).map((s) => s.flag);
var DEFAULT_SETTINGS = {
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
var DEFAULT_EXTERNAL_CHECK = { args: [], cleanLine: "", alarmPattern: "" };
var DEFAULT_DAILY_NOTE_FORMAT = "YYYY-MM-DD";
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

// src/core/flags.ts
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
  const current = (path22, mtime, date, now) => (min === void 0 || now - mtime >= min) && (max === void 0 || now - mtime < max) && (onDay === void 0 || onDay(path22, date));
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
var CHANGE_ITEM_TABLE = CHANGE_ITEMS;

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
function plainKnown(text2) {
  return KNOWN_TEXT.test(text2) && !HAS_KNOWN_UNSAFE.test(text2);
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
function escapeControls(text2) {
  return plainKnown(text2) ? text2 : text2.replace(UNSAFE_CHAR(), escapeChar);
}
function codePoints(text2) {
  return Array.from(text2);
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
function safeLines(text2) {
  return text2.split("\n").map(escapeControls).join("\n");
}

// src/core/line-counts.ts
var MAX_CHANGED_LINES = 2e3;
var MAX_STEPS = 2e7;
function linesOf(text2, from, to) {
  let count = 0;
  for (let i = text2.indexOf("\n", from); i !== -1 && i < to; i = text2.indexOf("\n", i + 1)) count++;
  if (to > from && text2.charCodeAt(to - 1) !== 10) count++;
  const starts = new Int32Array(count + 1);
  const hashes = new Int32Array(count);
  let line = 0;
  let h = 2166136261;
  starts[0] = from;
  for (let i = from; i < to; i++) {
    const c = text2.charCodeAt(i);
    h = Math.imul(h ^ c, 16777619);
    if (c === 10 || i === to - 1) {
      hashes[line] = h;
      starts[++line] = i + 1;
      h = 2166136261;
    }
  }
  return { text: text2, starts, hashes };
}
function sameLine(a, x, b, y, cost) {
  if (a.hashes[x] !== b.hashes[y]) return false;
  const as = a.starts[x];
  const bs = b.starts[y];
  const len = a.starts[x + 1] - as;
  if (b.starts[y + 1] - bs !== len) return false;
  cost.steps += len >> 6;
  for (let i = 0; i < len; i++) if (a.text.charCodeAt(as + i) !== b.text.charCodeAt(bs + i)) return false;
  return true;
}
function editDistance(a, b, max) {
  const n = a.hashes.length;
  const m = b.hashes.length;
  const off = n + m + 1;
  const v = new Int32Array(2 * (n + m) + 3);
  const cost = { steps: 0 };
  for (let d = 0; d <= Math.min(n + m, max); d++) {
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || k !== d && (v[off + k - 1] ?? 0) < (v[off + k + 1] ?? 0) ? v[off + k + 1] ?? 0 : (v[off + k - 1] ?? 0) + 1;
      let y = x - k;
      const from = x;
      while (x < n && y < m && sameLine(a, x, b, y, cost)) {
        x++;
        y++;
      }
      cost.steps += 1 + x - from;
      if (cost.steps > MAX_STEPS) return null;
      v[off + k] = x;
      if (x >= n && y >= m) return d;
    }
  }
  return null;
}
function commonEnds(before, after) {
  const shorter = Math.min(before.length, after.length);
  let p = 0;
  while (p < shorter && before.charCodeAt(p) === after.charCodeAt(p)) p++;
  const start = p === before.length && p === after.length ? p : p === 0 ? 0 : before.lastIndexOf("\n", p - 1) + 1;
  let s = 0;
  const room = shorter - start;
  while (s < room && before.charCodeAt(before.length - 1 - s) === after.charCodeAt(after.length - 1 - s)) s++;
  const nl = before.indexOf("\n", before.length - s);
  const tail = nl === -1 ? 0 : before.length - (nl + 1);
  return { start, endBefore: before.length - tail, endAfter: after.length - tail };
}
function countLines(before, after) {
  const cut = commonEnds(before, after);
  const x = linesOf(before, cut.start, cut.endBefore);
  const y = linesOf(after, cut.start, cut.endAfter);
  if (Math.abs(x.hashes.length - y.hashes.length) > MAX_CHANGED_LINES) return null;
  const d = editDistance(x, y, MAX_CHANGED_LINES);
  if (d === null) return null;
  const n = x.hashes.length;
  const m = y.hashes.length;
  return { added: (d + m - n) / 2, removed: (d + n - m) / 2 };
}
function byteSize(bytes) {
  if (bytes < 1e3) return `${bytes} B`;
  if (bytes < 1e6) return `${Math.round(bytes / 1e3)} KB`;
  return `${(bytes / 1e6).toFixed(1)} MB`;
}
function sizesText(s) {
  return `${byteSize(s.before)} \u2192 ${byteSize(s.after)}`;
}

// src/core/format.ts
var HOOK_TEXT_LIMIT = 1e4;
var MIN_NAME_CHARS = 24;
var MAX_ERROR_CHARS = 300;
function briefLines(brief, settings, lang, origin, now) {
  const s = strings(lang);
  const ageSeconds = Math.max(0, Math.round((now - origin.generatedAt) / 1e3));
  const age = ageSeconds < 2 ? s.fresh : s.age(ageSeconds);
  const rejected = origin.cacheRejected === void 0 ? "" : `; ${s.cacheRejected(shortenText(escapeControls(origin.cacheRejected), MAX_ERROR_CHARS))}`;
  const head = [`${s.title(quoteAlways(origin.vaultName))} (${s.source[origin.source]}, ${age}${rejected})`];
  head.push(`${s.date}: ${brief.date} (${s.weekdays[brief.weekday] ?? ""})`);
  const daily = brief.items.dailyNote;
  if (daily !== null) head.push(`${s.dailyNote}: ${shortenName(daily.path, 600)} (${daily.exists ? s.exists : s.missing})`);
  const items = [];
  for (const d of LIST_ITEM_TABLE) {
    const item = brief.items[d.id];
    if (item === null) continue;
    items.push({ label: escapeControls(d.label[lang](settings)), item, hint: d.hint !== void 0 && item.count > 0 ? ` (${d.hint[lang]})` : "" });
  }
  for (const d of CHANGE_ITEM_TABLE) {
    const item = brief.items[d.id];
    if (item === null || item === void 0) continue;
    const since = "since" in item ? item.since : null;
    const first = "since" in item && item.since === null && d.firstNote !== void 0 ? ` (${d.firstNote[lang]})` : "";
    const lost = "journalLost" in item && item.journalLost !== void 0 && d.journalLost !== void 0 ? ` (${d.journalLost[lang](item.journalLost)})` : "";
    const outside = ("changedOutside" in item && item.changedOutside !== void 0 && d.changedOutside !== void 0 ? ` (${d.changedOutside[lang](item.changedOutside.at, item.changedOutside.hidden)})` : "") + lost;
    const lines = ("lines" in item && item.lines !== void 0 ? linesHint(item.lines, lang) : "") + ("large" in item && item.large !== void 0 ? largeHint(item.large, lang) : "") + ("paths" in item && ("deleted" in item || "renamed" in item) ? kindsHint(item, lang) : "");
    items.push({ label: escapeControls(d.label[lang](since)), item, hint: (first !== "" ? first : outside !== "" ? outside : d.hint !== void 0 && item.count > 0 ? ` (${d.hint[lang]})` : "") + lines });
  }
  const errors = brief.errors.map((e) => `Session brief: ${escapeControls(e.item)}: ${shortenText(escapeControls(e.message), MAX_ERROR_CHARS)}`);
  return { head, items, errors };
}
var LINES_TEXT = translations({ en: { label: "lines added/removed" }, de: { label: "Zeilen hinzugef\xFCgt/entfernt" } });
var LINES_NAMED = 5;
function linesHint(lines, lang) {
  const parts = Object.entries(lines).slice(0, LINES_NAMED).map(([p, c]) => `${shortenName(p, 80)} +${c.added} -${c.removed}`);
  if (parts.length === 0) return "";
  return ` (${LINES_TEXT[lang].label}: ${parts.join(", ")})`;
}
var LARGE_TEXT = translations({
  en: { label: `large change, more than ${MAX_CHANGED_LINES} lines differ` },
  de: { label: `gro\xDFe \xC4nderung, mehr als ${MAX_CHANGED_LINES} Zeilen verschieden` }
});
function largeHint(large, lang) {
  const parts = Object.entries(large).slice(0, LINES_NAMED).map(([p, s]) => `${shortenName(p, 80)} ${sizesText(s)}`);
  return parts.length === 0 ? "" : ` (${LARGE_TEXT[lang].label}: ${parts.join(", ")})`;
}
var KINDS_TEXT = translations({
  en: { deleted: "deleted", renamed: "renamed" },
  de: { deleted: "gel\xF6scht", renamed: "umbenannt" }
});
function kindsHint(item, lang) {
  const t = KINDS_TEXT[lang];
  const parts = [];
  const deleted = (item.deleted ?? []).slice(0, LINES_NAMED).map((p) => shortenName(p, 80));
  if (deleted.length > 0) parts.push(`${t.deleted}: ${deleted.join(", ")}`);
  const renamed = (item.renamed ?? []).slice(0, LINES_NAMED).map((r) => `${shortenName(r.from, 80)} \u2192 ${shortenName(r.path, 80)}`);
  if (renamed.length > 0) parts.push(`${t.renamed}: ${renamed.join(", ")}`);
  return parts.length === 0 ? "" : ` (${parts.join("; ")})`;
}
function shortenText(text2, max) {
  if (text2.length <= max) return text2;
  const mark = ` \u2026 [${text2.length - max + 12} characters cut] \u2026 `;
  const keep = Math.max(0, max - mark.length);
  return `${text2.slice(0, Math.ceil(keep / 2))}${mark}${text2.slice(text2.length - Math.floor(keep / 2))}`;
}
function renderBrief(b, nameMax, namesShown, lang) {
  const items = b.items.map(({ label, item, hint }) => `${label}: ${listText(item, namesShown, nameMax, lang)}${hint}`);
  return [...b.head, ...items, ...b.errors];
}
function size(lines) {
  return lines.join("\n").length;
}
function largestFitting(lo, hi, fits) {
  let best = lo - 1;
  while (lo <= hi) {
    const mid = Math.floor((lo + hi) / 2);
    if (fits(mid)) {
      best = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return best;
}
function formatBrief(brief, settings, lang, origin, now, limit = HOOK_TEXT_LIMIT) {
  const b = briefLines(brief, settings, lang, origin, now);
  const max = settings.maxNamesPerItem;
  const full = renderBrief(b, Number.POSITIVE_INFINITY, max, lang);
  if (size(full) <= limit) return full.join("\n");
  const longest = Math.max(MIN_NAME_CHARS, ...b.items.flatMap(({ item }) => item.paths.slice(0, max).map((p) => quoteName(p).length)));
  const nameMax = largestFitting(MIN_NAME_CHARS, longest, (n) => size(renderBrief(b, n, max, lang)) <= limit);
  if (nameMax >= MIN_NAME_CHARS) return renderBrief(b, nameMax, max, lang).join("\n");
  const shown = largestFitting(0, max, (k) => size(renderBrief(b, MIN_NAME_CHARS, k, lang)) <= limit);
  if (shown >= 0) return renderBrief(b, MIN_NAME_CHARS, shown, lang).join("\n");
  return capText(renderBrief(b, MIN_NAME_CHARS, 0, lang).join("\n"), limit, lang);
}
function listText(item, max, nameMax, lang) {
  const s = strings(lang);
  if (item.count === 0) return `0`;
  const shown = item.paths.slice(0, max).map((p) => shortenName(p, nameMax));
  const rest = item.count - shown.length;
  const names = rest > 0 ? [...shown, s.more(rest)] : shown;
  return names.length === 0 ? `${item.count}` : `${item.count} (${names.join(", ")})`;
}
function capText(text2, limit, lang) {
  if (text2.length <= limit) return text2;
  const note = strings(lang).cut(limit);
  const room = limit - note.length - 1;
  const cut = text2.lastIndexOf("\n", room);
  return `${text2.slice(0, cut > 0 ? cut : room)}
${note}`;
}
function asciiJson(value, indent) {
  return JSON.stringify(value, null, indent).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

// src/core/hosts/host.ts
function defineHost(host) {
  return host;
}
function claudeEnvelope(event, text2, note) {
  const out = { hookSpecificOutput: { hookEventName: event, additionalContext: text2 } };
  if (note !== void 0) out.systemMessage = note;
  return out;
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
  envelope: (_event, text2) => ({ additionalContext: text2 }),
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
  envelope: (_event, text2) => ({ additional_context: text2 }),
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
  envelope: (event, text2) => ({ hookSpecificOutput: { hookEventName: event === "PostToolUse" ? "AfterTool" : event, additionalContext: text2 } }),
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
function hookEnvelope(agent, event, text2, note) {
  return HOSTS[agent].envelope(event, text2, note);
}
function hostTextLimit(agent) {
  return HOSTS[agentOrDefault(agent)].limit;
}
function sessionStartOutput(agent, text2, lang) {
  const id = agentOrDefault(agent);
  const capped = capText(safeLines(text2), HOSTS[id].limit, lang);
  return `${asciiJson(hookEnvelope(id, "SessionStart", capped))}
`;
}

// src/core/session-notes.ts
var SESSION_NOTES_TEXT = translations({
  en: {
    outsideVault: (where, files) => `Started outside the vault (in ${where}), so the vault's own instructions were not loaded: read ${files} first.`,
    alreadyGiven: "Session brief: already given to this session by another of its hook entries; not repeated.",
    netOff: (why) => `Session net off (${why}): notes changed through the shell are not recorded for review.`,
    netBlind: (places) => `Session net partly blind: it could not look at ${places}; notes changed there through the shell are not recorded.`,
    netOffWhy: { env: "SESSION_BRIEF_BASELINE=off: no baseline at the session start, so not in its first turn", noPluginFolder: "no plugin folder in this vault" }
  },
  de: {
    outsideVault: (where, files) => `Au\xDFerhalb des Vaults gestartet (in ${where}), daher wurden die Anweisungen des Vaults nicht geladen: zuerst ${files} lesen.`,
    alreadyGiven: "Session-Brief: dieser Sitzung schon von einem anderen ihrer Hook-Eintr\xE4ge gegeben; nicht wiederholt.",
    netOff: (why) => `Sitzungsnetz aus (${why}): \xFCber die Shell ge\xE4nderte Notizen werden nicht zur Pr\xFCfung festgehalten.`,
    netBlind: (places) => `Sitzungsnetz teilweise blind: es konnte ${places} nicht ansehen; dort \xFCber die Shell ge\xE4nderte Notizen werden nicht festgehalten.`,
    netOffWhy: { env: "SESSION_BRIEF_BASELINE=off: keine Grundlage beim Sitzungsstart, also nicht in ihrer ersten Runde", noPluginFolder: "kein Plugin-Ordner in diesem Vault" }
  }
});
function outsideVaultLine(lang, cwd, readFirst) {
  if (readFirst.length === 0) return null;
  const files = readFirst.map((f) => shortenName(f, 300)).join(", ");
  const where = shortenName(cwd, 200);
  return SESSION_NOTES_TEXT[lang].outsideVault(where, files);
}
var MAX_NAMED = 3;
function netLine(lang, state) {
  const text2 = SESSION_NOTES_TEXT[lang];
  if ("off" in state) {
    const known = state.off === "env" || state.off === "noPluginFolder" ? text2.netOffWhy[state.off] : escapeControls(state.off.slice(0, 200));
    return text2.netOff(known);
  }
  const named = state.skipped.slice(0, MAX_NAMED).map((s) => `${s.path === "" ? "." : shortenName(s.path, 120)} (${escapeControls(s.why.slice(0, 40))})`);
  const rest = state.skipped.length - named.length + state.more;
  return text2.netBlind(rest > 0 ? `${named.join(", ")} +${rest}` : named.join(", "));
}
function alreadyGivenLine(lang) {
  return SESSION_NOTES_TEXT[lang].alreadyGiven;
}
function withLineAfterHeading(brief, line) {
  if (line === null) return brief;
  const cut = brief.indexOf("\n");
  return cut < 0 ? `${brief}
${line}` : `${brief.slice(0, cut)}
${line}${brief.slice(cut)}`;
}

// src/core/file-key.ts
var FNV_OFFSET = BigInt("0xcbf29ce484222325");
var FNV_PRIME = BigInt("0x100000001b3");
var U64 = BigInt("0xffffffffffffffff");
function fileKey(key) {
  let h = FNV_OFFSET;
  for (const byte of new TextEncoder().encode(key)) h = (h ^ BigInt(byte)) * FNV_PRIME & U64;
  return h.toString(16).padStart(16, "0");
}

// src/node/journal/session-record.ts
var fs4 = require("node:fs");
var path5 = require("node:path");

// src/node/hosts/hook-input.ts
function parseHookJson(stdin) {
  try {
    return JSON.parse(stdin.toString("utf8").replace(/^\uFEFF/, ""));
  } catch {
    return void 0;
  }
}

// src/node/real-path.ts
var fs = require("node:fs");
var path = require("node:path");

// src/core/rules/scope.ts
var DRIVE = /^[a-zA-Z]:(?:\/|$)/;
function isAbsolute(p) {
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
  const full = normalizePath(isAbsolute(slashed) ? slashed : `${base}/${slashed}`);
  const prefix = base.endsWith("/") ? base : `${base}/`;
  if (!full.toLowerCase().startsWith(prefix.toLowerCase())) return null;
  const rel = full.slice(prefix.length);
  return rel === "" ? null : rel;
}

// src/node/real-path.ts
function realPathOf(p) {
  let existing = path.resolve(p);
  const rest = [];
  for (; ; ) {
    try {
      return path.join(fs.realpathSync.native(existing), ...rest);
    } catch {
      const parent = path.dirname(existing);
      if (parent === existing) return null;
      rest.unshift(path.basename(existing));
      existing = parent;
    }
  }
}
function vaultRelativeReal(root, filePath) {
  const literal = vaultRelative(root, filePath);
  if (literal !== null || filePath.includes("\0")) return literal;
  const absolute = path.resolve(root, filePath);
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
var NO_FOLLOW = fs.constants.O_NOFOLLOW ?? 0;
var WRITING = fs.constants.O_WRONLY | fs.constants.O_RDWR | fs.constants.O_CREAT | fs.constants.O_TRUNC | fs.constants.O_APPEND;

// src/node/state-file.ts
var fs2 = require("node:fs");
var path2 = require("node:path");
var C = fs2.constants;
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
    fs2.appendFileSync(TRACE, `${file}
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
      real = fs2.realpathSync.native(key);
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
  return path2.isAbsolute(p) && !UNCLEAN.test(p) ? p : path2.resolve(p);
}
function belowReal(top, rel) {
  return rel === "" ? top : top.endsWith(path2.sep) ? top + rel : top + path2.sep + rel;
}
function under(root, dir) {
  const r = normal(root);
  const d = normal(dir);
  if (d === r) return "";
  const prefix = r.endsWith(path2.sep) ? r : r + path2.sep;
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
    real = fs2.realpathSync.native(normal(dir));
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
      procFd = process.platform === "linux" && fs2.statSync("/proc/self/fd").isDirectory();
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
    return fs2.openSync(dir, C.O_RDONLY | (C.O_DIRECTORY ?? 0) | NOFOLLOW);
  } catch (error) {
    throw new StateFileError(file, `refused: its folder cannot be opened as a folder of the vault (${error.code ?? "error"})`);
  }
}
function holdFolder(root, file, shared) {
  if (!hasProcFd()) return null;
  const dir = path2.dirname(normal(file));
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
          fs2.closeSync(oldFd);
        }
      }
    }
    try {
      real = fs2.readlinkSync(`/proc/self/fd/${fd}`);
    } catch {
      real = null;
    }
    if (real !== null && want !== null && same(real, want)) return { fd, at: `/proc/self/fd/${fd}/${path2.basename(file)}` };
    if (shared) heldFolders.delete(dir);
    fs2.closeSync(fd);
  }
  throw new StateFileError(file, `refused: its folder was replaced by a link${real === null ? "" : ` (it leads to ${real})`}`);
}
function ensureStateFolder(root, dir) {
  const state = folderState(root, dir);
  if (state === "ok") return;
  if (state !== "missing") refuse(dir, state);
  const parent = path2.dirname(normal(dir));
  if (parent === normal(dir) || under(root, parent) === null) refuse(dir, state);
  ensureStateFolder(root, parent);
  try {
    fs2.mkdirSync(dir, { mode: 511 });
    trace(dir);
  } catch (error) {
    if (error.code !== "EEXIST") throw error;
  }
  const made = folderState(root, dir);
  if (made !== "ok") refuse(dir, made);
}
function inspectStateFile(root, file) {
  const folder2 = folderState(root, path2.dirname(normal(file)));
  if (folder2 === "missing") return { kind: "missing" };
  if (folder2 !== "ok") return { kind: "damaged", reason: `its folder ${folder2.refused}` };
  let st;
  try {
    st = fs2.lstatSync(file);
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
  const folder2 = folderState(root, path2.dirname(normal(file)));
  if (folder2 !== "ok") return null;
  if (NOFOLLOW === 0 && statStateFile(root, file) === null) return null;
  let fd;
  try {
    fd = fs2.openSync(file, READ_FLAGS);
  } catch {
    return null;
  }
  try {
    if (fs2.fstatSync(fd).isFile()) return fd;
  } catch {
  }
  fs2.closeSync(fd);
  return null;
}
function readRange(fd, from, maxBytes) {
  const size2 = fs2.fstatSync(fd).size;
  const length = Math.max(0, Math.min(size2 - from, maxBytes));
  const buf = Buffer.allocUnsafe(length);
  let got = 0;
  while (got < length) {
    const n = fs2.readSync(fd, buf, got, length - got, from + got);
    if (n === 0) break;
    got += n;
  }
  return buf.subarray(0, got);
}
function readStateFile(root, file, maxBytes) {
  const fd = openStateFile(root, file);
  if (fd === null) return null;
  try {
    if (fs2.fstatSync(fd).size > maxBytes) return null;
    return readRange(fd, 0, maxBytes);
  } catch {
    return null;
  } finally {
    fs2.closeSync(fd);
  }
}
function readStateText(root, file, maxBytes) {
  const data = readStateFile(root, file, maxBytes);
  return data === null ? null : data.toString("utf8").replace(/^\uFEFF/, "");
}
function readStateJson(root, file, maxBytes) {
  const text2 = readStateText(root, file, maxBytes);
  if (text2 === null) return void 0;
  try {
    return JSON.parse(text2);
  } catch {
    return void 0;
  }
}
function randomPart() {
  return `${Math.floor(Math.random() * 4294967296).toString(16).padStart(8, "0")}${Math.floor(Math.random() * 4294967296).toString(16).padStart(8, "0")}`;
}
function writeAll(fd, data) {
  const bytes = typeof data === "string" ? Buffer.from(data, "utf8") : data;
  let done = 0;
  while (done < bytes.length) done += fs2.writeSync(fd, bytes, done, bytes.length - done);
}
function createTemp(file, mode) {
  for (let attempt = 0; ; attempt++) {
    const tmp = `${file}.${process.pid}.${randomPart()}.tmp`;
    try {
      return { fd: fs2.openSync(tmp, CREATE_FLAGS, mode), tmp };
    } catch (error) {
      if (error.code !== "EEXIST" || attempt >= 4) throw error;
    }
  }
}
var CHANGED_SINCE_READ = "changed since it was read";
function modeOf(file, options) {
  if (options.mode === "keep") {
    try {
      const st = fs2.lstatSync(file);
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
      if (mode.exact !== void 0) fs2.fchmodSync(fd, mode.exact);
    } finally {
      fs2.closeSync(fd);
    }
    const was = options.unchanged;
    if (was !== void 0) {
      const now = fs2.lstatSync(file, { throwIfNoEntry: false });
      if (now === void 0 || !now.isFile() || now.dev !== was.dev || now.ino !== was.ino || now.size !== was.size || now.mtimeMs !== was.mtimeMs) throw new StateFileError(file, CHANGED_SINCE_READ);
    }
    fs2.renameSync(tmp, file);
  } catch (error) {
    try {
      fs2.unlinkSync(tmp);
    } catch {
    }
    throw error;
  }
}
function writeStateFile(root, file, data, options = {}) {
  const dir = path2.dirname(normal(file));
  ensureStateFolder(root, dir);
  const target = inspectStateFile(root, file);
  if (target.kind === "damaged" && target.reason === "is a folder") throw new StateFileError(file, "refused: a folder stands where the file belongs");
  throughFolder(root, file, (at) => replaceFile(at, data, options));
  trace(file);
}
function appendStateFile(root, file, text2) {
  ensureStateFolder(root, path2.dirname(normal(file)));
  if (NOFOLLOW === 0 && inspectStateFile(root, file).kind === "damaged") throw new StateFileError(file, "refused: not a regular file");
  return throughFolder(root, file, (at) => appendAt(file, at, text2));
}
function appendLanded(root, file, text2, tries = 3) {
  let size2 = 0;
  for (let i = 0; i < tries; i++) {
    const r = appendStateFile(root, file, text2);
    size2 = r.size;
    if (r.landed) break;
  }
  return size2;
}
function endsTorn(fd, size2) {
  if (size2 === 0) return false;
  const last = Buffer.alloc(1);
  return fs2.readSync(fd, last, 0, 1, size2 - 1) === 1 && last[0] !== 10;
}
function appendAt(file, at, text2) {
  const fd = fs2.openSync(at, APPEND_FLAGS, 438);
  try {
    const before = fs2.fstatSync(fd);
    if (!before.isFile()) throw new StateFileError(file, `refused: ${describe(before)}`);
    writeAll(fd, endsTorn(fd, before.size) ? `
${text2}` : text2);
    trace(file);
    const mine = fs2.fstatSync(fd);
    let now = null;
    try {
      now = fs2.lstatSync(at);
    } catch {
      now = null;
    }
    return { landed: now !== null && now.ino === mine.ino && now.dev === mine.dev, size: mine.size };
  } finally {
    fs2.closeSync(fd);
  }
}
function createStateFile(root, file, data, mode = 438) {
  ensureStateFolder(root, path2.dirname(normal(file)));
  return throughFolder(root, file, (at) => createAt(file, at, data, mode));
}
function createAt(file, at, data, mode) {
  let fd;
  try {
    fd = fs2.openSync(at, CREATE_FLAGS, mode);
  } catch (error) {
    if (error.code === "EEXIST") return false;
    throw error;
  }
  try {
    writeAll(fd, data);
  } finally {
    fs2.closeSync(fd);
  }
  trace(file);
  return true;
}
function placeStateFile(root, file, data) {
  ensureStateFolder(root, path2.dirname(normal(file)));
  return throughFolder(root, file, (at) => placeAt(file, at, data));
}
function placeAt(file, at, data) {
  let tmp = null;
  try {
    const made = createTemp(at, 438);
    tmp = made.tmp;
    try {
      writeAll(made.fd, data);
    } finally {
      fs2.closeSync(made.fd);
    }
    fs2.linkSync(tmp, at);
    trace(file);
    return true;
  } catch (error) {
    const code = error.code;
    if (code === "EEXIST") return false;
    if (tmp !== null && (code === "EPERM" || code === "ENOTSUP" || code === "EXDEV" || code === "ENOSYS")) return createAt(file, at, data, 438);
    throw error;
  } finally {
    if (tmp !== null) {
      try {
        fs2.unlinkSync(tmp);
      } catch {
      }
    }
  }
}
function removeStateFile(root, file) {
  const entry = inspectStateFile(root, file);
  if (entry.kind === "missing") return false;
  if (entry.kind === "damaged") {
    if (entry.reason.startsWith("its folder")) throw new StateFileError(file, `refused: ${entry.reason}`);
    if (entry.reason === "is a folder") throw new StateFileError(file, "refused: a folder stands where the file belongs");
  }
  try {
    throughFolder(root, file, (at) => fs2.unlinkSync(at));
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
    return fs2.readdirSync(dir, { withFileTypes: true }).slice(0, max);
  } catch {
    return [];
  }
}
function isStateFolder(root, dir) {
  if (folderState(root, dir) !== "ok") return false;
  try {
    return fs2.lstatSync(dir).isDirectory();
  } catch {
    return false;
  }
}
function readAgentSettingsFile(file, maxBytes) {
  let fd;
  try {
    fd = fs2.openSync(file, C.O_RDONLY | NONBLOCK);
  } catch (error) {
    if (error.code === "ENOENT") return null;
    throw error;
  }
  try {
    const st = fs2.fstatSync(fd);
    if (!st.isFile()) throw new Error(describe(st));
    if (st.size > maxBytes) throw new Error(`larger than ${maxBytes} bytes`);
    return readRange(fd, 0, maxBytes);
  } finally {
    fs2.closeSync(fd);
  }
}
function readRegularFile(file, maxBytes) {
  try {
    return readAgentSettingsFile(file, maxBytes);
  } catch {
    return null;
  }
}
function openUserStateFile(file) {
  let fd;
  try {
    fd = fs2.openSync(file, READ_FLAGS);
  } catch {
    return null;
  }
  if (fs2.fstatSync(fd).isFile()) return fd;
  fs2.closeSync(fd);
  return null;
}

// src/node/state-registry.ts
var path3 = require("node:path");

// src/core/state-names.ts
var BRIEF_FILE = "brief-cache.json";
var INDEX_FILE = "brief-index.json";
var JOURNAL_FILE = "agent-changes.jsonl";
var STARTS_LOG = "session-starts.jsonl";
var OLD_STARTS_FILE = "session-starts.json";
var REVIEW_FILE = "agent-review.json";
var SESSION_STARTS_FILE = "conversations.json";
var NET_STATE_PREFIX = "session-net-";
var NET_BLIND_FILE = "blind.json";
var DISCOVERY_FILE = "live.json";
var BEFORE_FOLDER = "before-versions";

// src/node/state-registry.ts
var SETTINGS_FILE = "data.json";
var LOCK_SUFFIX = ".lock";
var JOURNAL_LOCK = `${JOURNAL_FILE}${LOCK_SUFFIX}`;
var STARTS_LOCK = `${STARTS_LOG}${LOCK_SUFFIX}`;
var MARKS_FOLDER = "session-marks";
var PRUNED_STAMP = ".pruned";
var MANIFEST_NAME = "session-brief.json";
var JOURNAL_COPY_PREFIX = "agent-changes";
var REVIEW_SEAL_PREFIX = "review-seal";
var DEVICE_KEY_FILE = "device-key.json";
var TRUSTED_DEVICES_FILE = "trusted-devices.json";
function hooksFolder(vault) {
  return path3.join(vault, ".claude", "hooks");
}

// src/node/journal/session-starts-log.ts
var fs3 = require("node:fs");
var path4 = require("node:path");

// src/core/session-starts.ts
var MAX_STARTS = 20;
var COMPACT_STARTS_AT_BYTES = 16 * 1024;
var HOOK_COMPACTS_STARTS_AT_BYTES = 64 * 1024;
var READ_STARTS_BYTES = 256 * 1024;
var orNull = (v) => typeof v === "string" ? v : null;
function entryOf(e) {
  if (typeof e !== "object" || e === null) return null;
  const r = e;
  if (typeof r.at !== "string" || Number.isNaN(Date.parse(r.at)) || typeof r.agent !== "string" || !isAgentId(r.agent)) return null;
  return { at: r.at, agent: r.agent, source: orNull(r.source), sessionId: orNull(r.sessionId), cwd: orNull(r.cwd), outside: r.outside === true, delivered: r.delivered !== false };
}
function parseSessionStarts(text2) {
  let data;
  try {
    data = JSON.parse(text2);
  } catch {
    return [];
  }
  const d = data;
  if (d === null || typeof d !== "object" || d.schema !== 1 || !Array.isArray(d.entries)) return [];
  const out = [];
  for (const e of d.entries) {
    const entry = entryOf(e);
    if (entry !== null) out.push(entry);
  }
  return out;
}
function encodeStartLine(e) {
  return `${JSON.stringify(e)}
`;
}
function opensConversation(e) {
  return e.delivered && (e.source === "startup" || e.source === "clear");
}
function conversationOf(v) {
  if (typeof v !== "object" || v === null || Array.isArray(v)) return null;
  const at = v.conversation;
  return typeof at === "string" && !Number.isNaN(Date.parse(at)) ? at : null;
}
function conversationLine(at) {
  return `${JSON.stringify({ conversation: at })}
`;
}
function logLines(text2) {
  const end = text2.lastIndexOf("\n");
  if (end < 0) return [];
  const seen = /* @__PURE__ */ new Set();
  const out = [];
  for (const line of text2.slice(0, end).split("\n")) {
    if (line === "" || seen.has(line)) continue;
    seen.add(line);
    out.push(line);
  }
  return out;
}
function parseLine(line) {
  try {
    return JSON.parse(line);
  } catch {
    return void 0;
  }
}
function parseStartsLog(text2) {
  const entries2 = [];
  const conversations = [];
  for (const line of logLines(text2)) {
    const v = parseLine(line);
    const entry = entryOf(v);
    if (entry !== null) {
      entries2.push(entry);
      if (opensConversation(entry)) conversations.push(entry.at);
      continue;
    }
    const at = conversationOf(v);
    if (at !== null) conversations.push(at);
  }
  return { entries: entries2, conversations };
}
function recentConversations(text2, want) {
  const out = [];
  let end = text2.lastIndexOf("\n");
  while (end > 0 && out.length < want) {
    const start = text2.lastIndexOf("\n", end - 1) + 1;
    const v = parseLine(text2.slice(start, end));
    const entry = entryOf(v);
    const at = entry === null ? conversationOf(v) : opensConversation(entry) ? entry.at : null;
    if (at !== null && out[0] !== at) out.unshift(at);
    end = start - 1;
  }
  return out;
}
function compactStartsLog(entries2, conversations) {
  return entries2.slice(-MAX_STARTS).map(encodeStartLine).join("") + conversations.slice(-2).map(conversationLine).join("");
}

// src/core/agent-journal.ts
var MAX_RECORDS = 1e4;
var MAX_AGE_MS = 30 * 24 * 60 * 60 * 1e3;
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
function parseLine2(line) {
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
function journalLines(text2) {
  const out = [];
  for (const line of text2.split("\n")) {
    if (line.trim() === "") continue;
    const r = parseLine2(line);
    if (r !== null) out.push(r);
  }
  return out;
}
function sortRecords(records) {
  return [...records].sort((a, b) => a.at < b.at ? -1 : a.at > b.at ? 1 : 0);
}
function parseJournal(text2) {
  const seen = /* @__PURE__ */ new Set();
  const out = [];
  for (const r of journalLines(text2)) {
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
function copyIntact(copyText, vaultText) {
  if (copyText === null || copyText === "" || copyText === vaultText) return true;
  const lines = new Set(vaultText.split("\n"));
  return copyText.split("\n").every((line) => line === "" || lines.has(line));
}
function withCopy(vault, copy, now) {
  if (copy === null) return { records: [...vault], lost: 0 };
  const keys = new Set(vault.map(recordKey));
  const oldest = vault.length >= MAX_RECORDS ? vault[0]?.at ?? "" : "";
  const lost = [];
  for (const r of boundJournal(copy, now)) {
    const k = recordKey(r);
    if (keys.has(k) || r.at < oldest) continue;
    keys.add(k);
    lost.push(r);
  }
  if (lost.length === 0) return { records: [...vault], lost: 0 };
  return { records: boundJournal(sortRecords([...vault, ...lost]), now), lost: lost.length };
}

// src/core/what-changed.ts
var ISO2 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{3})?Z$/;
function isoOrNull(v) {
  return typeof v === "string" && ISO2.test(v) && !Number.isNaN(Date.parse(v)) ? new Date(v).toISOString() : null;
}
function isoMap(v) {
  const out = /* @__PURE__ */ Object.create(null);
  if (typeof v !== "object" || v === null || Array.isArray(v)) return out;
  for (const [k, t] of Object.entries(v)) {
    const iso = isoOrNull(t);
    if (iso !== null) out[k] = iso;
  }
  return out;
}
function emptyMarks() {
  return { all: null, sessions: /* @__PURE__ */ Object.create(null), notes: /* @__PURE__ */ Object.create(null), renames: [] };
}
function parseReviewMarks(v) {
  if (typeof v !== "object" || v === null || Array.isArray(v)) return emptyMarks();
  const o = v;
  const renames = [];
  if (Array.isArray(o.renames)) {
    for (const r of o.renames) {
      if (typeof r !== "object" || r === null) continue;
      const { from, to, at } = r;
      const iso = isoOrNull(at);
      if (typeof from === "string" && typeof to === "string" && from !== "" && to !== "" && iso !== null) renames.push({ from, to, at: iso });
    }
  }
  return { all: isoOrNull(o.all), sessions: isoMap(o.sessions), notes: isoMap(o.notes), renames };
}
function sessionKey(session) {
  return session ?? "";
}
function followRenames(records, renames) {
  if (renames.length === 0) return [...records];
  return records.map((r) => {
    let p = r.path;
    for (const rn of renames) if (rn.at >= r.at && rn.from === p) p = rn.to;
    return p === r.path ? r : { ...r, path: p };
  });
}
function isReviewed(r, marks) {
  const mark = [marks.all, marks.sessions[sessionKey(r.session)], marks.notes[r.path]].reduce((a, b) => b !== void 0 && b !== null && (a === null || b > a) ? b : a, null);
  return mark !== null && r.at <= mark;
}
function allRenames(records, renames) {
  const recorded = records.filter((r) => r.change === "renamed" && r.from !== void 0).map((r) => ({ from: r.from ?? "", to: r.path, at: r.at }));
  if (recorded.length === 0) return [...renames];
  return [...renames, ...recorded].sort((a, b) => a.at < b.at ? -1 : a.at > b.at ? 1 : 0);
}
function unreviewedSessions(records, marks, exists3) {
  const bySession = /* @__PURE__ */ new Map();
  const existing = /* @__PURE__ */ new Map();
  for (const r of followRenames(records, allRenames(records, marks.renames))) {
    if (isReviewed(r, marks)) continue;
    let there = existing.get(r.path);
    if (there === void 0) {
      there = exists3(r.path);
      existing.set(r.path, there);
    }
    if (r.change === "deleted" ? there : !there) continue;
    const key = sessionKey(r.session);
    let group = bySession.get(key);
    if (group === void 0) {
      group = { session: r.session, notes: /* @__PURE__ */ new Map() };
      bySession.set(key, group);
    }
    let seen = group.notes.get(r.path);
    if (seen === void 0) {
      seen = { path: r.path, session: r.session, tool: r.tool, at: r.at, edits: 1 };
      group.notes.set(r.path, seen);
    } else {
      seen.edits++;
      if (r.at >= seen.at) {
        seen.at = r.at;
        seen.tool = r.tool;
      }
    }
    if (r.change === "renamed" && seen.from === void 0 && r.from !== void 0) seen.from = r.from;
    if (r.at >= seen.at) {
      if (r.change === "deleted") seen.change = "deleted";
      else if (seen.from !== void 0) seen.change = "renamed";
      else delete seen.change;
    }
  }
  const sessions = [];
  for (const g of bySession.values()) {
    const changes = [...g.notes.values()].sort((a, b) => a.at !== b.at ? a.at > b.at ? -1 : 1 : comparePaths(a.path, b.path));
    sessions.push({ session: g.session, latest: changes[0]?.at ?? "", changes });
  }
  return sessions.sort((a, b) => a.latest > b.latest ? -1 : a.latest < b.latest ? 1 : 0);
}
function agentChangesItem(sessions) {
  const paths = [...new Set(sessions.flatMap((s) => s.changes.map((c) => c.path)))].sort(comparePaths);
  return withKinds({ count: paths.length, paths }, changeKinds(sessions));
}
function changeKinds(sessions) {
  const deleted = /* @__PURE__ */ new Set();
  const from = /* @__PURE__ */ new Map();
  for (const s of sessions) {
    for (const c of s.changes) {
      if (c.change === "deleted") deleted.add(c.path);
      else if (c.from !== void 0) {
        const seen = from.get(c.path);
        if (seen === void 0 || c.at < seen.at || c.at === seen.at && comparePaths(c.from, seen.from) < 0) from.set(c.path, { from: c.from, at: c.at });
      }
    }
  }
  const renamed = [...from].filter(([p]) => !deleted.has(p)).map(([path22, was]) => ({ path: path22, from: was.from }));
  return { deleted: [...deleted].sort(comparePaths), renamed: renamed.sort((a, b) => comparePaths(a.path, b.path)) };
}
function withKinds(item, kinds) {
  const listed = new Set(item.paths);
  const deleted = (kinds.deleted ?? []).filter((p) => listed.has(p));
  const renamed = (kinds.renamed ?? []).filter((r) => listed.has(r.path));
  return { ...item, ...deleted.length > 0 ? { deleted } : {}, ...renamed.length > 0 ? { renamed } : {} };
}
function parseSessionStarts2(v) {
  if (typeof v !== "object" || v === null || Array.isArray(v)) return { previous: null, current: null };
  const o = v;
  return { previous: isoOrNull(o.previous), current: isoOrNull(o.current) };
}
function conversationStarts(old, fromLog) {
  const all = [];
  for (const at of [old.previous, old.current, ...fromLog]) {
    const iso = isoOrNull(at);
    if (iso !== null && all[all.length - 1] !== iso) all.push(iso);
  }
  return { previous: all[all.length - 2] ?? null, current: all[all.length - 1] ?? null };
}
var NEWS_ITEMS = LIST_ITEM_TABLE.filter((d) => d.sidebar !== void 0).map((d) => d.id);
function newsNotes(brief) {
  const out = /* @__PURE__ */ new Map();
  for (const id of NEWS_ITEMS) {
    const item = brief.items[id];
    if (item === null) continue;
    if (item.entries.length !== item.count) return null;
    for (const e of item.entries) out.set(e.path, e.mtime);
  }
  return [...out];
}
function sinceLastSessionItem(since, notes) {
  if (since === null) return { since, count: 0, paths: [] };
  const after = Date.parse(since);
  const paths = [];
  for (const [p, mtime] of notes) if (mtime > after) paths.push(p);
  paths.sort(comparePaths);
  return { since, count: paths.length, paths };
}
function sinceFromCache(since, cache) {
  const stored = cache.news?.find((a) => a.since === since);
  if (stored !== void 0) return { since, count: stored.count, paths: [...stored.paths] };
  if (Date.parse(since) >= cache.writtenAt) return { since, count: 0, paths: [] };
  return null;
}

// src/node/journal/session-starts-log.ts
var MAX_OLD_BYTES = 256 * 1024;
var STALE_LOCK_MS = 3e4;
function startsLogPath(pluginDir) {
  return path4.join(pluginDir, STARTS_LOG);
}
function linesFrom(fd, from) {
  const buf = readRange(fd, from, READ_STARTS_BYTES);
  const last = buf.lastIndexOf(10);
  if (last < 0) return { text: "", end: from };
  return { text: buf.subarray(0, last + 1).toString("utf8"), end: from + last + 1 };
}
function readLogTail(root, pluginDir) {
  const fd = openStateFile(root, startsLogPath(pluginDir));
  if (fd === null) return "";
  try {
    const size2 = fs3.fstatSync(fd).size;
    const start = Math.max(0, size2 - READ_STARTS_BYTES);
    let text2 = readRange(fd, start, size2 - start).toString("utf8");
    if (start > 0) text2 = text2.slice(text2.indexOf("\n") + 1);
    return text2;
  } catch {
    return "";
  } finally {
    fs3.closeSync(fd);
  }
}
function oldEntries(root, pluginDir) {
  const text2 = readStateText(root, path4.join(pluginDir, OLD_STARTS_FILE), MAX_OLD_BYTES);
  return text2 === null ? [] : parseSessionStarts(text2);
}
function oldConversations(root, pluginDir) {
  return parseSessionStarts2(readStateJson(root, path4.join(pluginDir, SESSION_STARTS_FILE), MAX_OLD_BYTES));
}
function readConversationStarts(root, pluginDir) {
  const recent = recentConversations(readLogTail(root, pluginDir), 2);
  const none = { previous: null, current: null };
  return conversationStarts(recent.length < 2 ? oldConversations(root, pluginDir) : none, recent);
}
function appendSessionStart(root, pluginDir, entry) {
  return appendLanded(root, startsLogPath(pluginDir), encodeStartLine(entry)) >= HOOK_COMPACTS_STARTS_AT_BYTES;
}
function appendConversationStart(root, pluginDir, at) {
  appendLanded(root, startsLogPath(pluginDir), conversationLine(at));
}
function takeLock(root, lock) {
  for (let i = 0; i < 2; i++) {
    if (createStateFile(root, lock, String(process.pid))) return true;
    const st = statStateFile(root, lock);
    if (st !== null && Math.abs(Date.now() - st.mtimeMs) < STALE_LOCK_MS) return false;
    removeStateFile(root, lock);
  }
  return false;
}
function compactSessionStarts(root, pluginDir) {
  const file = startsLogPath(pluginDir);
  const lock = path4.join(pluginDir, STARTS_LOCK);
  if (!takeLock(root, lock)) return false;
  let fd = null;
  try {
    fd = openStateFile(root, file);
    let head = { text: "", end: 0 };
    if (fd !== null) {
      const size2 = fs3.fstatSync(fd).size;
      const start = Math.max(0, size2 - READ_STARTS_BYTES);
      head = linesFrom(fd, start);
      if (start > 0) head.text = head.text.slice(head.text.indexOf("\n") + 1);
    }
    const log = parseStartsLog(head.text);
    const old = oldConversations(root, pluginDir);
    const conversations = conversationStarts({ previous: null, current: null }, [old.previous, old.current, ...log.conversations].filter((at) => at !== null));
    let text2 = compactStartsLog([...oldEntries(root, pluginDir), ...log.entries], [conversations.previous, conversations.current].filter((at) => at !== null));
    const tail = fd === null ? head : linesFrom(fd, head.end);
    if (fd !== null) text2 += tail.text;
    writeStateFile(root, file, text2);
    for (const name of [OLD_STARTS_FILE, SESSION_STARTS_FILE]) {
      if (inspectStateFile(root, path4.join(pluginDir, name)).kind === "file") removeStateFile(root, path4.join(pluginDir, name));
    }
    if (fd !== null) {
      const late = linesFrom(fd, tail.end);
      if (late.text !== "") appendLanded(root, file, late.text);
    }
    return true;
  } finally {
    if (fd !== null) fs3.closeSync(fd);
    removeStateFile(root, lock);
  }
}

// src/node/journal/session-record.ts
var SAME_SESSION_MS = 3e4;
var NO_ID_MS = 5e3;
var DOCTOR_RUN_ENV = "SESSION_BRIEF_DOCTOR_RUN";
var NONE = { duplicate: false, outside: null, afterAnswer: null };
function isDir(p) {
  try {
    return fs4.statSync(p).isDirectory();
  } catch {
    return false;
  }
}
function text(v, max) {
  return typeof v === "string" && v !== "" ? v.slice(0, max) : null;
}
function readSessionInput(stdin, agent) {
  return translateHookInput(agent, parseHookJson(stdin));
}
function facts(input) {
  return { sessionId: text(input.session_id, 200), source: text(input.source, 40), cwd: text(input.cwd, 4096) };
}
function insideVault(root, cwd) {
  if (!path5.isAbsolute(cwd)) return true;
  if (vaultRelativeReal(root, cwd) !== null) return true;
  const a = realPathOf(root);
  const b = realPathOf(cwd);
  return path5.resolve(root) === path5.resolve(cwd) || a !== null && a === b;
}
function rulesIndex(root, settings) {
  const folder2 = path5.join(root, ...settings.rulesFolder.split("/"));
  for (const name of ["_index.md", "index.md", "README.md", `${path5.basename(folder2)}.md`]) {
    const file = path5.join(folder2, name);
    if (fs4.existsSync(file)) return file;
  }
  return null;
}
var markName = fileKey;
function claim(root, pluginDir, key, agent, hasId) {
  const dir = path5.join(pluginDir, MARKS_FOLDER);
  ensureStateFolder(root, dir);
  const file = path5.join(dir, markName(key));
  const windowMs = hasId ? SAME_SESSION_MS : NO_ID_MS;
  const text2 = `${Date.now()}
${agent}
`;
  for (let attempt = 0; attempt < 2; attempt++) {
    if (placeStateFile(root, file, text2)) return true;
    const found = readStateText(root, file, 256);
    const st = statStateFile(root, file);
    if (found === null || st === null) {
      removeStateFile(root, file);
      continue;
    }
    const [written, by] = found.split("\n");
    const at = written === void 0 || written === "" ? st.mtimeMs : Number(written);
    const age = Date.now() - at;
    if (age >= 0 && age < windowMs && (hasId || by !== agent)) return false;
    removeStateFile(root, file);
  }
  return true;
}
function pruneMarks(root, pluginDir) {
  const dir = path5.join(pluginDir, MARKS_FOLDER);
  const stamp = path5.join(dir, PRUNED_STAMP);
  const pruned = statStateFile(root, stamp);
  if (pruned !== null && Date.now() - pruned.mtimeMs < 6e4) return;
  writeStateFile(root, stamp, "");
  for (const entry of listStateFolder(root, dir, 500)) {
    if (entry.name === PRUNED_STAMP || !entry.isFile()) continue;
    const file = path5.join(dir, entry.name);
    try {
      const st = statStateFile(root, file);
      if (st !== null && Date.now() - st.mtimeMs > 10 * 6e4) removeStateFile(root, file);
    } catch {
    }
  }
}
function beginSessionStart(root, pluginDir, settings, hookInput, agent, now, env) {
  if (env[DOCTOR_RUN_ENV] === "1") return NONE;
  const input = facts(hookInput);
  let outside = null;
  try {
    if (input.cwd !== null && !insideVault(root, input.cwd)) {
      const claudeMd = path5.join(root, "CLAUDE.md");
      const index = rulesIndex(root, settings);
      const readFirst = [...fs4.existsSync(claudeMd) ? [claudeMd] : [], ...index === null ? [] : [index]];
      outside = { cwd: input.cwd, readFirst };
    }
  } catch {
    outside = null;
  }
  if (pluginDir === null) return { duplicate: false, outside, afterAnswer: null };
  if (!isDir(pluginDir)) {
    try {
      if (input.source === "startup" || input.source === "clear") appendConversationStart(root, pluginDir, now.toISOString());
    } catch {
    }
    return { duplicate: false, outside, afterAnswer: null };
  }
  let duplicate = false;
  try {
    const key = `${input.sessionId ?? ""}\0${input.source ?? ""}`;
    duplicate = !claim(root, pluginDir, key, agent, input.sessionId !== null);
    pruneMarks(root, pluginDir);
  } catch {
    duplicate = false;
  }
  let afterAnswer = null;
  try {
    const grown = appendSessionStart(root, pluginDir, { at: now.toISOString(), agent, source: input.source, sessionId: input.sessionId, cwd: input.cwd, outside: outside !== null, delivered: !duplicate });
    if (grown) {
      afterAnswer = () => {
        try {
          compactSessionStarts(root, pluginDir);
        } catch {
        }
      };
    }
  } catch {
  }
  return { duplicate, outside, afterAnswer };
}

// src/core/dates.ts
function isoDate(now) {
  const y = String(now.getFullYear()).padStart(4, "0");
  const m = String(now.getMonth() + 1).padStart(2, "0");
  const d = String(now.getDate()).padStart(2, "0");
  return `${y}-${m}-${d}`;
}

// bridge/context.ts
var fs7 = require("node:fs");
var os = require("node:os");
var path8 = require("node:path");

// src/node/vault-config.ts
var fs6 = require("node:fs");
var path7 = require("node:path");

// src/core/cache-key.ts
var RULES_VERSION = 1;
function settingsKey(settings, dailyNote) {
  return JSON.stringify({ v: RULES_VERSION, settings, dailyNote });
}

// src/core/first-run.ts
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
function proposeSetup(facts2) {
  const found = [];
  const rules = pick(facts2.folders, RULES_NAME, 1);
  const sessions = pick(facts2.folders, SESSIONS_NAME, 0);
  const rulesFolder = cleanFolder(rules ?? DEFAULT_SETTINGS.rulesFolder);
  const sessionsFolder = cleanFolder(sessions ?? DEFAULT_SETTINGS.sessionsFolder);
  if (rules !== null) found.push(`${rules}/`);
  if (sessions !== null) found.push(`${sessions}/`);
  const ruleScope = [];
  for (const f of AGENT_RULE_FILES) {
    if (!facts2.present.includes(f.path)) continue;
    ruleScope.push(f.scope);
    found.push(f.path.endsWith(".md") ? f.path : `${f.path}/`);
  }
  ruleScope.push(`${rulesFolder}/**`);
  return { rulesFolder, sessionsFolder, ruleScope, found };
}

// src/node/top-level-facts.ts
var fs5 = require("node:fs");
var path6 = require("node:path");
function exists(file) {
  try {
    fs5.lstatSync(file);
    return true;
  } catch {
    return false;
  }
}
function entries(dir) {
  try {
    return fs5.readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
}
function topLevelFacts(root) {
  const present = AGENT_RULE_FILES.filter((f) => exists(path6.join(root, f.path))).map((f) => f.path);
  const folders = [];
  for (const entry of entries(root)) {
    if (!entry.isDirectory() || entry.name.startsWith(".") || !namedLikeSetupFolder(entry.name)) continue;
    const notes = entries(path6.join(root, entry.name)).filter((e) => e.isFile() && e.name.endsWith(".md")).length;
    folders.push({ path: entry.name, notes });
  }
  return { present, folders };
}

// src/node/vault-config.ts
var PLUGIN_ID = "session-brief";
function defaultVaultRoot(scriptPath) {
  let dir = path7.dirname(path7.resolve(scriptPath));
  if (path7.basename(dir) === "session-brief") dir = path7.dirname(dir);
  if (path7.basename(dir) !== "hooks" || path7.basename(path7.dirname(dir)) !== ".claude") return null;
  return path7.dirname(path7.dirname(dir));
}
var MAX_SETTINGS_BYTES = 4 * 1024 * 1024;
function readJson(root, file, warnings) {
  const text2 = readStateText(root, file, MAX_SETTINGS_BYTES);
  if (text2 === null) {
    const entry = inspectStateFile(root, file);
    if (entry.kind === "damaged") warnings.push(`cannot read ${file}: it ${entry.reason}; using defaults`);
    else if (entry.kind === "file") warnings.push(`cannot read ${file}: larger than ${MAX_SETTINGS_BYTES} bytes; using defaults`);
    return void 0;
  }
  try {
    return JSON.parse(text2);
  } catch {
    warnings.push(`${file} is not valid JSON; using defaults`);
    return void 0;
  }
}
function isDir2(p) {
  try {
    return fs6.statSync(p).isDirectory();
  } catch {
    return false;
  }
}
function readRecorded(root, warnings) {
  return readJson(root, path7.join(hooksFolder(root), MANIFEST_NAME), warnings);
}
function findConfigDir(root, explicit, warnings, recorded = readRecorded(root, warnings)) {
  if (explicit !== void 0) return explicit;
  if (recorded !== void 0 && isFolderName(recorded.configDir) && isDir2(path7.join(root, recorded.configDir))) return recorded.configDir;
  if (isDir2(path7.join(root, ".obsidian"))) return ".obsidian";
  let names = [];
  try {
    names = fs6.readdirSync(root).filter((n) => n.startsWith(".") && n !== ".git" && n !== ".claude").sort();
  } catch {
    return null;
  }
  for (const name of names) {
    const dir = path7.join(root, name);
    if (fs6.existsSync(path7.join(dir, "app.json")) || isDir2(path7.join(dir, "plugins"))) return name;
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
  const inside = typeof dir === "string" && dir !== "" && !path7.isAbsolute(dir) && !dir.split(/[\\/]/).includes("..");
  if (inside && isDir2(path7.join(root, dir))) return path7.join(root, dir);
  return configDir === null ? null : path7.join(root, configDir, "plugins", PLUGIN_ID);
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
  const stored = pluginDir === null ? void 0 : readJson(root, path7.join(pluginDir, SETTINGS_FILE), warnings);
  const settings = resolveSettings(stored === void 0 ? setupDefaults(root) : stored);
  const obsidianDaily = resolveDailyNoteSettings(configDir === null ? void 0 : readJson(root, path7.join(root, configDir, "daily-notes.json"), warnings));
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
  const stop = path8.resolve(home);
  let dir = path8.resolve(cwd);
  for (; ; ) {
    const parent = path8.dirname(dir);
    if (dir === stop || parent === dir) return null;
    if (findConfigDir(dir, void 0, []) !== null) return dir;
    dir = parent;
  }
}
function vaultRoot(args, scriptPath, env = process.env, cwd = process.cwd()) {
  const given = stringFlag(args, "vault");
  let root = given !== void 0 ? path8.resolve(given) : defaultVaultRoot(scriptPath);
  if (root === null && !AGENT_COMMANDS.has(args.command)) root = vaultAround(cwd, env.HOME || env.USERPROFILE || os.homedir());
  if (root === null) {
    throw new UsageError(
      AGENT_COMMANDS.has(args.command) ? `${args.command} needs --vault DIR: this copy of the bridge (${shownArg(scriptPath)}) is not inside <vault>/.claude/hooks/` : `no Obsidian vault here: ${args.command} found no vault around the current folder; run it inside your vault or pass --vault <folder>`
    );
  }
  let ok = false;
  try {
    ok = fs7.statSync(root).isDirectory();
  } catch {
    ok = false;
  }
  if (!ok) throw new UsageError(`vault folder ${shownArg(root)} does not exist or is not a folder`);
  return root;
}
function isFolder(p) {
  try {
    return fs7.statSync(p).isDirectory();
  } catch {
    return false;
  }
}
function givenConfigDir(args, root) {
  const name = stringFlag(args, "config-dir");
  if (name === void 0) return void 0;
  const dir = path8.resolve(root, name);
  if (path8.dirname(dir) === root && isFolder(dir)) return name;
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
var fs8 = require("node:fs");
function readStdin(timeoutMs) {
  return new Promise((resolve8) => {
    if (process.stdin.isTTY) {
      resolve8(Buffer.alloc(0));
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
      resolve8(Buffer.concat(chunks));
    };
    const timer = setTimeout(finish, timeoutMs);
    process.stdin.on("data", (c) => chunks.push(c));
    process.stdin.on("end", finish);
    process.stdin.on("error", finish);
  });
}
var streamed = false;
function outputWritten() {
  return !streamed;
}
function writeOut(text2) {
  const bytes = Buffer.from(text2, "utf8");
  let written = 0;
  try {
    while (written < bytes.length) written += fs8.writeSync(1, bytes, written);
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

// bridge/commands/session-start.ts
var path21 = require("node:path");

// src/node/tiers/brief-pipeline.ts
var fs16 = require("node:fs");
var path19 = require("node:path");

// src/core/schemas/shape.ts
function isRecord(v) {
  return v !== null && typeof v === "object" && !Array.isArray(v);
}
var str3 = (v, at) => typeof v === "string" ? null : `${at} is not a string`;
function isNotePath(p) {
  if (p === "" || p.charCodeAt(0) === 47 || p.includes("\\") || p.includes("\0")) return false;
  if (p.charCodeAt(1) === 58 && /^[A-Za-z]:/.test(p)) return false;
  if (p.charCodeAt(0) !== 46 && !p.includes("/.") && !p.includes("//") && !p.endsWith("/")) return true;
  for (const part of p.split("/")) if (part === "." || part === ".." || part === "") return false;
  return true;
}
var notePath = (v, at) => typeof v === "string" && isNotePath(v) ? null : `${at} is not a vault-relative path`;
var bool = (v, at) => typeof v === "boolean" ? null : `${at} is not true or false`;
var num = (v, at) => typeof v === "number" && Number.isFinite(v) ? null : `${at} is not a number`;
var time = (v, at) => typeof v === "number" && Number.isFinite(v) && Math.abs(v) <= 864e13 ? null : `${at} is not a time`;
function int(min, max) {
  return (v, at) => typeof v === "number" && Number.isInteger(v) && v >= min && v <= max ? null : `${at} is not a whole number from ${min} to ${max}`;
}
function oneOf(...values) {
  return (v, at) => values.includes(v) ? null : `${at} is not one of ${values.map((x) => JSON.stringify(x)).join(", ")}`;
}
function matches(re, what) {
  return (v, at) => typeof v === "string" && re.test(v) ? null : `${at} is not ${what}`;
}
function optional(check) {
  return (v, at) => v === void 0 ? null : check(v, at);
}
function nullable(check) {
  return (v, at) => v === null ? null : check(v, at);
}
function either(...checks) {
  return (v, at) => {
    let first = null;
    for (const c of checks) {
      const problem = c(v, at);
      if (problem === null) return null;
      first ??= problem;
    }
    return first;
  };
}
function listOf(item, max = Number.POSITIVE_INFINITY) {
  return (v, at) => {
    if (!Array.isArray(v)) return `${at} is not a list`;
    if (v.length > max) return `${at} has more than ${max} entries`;
    for (let i = 0; i < v.length; i++) {
      if (item(v[i], "") !== null) return item(v[i], `${at}[${i}]`);
    }
    return null;
  };
}
function object(fields) {
  const keys = Object.keys(fields);
  return (v, at) => {
    if (!isRecord(v)) return `${at} is not an object`;
    for (const key of keys) {
      const check = fields[key];
      if (check(v[key], "") !== null) return check(v[key], at === "" ? key : `${at}.${key}`);
    }
    return null;
  };
}
function tuple(items, optionalTail = 0) {
  return (v, at) => {
    if (!Array.isArray(v)) return `${at} is not a list`;
    if (v.length < items.length - optionalTail || v.length > items.length) return `${at} does not have ${items.length - optionalTail === items.length ? items.length : `${items.length - optionalTail} to ${items.length}`} entries`;
    for (let i = 0; i < items.length; i++) {
      const check = items[i];
      if (check === void 0 || i >= v.length && i >= items.length - optionalTail) continue;
      if (check(v[i], "") !== null) return check(v[i], `${at}[${i}]`);
    }
    return null;
  };
}

// src/node/tiers/cache-read.ts
var path9 = require("node:path");

// src/core/item-ids.ts
var ITEM_IDS = ["date", "dailyNote", ...LIST_ITEM_IDS, ...CHANGE_ITEM_IDS];

// src/core/schemas/brief.ts
var ISO_DATE = matches(/^\d{4}-\d{2}-\d{2}$/, "a date YYYY-MM-DD");
var hit = object({ where: oneOf("frontmatter", "body"), line: int(0, Number.MAX_SAFE_INTEGER), text: str3 });
var reviewEntry = object({ path: notePath, mtime: time, hits: listOf(hit) });
var listItem = object({ count: int(0, Number.MAX_SAFE_INTEGER), paths: listOf(notePath), entries: listOf(reviewEntry) });
var checkBrief = object({
  date: ISO_DATE,
  weekday: int(0, 6),
  items: object({
    dailyNote: nullable(object({ path: notePath, exists: bool })),
    // One list item per entry of the table of brief items (brief-items.ts).
    ...Object.fromEntries(LIST_ITEM_IDS.map((id) => [id, nullable(listItem)]))
  }),
  errors: listOf(object({ item: oneOf(...ITEM_IDS, "scan"), message: str3 }))
});

// src/core/schemas/brief-cache.ts
var ISO_TIME = matches(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/, "an ISO-8601 time");
var BRIEF_CACHE_FORMAT = "session-brief-cache";
var MAX_NAMES = 1e3;
var COUNT = int(0, Number.MAX_SAFE_INTEGER);
var FILE_IDENTITY = object({ ino: num, size: COUNT, mtimeMs: num });
function checkBriefCache(version) {
  return object({
    format: oneOf(BRIEF_CACHE_FORMAT),
    version: oneOf(version),
    writer: oneOf("bridge", "plugin"),
    writtenAt: time,
    date: ISO_DATE,
    key: str3,
    indexId: str3,
    noteCount: int(0, Number.MAX_SAFE_INTEGER),
    brief: checkBrief,
    namesPerItem: int(0, MAX_NAMES),
    lang: optional(oneOf("en", "de")),
    locale: optional(str3),
    plugin: optional(object({ pid: int(1, 2 ** 32), pending: bool, started: optional(str3) })),
    news: optional(listOf(object({ since: ISO_TIME, count: COUNT, paths: listOf(notePath, MAX_NAMES) }), 2)),
    agentChanges: optional(
      object({
        journal: nullable(FILE_IDENTITY),
        lastLine: nullable(str3),
        marks: nullable(FILE_IDENTITY),
        records: COUNT,
        count: COUNT,
        paths: listOf(notePath, MAX_NAMES),
        expires: nullable(time),
        deleted: optional(listOf(notePath, MAX_NAMES)),
        renamed: optional(listOf(object({ path: notePath, from: notePath }), MAX_NAMES)),
        renamesUntil: optional(ISO_TIME)
      })
    ),
    stamp: optional(object({ notes: int(0, Number.MAX_SAFE_INTEGER), hash: matches(/^[0-9a-f]{16}$/, "16 hex digits") }))
  });
}

// src/core/schemas/brief-index.ts
var BRIEF_INDEX_FORMAT = "session-brief-index";
var tagHit = object({ tag: str3, where: oneOf("frontmatter", "body"), line: int(0, Number.MAX_SAFE_INTEGER), text: str3 });
var noteFlags = object(Object.fromEntries(FLAG_SPECS.map((s) => [s.flag, s.kind === "hits" ? listOf(tagHit) : bool])));
var fullRow = tuple([notePath, time, int(-1, Number.MAX_SAFE_INTEGER), either(oneOf(0, null), noteFlags), str3], 1);
var row = (v, at) => {
  if (Array.isArray(v) && v.length === 4 && v[3] === 0 && typeof v[0] === "string" && isNotePath(v[0]) && typeof v[1] === "number" && Math.abs(v[1]) <= 864e13 && Number.isInteger(v[2]) && v[2] >= -1) return null;
  return fullRow(v, at);
};
function checkBriefIndex(version) {
  return object({ format: oneOf(BRIEF_INDEX_FORMAT), version: oneOf(version), id: str3, notes: listOf(row) });
}

// src/core/cache-format.ts
var CACHE_VERSION = 3;
var INDEX_VERSION = 2;
function checkedBriefCache(c) {
  if (c === void 0) return { ok: false, why: "no cache file, or not JSON" };
  const problem = checkBriefCache(CACHE_VERSION)(c, "");
  return problem === null ? { ok: true, value: c } : { ok: false, why: problem };
}
function checkedBriefIndex(c, id) {
  if (c === void 0) return { ok: false, why: "no index file, or not JSON" };
  const problem = checkBriefIndex(INDEX_VERSION)(c, "");
  if (problem !== null) return { ok: false, why: problem };
  if (c.id !== id) return { ok: false, why: "index from another write" };
  return { ok: true, value: c };
}

// src/node/tiers/cache-read.ts
var MAX_BYTES = 256 * 1024 * 1024;
function readJsonFile(root, file) {
  const text2 = readStateText(root, file, MAX_BYTES);
  if (text2 === null) return inspectStateFile(root, file).kind === "missing" ? { missing: true } : { missing: false, value: void 0 };
  try {
    return { missing: false, value: JSON.parse(text2) };
  } catch {
    return { missing: false, value: void 0 };
  }
}
function readBriefCacheChecked(root, pluginDir) {
  const read2 = readJsonFile(root, path9.join(pluginDir, BRIEF_FILE));
  if (read2.missing) return { state: "missing" };
  if (read2.value === void 0) return { state: "rejected", why: `${BRIEF_FILE} is unreadable or not JSON` };
  const checked = checkedBriefCache(read2.value);
  return checked.ok ? { state: "ok", value: checked.value } : { state: "rejected", why: `${BRIEF_FILE}: ${checked.why}` };
}
function readBriefIndexChecked(root, pluginDir, id) {
  const read2 = readJsonFile(root, path9.join(pluginDir, INDEX_FILE));
  if (read2.missing) return { state: "missing" };
  if (read2.value === void 0) return { state: "rejected", why: `${INDEX_FILE} is unreadable or not JSON` };
  const checked = checkedBriefIndex(read2.value, id);
  if (checked.ok) return { state: "ok", value: checked.value };
  return checked.why === "index from another write" ? { state: "missing" } : { state: "rejected", why: `${INDEX_FILE}: ${checked.why}` };
}

// src/node/tiers/plugin-tier.ts
var fs10 = require("node:fs");
var path10 = require("node:path");

// src/node/live/process-identity.ts
var fs9 = require("node:fs");

// src/node/builtin-on-demand.ts
var import_node_module = require("node:module");
function builtinOnDemand(id) {
  const get = process.getBuiltinModule;
  return typeof get === "function" ? get(id) : (0, import_node_module.createRequire)(__filename)(id);
}

// src/node/live/process-identity.ts
function linuxIdentity(pid) {
  try {
    const stat = fs9.readFileSync(`/proc/${pid}/stat`, "utf8");
    const rest = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const startTicks = rest[19];
    if (startTicks === void 0 || !/^\d+$/.test(startTicks)) return null;
    const boot = fs9.readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim();
    const ns = fs9.readlinkSync(`/proc/${pid}/ns/pid`);
    return `linux:${boot}:${ns}:${startTicks}`;
  } catch {
    return null;
  }
}
function psIdentity(pid) {
  try {
    const out = builtinOnDemand("node:child_process").execFileSync("ps", ["-o", "lstart=", "-p", String(pid)], { encoding: "utf8", timeout: 2e3, stdio: ["ignore", "pipe", "ignore"], env: { PATH: "/bin:/usr/bin", LC_ALL: "C" } }).trim();
    return out === "" ? null : `ps:${out}`;
  } catch {
    return null;
  }
}
function processIdentity(pid, platform = process.platform) {
  if (pid !== "self" && (!Number.isInteger(pid) || pid <= 0)) return null;
  if (platform === "linux") return linuxIdentity(pid);
  if (platform === "darwin" || platform === "freebsd" || platform === "openbsd") return psIdentity(pid === "self" ? process.pid : pid);
  return null;
}
function sameProcess(pid, started) {
  if (started === void 0 || started === "") return false;
  const now = processIdentity(pid);
  return now !== null && now === started;
}

// src/node/tiers/plugin-tier.ts
function exists2(root) {
  return (p) => {
    try {
      return fs10.statSync(path10.join(root, p)).isFile();
    } catch {
      return false;
    }
  };
}
function usableCache(ctx, now, why, rejected = [], read2) {
  if (ctx.pluginDir === null) {
    why.push("no Obsidian config folder found, so no cache");
    return null;
  }
  const got = read2 ?? readBriefCacheChecked(ctx.root, ctx.pluginDir);
  const cache = got.state === "ok" ? got.value : null;
  if (got.state === "rejected") {
    why.push(`cache rejected: ${got.why}`);
    rejected.push(got.why);
  } else if (cache === null) why.push("no readable cache");
  else if (cache.date !== isoDate(now)) why.push(`cache is from ${cache.date}`);
  else if (cache.key !== ctx.key) why.push("settings changed since the cache was written");
  else return cache;
  return null;
}
function withDailyNoteChecked(brief, root) {
  const daily = brief.items.dailyNote;
  if (daily === null) return brief;
  return { ...brief, items: { ...brief.items, dailyNote: { path: daily.path, exists: exists2(root)(daily.path) } } };
}
function servedByPlugin(cache) {
  return cache.plugin !== void 0 && !cache.plugin.pending && sameProcess(cache.plugin.pid, cache.plugin.started);
}

// src/node/journal/agent-journal.ts
var fs13 = require("node:fs");
var path12 = require("node:path");

// src/node/journal/agent-journal-copy.ts
var fs12 = require("node:fs");

// src/node/journal/user-state-dir.ts
var fs11 = require("node:fs");
var path11 = require("node:path");
function userStateDir(env = process.env, platform = process.platform) {
  const given = env.SESSION_BRIEF_STATE_DIR;
  if (given !== void 0 && given !== "") return given;
  const home = builtinOnDemand("node:os").homedir();
  if (platform === "win32") return path11.join(env.LOCALAPPDATA ?? path11.join(home, "AppData", "Local"), "session-brief");
  if (platform === "darwin") return path11.join(home, "Library", "Application Support", "session-brief");
  return path11.join(env.XDG_STATE_HOME ?? path11.join(home, ".local", "state"), "session-brief");
}
function vaultStateFile(root, prefix, suffix, env = process.env) {
  let real = path11.resolve(root);
  try {
    real = fs11.realpathSync.native(real);
  } catch {
  }
  return path11.join(userStateDir(env), `${prefix}-${fileKey(real)}${suffix}`);
}

// src/node/journal/agent-journal-copy.ts
function journalCopyFile(root, env = process.env) {
  return vaultStateFile(root, JOURNAL_COPY_PREFIX, ".jsonl", env);
}
function readTail(fd) {
  const size2 = fs12.fstatSync(fd).size;
  const start = Math.max(0, size2 - 2 * COMPACT_AT_BYTES);
  return readRange(fd, start, size2 - start);
}
function readCopyText(root, env = process.env) {
  const fd = openUserStateFile(journalCopyFile(root, env));
  if (fd === null) return null;
  try {
    return readTail(fd).toString("utf8");
  } finally {
    fs12.closeSync(fd);
  }
}

// src/node/journal/agent-journal.ts
function journalPath(pluginDir) {
  return path12.join(pluginDir, JOURNAL_FILE);
}
function readJournalText(root, pluginDir) {
  const fd = openStateFile(root, journalPath(pluginDir));
  if (fd === null) return "";
  try {
    const size2 = fs13.fstatSync(fd).size;
    const start = Math.max(0, size2 - 2 * COMPACT_AT_BYTES);
    return readRange(fd, start, size2 - start).toString("utf8");
  } finally {
    fs13.closeSync(fd);
  }
}
function readJournalState(root, pluginDir, now) {
  let copy = null;
  try {
    copy = readCopyText(root);
  } catch {
    copy = null;
  }
  return withCopy(boundJournal(parseJournal(readJournalText(root, pluginDir)), now), copy === null ? null : parseJournal(copy), now);
}

// src/node/review/change-lines.ts
var path14 = require("node:path");

// src/core/before-versions.ts
var MAX_NOTE_BYTES = 1024 * 1024;
var MAX_TOTAL_BYTES = 32 * 1024 * 1024;
var MAX_FILES = 4e3;
var MAX_HEADER_BYTES = 4096;
var BEFORE_SUFFIX = ".before";
var AFTER_SUFFIX = ".after";
function beforeStem(session, path22) {
  return fileKey(`${session ?? ""}\0${path22}`);
}
var ISO3 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
var STATES = /* @__PURE__ */ new Set(["kept", "new", "too-large"]);
function parseHeader(line) {
  let v;
  try {
    v = JSON.parse(line);
  } catch {
    return null;
  }
  if (typeof v !== "object" || v === null || Array.isArray(v)) return null;
  const o = v;
  if (o.v !== 1 || typeof o.path !== "string" || !isVaultPath(o.path)) return null;
  if (o.session !== null && typeof o.session !== "string") return null;
  if (o.tool !== null && o.tool !== void 0 && typeof o.tool !== "string") return null;
  if (typeof o.at !== "string" || !ISO3.test(o.at) || typeof o.state !== "string" || !STATES.has(o.state)) return null;
  return { path: o.path, session: o.session, at: o.at, state: o.state, tool: typeof o.tool === "string" ? o.tool : null };
}
function isVaultPath(p) {
  if (p === "" || p.includes("\0") || p.includes("\\") || p.startsWith("/") || /^[a-zA-Z]:/.test(p)) return false;
  return !p.split("/").some((part) => part === "" || part === "." || part === "..");
}

// src/node/review/before-versions.ts
var fs14 = require("node:fs");
var path13 = require("node:path");
function beforeFolder(place) {
  return path13.join(place.pluginDir, BEFORE_FOLDER);
}
function fileOf(place, session, rel, suffix) {
  return path13.join(beforeFolder(place), `${beforeStem(session, rel)}${suffix}`);
}
function splitHeader(data) {
  const nl = data.indexOf(10);
  if (nl < 0 || nl > MAX_HEADER_BYTES) return null;
  const header = parseHeader(data.subarray(0, nl).toString("utf8"));
  return header === null ? null : { header, body: data.subarray(nl + 1) };
}
function parseBeforeFile(data, expect) {
  const split = splitHeader(data);
  if (split === null) return null;
  const { header, body } = split;
  if (expect !== void 0 && (header.path !== expect.path || header.session !== expect.session)) return null;
  if (header.state === "kept") return { ...header, bytes: body };
  return { ...header, bytes: header.state === "new" ? Buffer.alloc(0) : null };
}
function readAfter(place, file, sha256) {
  const none = { afterHash: null, afterBytes: null };
  const data = readStateFile(place.root, file, MAX_NOTE_BYTES + MAX_HEADER_BYTES + 1);
  if (data === null) return none;
  const nl = data.indexOf(10);
  if (nl < 0 || nl > MAX_HEADER_BYTES) return none;
  let v;
  try {
    v = JSON.parse(data.subarray(0, nl).toString("utf8"));
  } catch {
    return none;
  }
  if (typeof v !== "object" || v === null || typeof v.sha256 !== "string" || !/^[0-9a-f]{64}$/.test(v.sha256)) return none;
  const bytes = v.kept === true ? data.subarray(nl + 1) : null;
  return { afterHash: v.sha256, afterBytes: bytes !== null && sha256 !== void 0 && sha256(bytes) === v.sha256 ? bytes : null };
}
function readBeforeVersion(place, rel, session, sha256) {
  const data = readStateFile(place.root, fileOf(place, session, rel, BEFORE_SUFFIX), MAX_NOTE_BYTES + MAX_HEADER_BYTES + 1);
  if (data === null) return null;
  const parsed = parseBeforeFile(data, { path: rel, session });
  if (parsed === null) return null;
  return { ...parsed, ...readAfter(place, fileOf(place, session, rel, AFTER_SUFFIX), sha256) };
}
function readHeader(root, file) {
  const fd = openStateFile(root, file);
  if (fd === null) return null;
  try {
    return splitHeader(readRange(fd, 0, MAX_HEADER_BYTES + 1))?.header ?? null;
  } finally {
    fs14.closeSync(fd);
  }
}
function listBeforeHeaders(place) {
  const dir = beforeFolder(place);
  const out = [];
  for (const d of listStateFolder(place.root, dir, MAX_FILES * 2)) {
    if (!d.name.endsWith(BEFORE_SUFFIX)) continue;
    const header = readHeader(place.root, path13.join(dir, d.name));
    if (header === null || `${beforeStem(header.session, header.path)}${BEFORE_SUFFIX}` !== d.name) continue;
    out.push(header);
  }
  return out.sort((a, b) => a.at < b.at ? -1 : a.at > b.at ? 1 : 0);
}

// src/node/review/change-lines.ts
var COUNT_READ_BUDGET = 16 * 1024 * 1024;
function changeLines(place, paths) {
  const lines = {};
  const large = {};
  if (paths.length === 0 || !isStateFolder(place.root, beforeFolder(place))) return { lines, large };
  const wanted = new Set(paths);
  const newest = /* @__PURE__ */ new Map();
  for (const h of listBeforeHeaders(place)) {
    if (!wanted.has(h.path)) continue;
    const seen = newest.get(h.path);
    if (seen === void 0 || h.at > seen.at) newest.set(h.path, h);
  }
  let read2 = 0;
  for (const p of paths) {
    const h = newest.get(p);
    if (h === void 0) continue;
    if (read2 > COUNT_READ_BUDGET) break;
    const v = readBeforeVersion(place, p, h.session);
    if (v === null || v.bytes === null) continue;
    const file = path14.join(place.root, ...p.split("/"));
    const before = v.state === "new" ? Buffer.alloc(0) : v.bytes;
    const size2 = statStateFile(place.root, file)?.size ?? 0;
    read2 += before.length + Math.min(size2, MAX_NOTE_BYTES);
    if (size2 > MAX_NOTE_BYTES) {
      large[p] = { before: before.length, after: size2 };
      continue;
    }
    const after = readStateFile(place.root, file, MAX_NOTE_BYTES) ?? Buffer.alloc(0);
    const counts = countLines(before.toString("utf8"), after.toString("utf8"));
    if (counts === null) large[p] = { before: before.length, after: after.length };
    else lines[p] = counts;
  }
  return { lines, large };
}

// src/node/journal/agent-summary.ts
var fs15 = require("node:fs");
var path17 = require("node:path");

// src/core/agent-summary.ts
function newestByPath(records, marks, there) {
  const sessions = unreviewedSessions(records, marks, there);
  const newest = /* @__PURE__ */ new Map();
  for (const s of sessions) {
    for (const c of s.changes) {
      const seen = newest.get(c.path);
      if (seen === void 0 || c.at > seen) newest.set(c.path, c.at);
    }
  }
  return { item: agentChangesItem(sessions), newest };
}
function itemFromSummary(summary, now, cap) {
  if (summary.expires !== null && now.getTime() > summary.expires) return null;
  if (summary.paths.length < Math.min(summary.count, cap)) return null;
  return withKinds({ count: summary.count, paths: summary.paths.slice(0, cap) }, summary);
}
function itemWithTail(summary, tail, marks, there, now, cap) {
  const base = itemFromSummary(summary, now, cap);
  if (base === null) return null;
  if (summary.records + tail.length > MAX_RECORDS) return null;
  if (tail.some((r) => r.change !== void 0 || summary.renamesUntil !== void 0 && r.at <= summary.renamesUntil)) return null;
  const added = newestByPath(boundJournal(tail, now), marks, there).item.paths;
  if (summary.renamed !== void 0 && summary.renamed.some((r) => added.includes(r.path))) return null;
  const listed = new Set(summary.paths);
  const complete = summary.paths.length >= summary.count;
  const last = summary.paths[summary.paths.length - 1];
  const fresh = [];
  for (const p of added) {
    if (listed.has(p)) continue;
    if (!complete && (last === void 0 || comparePaths(p, last) > 0)) return null;
    fresh.push(p);
  }
  const paths = [...summary.paths, ...fresh].sort(comparePaths);
  return withKinds({ count: summary.count + fresh.length, paths: paths.slice(0, cap) }, summary);
}

// src/node/journal/review-seal.ts
var path16 = require("node:path");

// src/core/review-seal.ts
var PAYLOAD_PREFIX = "session-brief review marks 1\n";
var KEY_RE = /^[0-9a-f]{64}$/;
var MAX_DEVICE_LABEL = 64;
function isRecord2(v) {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}
function parseSeen(v) {
  const seen = {};
  if (!isRecord2(v)) return seen;
  for (const [k, n] of Object.entries(v)) if (KEY_RE.test(k) && Number.isSafeInteger(n) && n > 0) seen[k] = n;
  return seen;
}
function parseSeal(v) {
  if (!isRecord2(v)) return null;
  if (v.schema !== 1 && v.schema !== 2 || typeof v.marks !== "string" || typeof v.at !== "string") return null;
  return { marks: v.marks, at: v.at, seen: parseSeen(v.seen), vault: typeof v.vault === "string" && v.vault !== "" ? v.vault : null };
}
function shortKeyId(key) {
  return `${key.slice(0, 4)}-${key.slice(4, 8)}-${key.slice(8, 12)}`;
}
function parseSigner(v) {
  if (!isRecord2(v)) return null;
  const { key, device, vault, seq } = v;
  if (typeof key !== "string" || !KEY_RE.test(key) || typeof vault !== "string" || vault === "" || vault.length > 64) return null;
  if (!Number.isSafeInteger(seq) || seq <= 0) return null;
  if (device !== null && (typeof device !== "string" || device.length > MAX_DEVICE_LABEL)) return null;
  return { key, device, vault, seq };
}
function payloadOf(o) {
  const rest = { ...o };
  delete rest.signature;
  return `${PAYLOAD_PREFIX}${JSON.stringify(rest)}`;
}
function readSignature(text2) {
  if (text2 === null) return null;
  let o;
  try {
    o = JSON.parse(text2);
  } catch {
    return null;
  }
  if (!isRecord2(o) || typeof o.signature !== "string") return null;
  const signer = parseSigner(o.signed);
  return signer === null ? null : { signer, payload: payloadOf(o), signature: o.signature };
}
function verifiedSigner(text2, trust) {
  if (trust === void 0) return null;
  const signed = readSignature(text2);
  if (signed === null) return null;
  return trust.verify(signed.payload, signed.signer.key, signed.signature) ? signed.signer : null;
}
function parseText(text2) {
  if (text2 === null || text2.trim() === "") return parseReviewMarks(void 0);
  try {
    return parseReviewMarks(JSON.parse(text2));
  } catch {
    return parseReviewMarks(void 0);
  }
}
function judgeMarks(text2, seal, trust) {
  if (seal === null || seal.marks === (text2 ?? "")) return { marks: parseText(text2), outside: null, reseal: false };
  const signer = verifiedSigner(text2, trust);
  const fresh = signer !== null && signer.seq > (seal.seen[signer.key] ?? 0) && (seal.vault === null || seal.vault === signer.vault);
  if (fresh && trust !== void 0 && (signer.key === trust.own || trust.trusted.has(signer.key))) {
    return { marks: parseText(text2), outside: null, reseal: true };
  }
  const device = fresh ? { key: signer.key, id: shortKeyId(signer.key), label: signer.device } : null;
  return { marks: parseText(seal.marks), outside: { marks: parseText(text2), text: text2, device }, reseal: false };
}
function hiddenByOutsideMarks(records, verdict, exists3) {
  if (verdict.outside === null) return 0;
  const unreviewed = (marks) => new Set(followRenames(records, marks.renames).filter((r) => !isReviewed(r, marks) && exists3(r.path)).map((r) => r.path));
  const shown = unreviewed(verdict.marks);
  const still = unreviewed(verdict.outside.marks);
  let hidden = 0;
  for (const p of shown) if (!still.has(p)) hidden++;
  return hidden;
}

// src/node/journal/device-key.ts
var path15 = require("node:path");
var MAX_BYTES2 = 256 * 1024;
var SPKI_PREFIX = Buffer.from("302a300506032b6570032100", "hex");
var crypto = () => builtinOnDemand("node:crypto");
function deviceKeyFile(env = process.env) {
  return path15.join(userStateDir(env), DEVICE_KEY_FILE);
}
function trustedDevicesFile(env = process.env) {
  return path15.join(userStateDir(env), TRUSTED_DEVICES_FILE);
}
function readJson2(file) {
  const data = readRegularFile(file, MAX_BYTES2);
  if (data === null) return null;
  try {
    return JSON.parse(data.toString("utf8"));
  } catch {
    return null;
  }
}
function readDeviceKey(env = process.env) {
  const v = readJson2(deviceKeyFile(env));
  if (typeof v !== "object" || v === null) return null;
  const o = v;
  if (o.schema !== 1 || typeof o.key !== "string" || !/^[0-9a-f]{64}$/.test(o.key) || typeof o.private !== "string") return null;
  return { key: o.key, private: o.private, label: typeof o.label === "string" ? o.label.slice(0, MAX_DEVICE_LABEL) : null };
}
function verifySignature(payload, key, signature) {
  try {
    const publicKey = crypto().createPublicKey({ key: Buffer.concat([SPKI_PREFIX, Buffer.from(key, "hex")]), format: "der", type: "spki" });
    return crypto().verify(null, Buffer.from(payload, "utf8"), publicKey, Buffer.from(signature, "base64"));
  } catch {
    return false;
  }
}
function readTrustedDevices(env = process.env) {
  const v = readJson2(trustedDevicesFile(env));
  if (typeof v !== "object" || v === null || !Array.isArray(v.devices)) return [];
  const out = [];
  for (const d of v.devices) {
    if (typeof d !== "object" || d === null) continue;
    const { key, label, at } = d;
    if (typeof key === "string" && /^[0-9a-f]{64}$/.test(key)) out.push({ key, label: typeof label === "string" ? label : null, at: typeof at === "string" ? at : "" });
  }
  return out;
}
function deviceTrust(env = process.env) {
  return { own: readDeviceKey(env)?.key ?? null, trusted: new Set(readTrustedDevices(env).map((d) => d.key)), verify: verifySignature };
}

// src/node/journal/review-seal.ts
var MAX_BYTES3 = 4 * 1024 * 1024;
function sealFile(root, env = process.env) {
  return vaultStateFile(root, REVIEW_SEAL_PREFIX, ".json", env);
}
function readSeal(root, env = process.env) {
  const data = readRegularFile(sealFile(root, env), MAX_BYTES3);
  if (data === null) return null;
  try {
    return parseSeal(JSON.parse(data.toString("utf8")));
  } catch {
    return null;
  }
}
function readMarksText(root, pluginDir) {
  return readStateText(root, path16.join(pluginDir, REVIEW_FILE), MAX_BYTES3);
}
function marksChangedAt(root, pluginDir) {
  const st = statStateFile(root, path16.join(pluginDir, REVIEW_FILE));
  return st === null ? null : new Date(st.mtimeMs).toISOString();
}
function trustedMarks(root, pluginDir, text2 = readMarksText(root, pluginDir), env = process.env) {
  return judgeMarksText(root, text2, env);
}
function judgeMarksText(root, text2, env = process.env) {
  const seal = readSeal(root, env);
  const trust = seal === null || seal.marks === (text2 ?? "") ? void 0 : deviceTrust(env);
  return judgeMarks(text2, seal, trust);
}

// src/node/journal/agent-summary.ts
function identity(st) {
  return { ino: st.ino, size: st.size, mtimeMs: st.mtimeMs };
}
function sameFile(a, b) {
  return a === b || a !== null && b !== null && a.ino === b.ino && a.size === b.size && a.mtimeMs === b.mtimeMs;
}
function statIdentity(root, file) {
  const entry = inspectStateFile(root, file);
  if (entry.kind === "file") return identity(entry.stat);
  return entry.kind === "missing" ? null : void 0;
}
function readFrom(fd, from) {
  const st = fs15.fstatSync(fd);
  const start = Math.min(from, st.size);
  return { bytes: readRange(fd, start, st.size - start), id: identity(st) };
}
function readMarks(root, pluginDir) {
  const file = path17.join(pluginDir, REVIEW_FILE);
  const fd = openStateFile(root, file);
  let text2 = null;
  let id = null;
  if (fd === null) {
    if (inspectStateFile(root, file).kind !== "missing") throw new Error(`${REVIEW_FILE} is not a regular file`);
  } else {
    try {
      const read2 = readFrom(fd, 0);
      text2 = read2.bytes.toString("utf8");
      id = read2.id;
    } finally {
      fs15.closeSync(fd);
    }
  }
  const verdict = judgeMarksText(root, text2);
  return { marks: verdict.marks, id, outside: verdict.outside !== null };
}
function noteThere(place) {
  const there = exists2(place.root);
  return (p) => isCountedNote(p, place.excludedRootFolders) && there(p);
}
var lastWhole = null;
function wholeKey(place, now, journal, marks) {
  return JSON.stringify([place.root, place.pluginDir, place.excludedRootFolders, now.getTime(), journal, marks]);
}
function wholeItemJustMade(place, now) {
  if (lastWhole === null) return null;
  const journal = statIdentity(place.root, journalPath(place.pluginDir));
  const marks = statIdentity(place.root, path17.join(place.pluginDir, REVIEW_FILE));
  if (journal === void 0 || marks === void 0 || lastWhole.key !== wholeKey(place, now, journal, marks)) return null;
  return withKinds({ count: lastWhole.item.count, paths: [...lastWhole.item.paths] }, lastWhole.item);
}
function appendedText(root, file, summary, now) {
  const was = summary.journal;
  if (was !== null && (summary.lastLine === null || now.ino !== was.ino)) return null;
  const from = was?.size ?? 0;
  if (now.size <= from || now.size > 2 * COMPACT_AT_BYTES) return null;
  const check = was === null || from === 0 ? "" : `${summary.lastLine}
`;
  const checkBytes = Buffer.byteLength(check);
  const fd = openStateFile(root, file);
  if (fd === null) return null;
  try {
    const { bytes, id } = readFrom(fd, from - checkBytes);
    if (was !== null && id.ino !== was.ino || id.size > 2 * COMPACT_AT_BYTES) return null;
    if (bytes.subarray(0, checkBytes).toString("utf8") !== check) return null;
    return bytes.subarray(checkBytes).toString("utf8");
  } finally {
    fs15.closeSync(fd);
  }
}
function agentChangesFromSummary(place, summary, now, cap) {
  try {
    const marksNow = statIdentity(place.root, path17.join(place.pluginDir, REVIEW_FILE));
    if (marksNow === void 0 || !sameFile(marksNow, summary.marks)) return null;
    const file = journalPath(place.pluginDir);
    const journalNow = statIdentity(place.root, file);
    if (journalNow === void 0) return null;
    if (sameFile(journalNow, summary.journal)) return itemFromSummary(summary, now, cap);
    if (journalNow === null) return null;
    const tail = appendedText(place.root, file, summary, journalNow);
    if (tail === null) return null;
    const { marks, id, outside } = readMarks(place.root, place.pluginDir);
    if (outside || !sameFile(id, summary.marks)) return null;
    return itemWithTail(summary, parseJournal(tail), marks, noteThere(place), now, cap);
  } catch {
    return null;
  }
}

// src/node/journal/what-changed.ts
function readSessionStarts(root, pluginDir) {
  return pluginDir === null ? { previous: null, current: null } : readConversationStarts(root, pluginDir);
}
function agentChangesJudged(ctx, now) {
  if (ctx.pluginDir === null) return { sessions: [] };
  const there = exists2(ctx.root);
  const counted = (p) => isCountedNote(p, ctx.settings.excludedRootFolders) && there(p);
  const { records, lost } = readJournalState(ctx.root, ctx.pluginDir, now);
  const verdict = trustedMarks(ctx.root, ctx.pluginDir);
  const sessions = unreviewedSessions(records, verdict.marks, counted);
  const journalLost = lost > 0 ? { journalLost: lost } : {};
  if (verdict.outside === null) return { sessions, ...journalLost };
  return { sessions, changedOutside: { at: marksChangedAt(ctx.root, ctx.pluginDir), hidden: hiddenByOutsideMarks(records, verdict, counted) }, ...journalLost };
}
function journalWhole(ctx) {
  if (ctx.pluginDir === null) return true;
  try {
    const copy = readCopyText(ctx.root);
    return copy === null || copyIntact(copy, readJournalText(ctx.root, ctx.pluginDir));
  } catch {
    return false;
  }
}
function describe2(error) {
  const text2 = error instanceof Error ? error.message : String(error);
  return text2.split("\n")[0]?.slice(0, 300) || "unknown error";
}
async function sinceLastSession(ctx, sourced, full) {
  const since = readSessionStarts(ctx.root, ctx.pluginDir).previous;
  if (since === null) return sinceLastSessionItem(null, []);
  const own2 = newsNotes(sourced.brief);
  if (own2 !== null) return sinceLastSessionItem(since, own2);
  const cache = sourced.cache;
  if (cache !== null && sourced.source === "cache") {
    const answer = sinceFromCache(since, cache);
    if (answer !== null) return answer;
  }
  const notes = newsNotes(await full());
  if (notes === null) throw new Error("no per-note detail to compare with the last session");
  return sinceLastSessionItem(since, notes);
}
function agentChanges(ctx, sourced, now) {
  if (ctx.pluginDir === null) return agentChangesItem([]);
  const place = { root: ctx.root, pluginDir: ctx.pluginDir, excludedRootFolders: ctx.settings.excludedRootFolders };
  const cache = sourced.cache;
  if (journalWhole(ctx)) {
    if (sourced.kept === true && cache?.agentChanges !== void 0) {
      const item2 = agentChangesFromSummary(place, cache.agentChanges, now, cache.namesPerItem);
      if (item2 !== null) return item2;
    }
    const made = wholeItemJustMade(place, now);
    if (made !== null) return made;
  }
  const judged = agentChangesJudged(ctx, now);
  let item = agentChangesItem(judged.sessions);
  if (judged.changedOutside !== void 0) item = { ...item, changedOutside: judged.changedOutside };
  return judged.journalLost === void 0 ? item : { ...item, journalLost: judged.journalLost };
}
function withLines(ctx, item) {
  if (ctx.pluginDir === null || item.count === 0) return item;
  try {
    const { lines, large } = changeLines({ root: ctx.root, pluginDir: ctx.pluginDir }, item.paths.slice(0, ctx.settings.maxNamesPerItem));
    return { ...item, ...Object.keys(lines).length === 0 ? {} : { lines }, ...Object.keys(large).length === 0 ? {} : { large } };
  } catch {
    return item;
  }
}
async function attachWhatChanged(ctx, sourced, now, full) {
  const items = { ...sourced.brief.items };
  const errors = [...sourced.brief.errors];
  try {
    items.agentChanges = withLines(ctx, agentChanges(ctx, sourced, now));
  } catch (error) {
    items.agentChanges = null;
    errors.push({ item: "agentChanges", message: describe2(error) });
  }
  try {
    items.sinceLastSession = await sinceLastSession(ctx, sourced, full);
  } catch (error) {
    items.sinceLastSession = null;
    errors.push({ item: "sinceLastSession", message: describe2(error) });
  }
  sourced.brief = { ...sourced.brief, items, errors };
}

// bridge/bridge-file.ts
var path18 = require("node:path");
var LOAD_BRIDGE = "sessionBriefLoadBridge";
function ownName() {
  return path18.basename(__filename);
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
function bridgeAsked() {
  return asked;
}
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

// bridge/local-tiers-from-bridge.ts
var localTiers = () => bridgeLibrary().localTiers();

// src/node/tiers/brief-pipeline.ts
var NoCurrentCache = class extends Error {
};
var NoLiveAnswer = class extends Error {
};
var NOT_ASKED = { read: null, usable: null, reason: null, rejected: [] };
function judgeCache(ctx, now) {
  const why = [];
  const rejected = [];
  if (ctx.pluginDir === null) return { read: null, usable: usableCache(ctx, now, why), reason: why[0] ?? null, rejected };
  const file = readBriefCacheChecked(ctx.root, ctx.pluginDir);
  const usable = usableCache(ctx, now, why, rejected, file);
  return { read: file.state === "ok" ? file.value : null, usable, reason: why[0] ?? null, rejected };
}
var pluginTier = {
  name: "plugin",
  async run(run) {
    const cache = run.cache.usable;
    if (cache === null || !servedByPlugin(cache)) return null;
    if (!run.full) return { brief: withDailyNoteChecked(cache.brief, run.ctx.root), source: "cache", generatedAt: cache.writtenAt, notesRead: 0, cache, notes: [], kept: true };
    return (await localTiers()).fromCacheIndex(run, cache);
  }
};
var liveTier = { name: "live", run: async (run) => (await localTiers()).liveBrief(run) };
var liveIfListening = {
  name: "live",
  run: (run) => run.ctx.pluginDir !== null && fs16.existsSync(path19.join(run.ctx.pluginDir, DISCOVERY_FILE)) ? liveTier.run(run) : null
};
var verifiedCacheTier = { name: "verified cache", run: async (run) => (await localTiers()).verifiedCache(run) };
var scanTier = { name: "scan", run: async (run) => (await localTiers()).scanTier(run) };
function tiersFor(choice) {
  switch (choice) {
    case "scan":
      return [scanTier];
    case "cache":
      return [pluginTier, verifiedCacheTier];
    case "live":
      return [liveTier];
    case "local":
      return [pluginTier, verifiedCacheTier, scanTier];
    case "auto":
      return [pluginTier, liveIfListening, verifiedCacheTier, scanTier];
  }
}
async function runTiers(run, tiers) {
  const reasons = run.cache.reason === null ? [] : [run.cache.reason];
  for (const tier of tiers) {
    const out = await tier.run(run);
    if (out === null) continue;
    if ("reason" in out) {
      reasons.push(out.reason);
      continue;
    }
    return { sourced: { ...out, notes: [...run.ctx.warnings, ...reasons, ...out.notes] }, reasons };
  }
  return { sourced: null, reasons };
}
function startRun(ctx, choice, now, full) {
  const cache = choice === "scan" || choice === "live" ? NOT_ASKED : judgeCache(ctx, now);
  let index;
  const run = {
    ctx,
    now,
    full,
    cache,
    rejected: [...cache.rejected],
    index: () => {
      if (index !== void 0) return index;
      index = null;
      if (cache.usable === null || ctx.pluginDir === null) return index;
      const got = readBriefIndexChecked(ctx.root, ctx.pluginDir, cache.usable.indexId);
      if (got.state === "ok") index = got.value;
      else if (got.state === "rejected") {
        run.indexRejected = got.why;
        run.rejected.push(got.why);
      }
      return index;
    }
  };
  return run;
}
async function getBrief(ctx, choice, now, full = true) {
  const { sourced, reasons } = await runTiers(startRun(ctx, choice, now, full), tiersFor(choice));
  if (sourced !== null) {
    if (choice !== "local") await attachWhatChanged(ctx, sourced, now, async () => full ? sourced.brief : (await getBrief(ctx, choice, now, true)).brief);
    return sourced;
  }
  if (choice === "live") throw new NoLiveAnswer(reasons.join("; ") || "no live channel");
  if (choice === "cache") throw new NoCurrentCache([...ctx.warnings, ...reasons].join("; ") || "no current cache");
  throw new Error(`no tier served the brief: ${reasons.join("; ") || "no reason given"}`);
}

// src/node/journal/session-baseline-start.ts
var BASELINE_ENV = "SESSION_BRIEF_BASELINE";
var BASELINE_SESSION_ENV = "SESSION_BRIEF_BASELINE_SESSION";
var BASELINE_STARTED_ENV = "SESSION_BRIEF_BASELINE_STARTED";
var BASELINE_INDEX_ENV = "SESSION_BRIEF_BASELINE_INDEX";
function startBaseline(root, configDir, session, scriptPath, env, indexId = null) {
  try {
    const mode = env[BASELINE_ENV];
    if (mode === "off") return;
    const { spawn, spawnSync } = builtinOnDemand("node:child_process");
    const args = [scriptPath, "baseline", "--vault", root, ...configDir === void 0 ? [] : ["--config-dir", configDir]];
    const options = { stdio: "ignore", windowsHide: true, cwd: root, env: { ...env, [BASELINE_SESSION_ENV]: session ?? "", [BASELINE_STARTED_ENV]: String(Date.now()), [BASELINE_INDEX_ENV]: indexId ?? "" } };
    if (mode === "sync") {
      spawnSync(process.execPath, args, { ...options, timeout: 12e4 });
      return;
    }
    const child = spawn(process.execPath, args, { ...options, detached: true });
    child.on("error", () => void 0);
    child.unref();
  } catch {
  }
}

// src/node/journal/net-blind.ts
var fs17 = require("node:fs");
var path20 = require("node:path");

// src/core/session-net.ts
var EDITOR_WRITES_MAX_AGE_MS = 24 * 60 * 60 * 1e3;
var WALK_WINDOW_MS = 5 * 60 * 1e3;

// src/node/journal/net-blind.ts
var BLIND_MAX_BYTES = 64 * 1024;
function netFolder(root, env = process.env) {
  let real = path20.resolve(root);
  try {
    real = fs17.realpathSync.native(real);
  } catch {
  }
  return path20.join(userStateDir(env), `${NET_STATE_PREFIX}${fileKey(real)}`);
}
function readJson3(file, max) {
  const data = readRegularFile(file, max);
  if (data === null) return null;
  try {
    return JSON.parse(data.toString("utf8"));
  } catch {
    return null;
  }
}
function parseBlind(v) {
  if (typeof v !== "object" || v === null || Array.isArray(v)) return null;
  const o = v;
  if (typeof o.at !== "string" || !Array.isArray(o.skipped)) return null;
  const skipped = o.skipped.filter((s) => typeof s === "object" && s !== null && typeof s.path === "string" && typeof s.why === "string");
  return { at: o.at, off: typeof o.off === "string" ? o.off : null, skipped, more: typeof o.more === "number" ? o.more : 0 };
}
function readNetBlind(root, env = process.env) {
  return parseBlind(readJson3(path20.join(netFolder(root, env), NET_BLIND_FILE), BLIND_MAX_BYTES));
}
function netState(root, pluginDir, env) {
  if (pluginDir === null) return { off: "noPluginFolder" };
  if (env[BASELINE_ENV] === "off") return { off: "env" };
  const blind = readNetBlind(root, env);
  if (blind === null) return unwritable(root, env);
  if (blind.off !== null) return { off: blind.off };
  return blind.skipped.length > 0 ? { skipped: blind.skipped, more: blind.more } : null;
}
function unwritable(root, env) {
  try {
    fs17.accessSync(netFolder(root, env), fs17.constants.W_OK);
    return null;
  } catch (error) {
    const code = error.code;
    return code === "ENOENT" ? null : { off: `its folder in the per-user state folder cannot be written (${code ?? "error"})` };
  }
}

// src/core/rules/hook-failed-text.ts
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

// bridge/commands/session-start.ts
function firstLine(error) {
  const text2 = error instanceof Error ? error.message : String(error);
  return escapeControls((text2.split("\n")[0] ?? "").slice(0, 300)) || "unknown error";
}
async function sessionStart(args, scriptPath, env) {
  const stdin = await readStdin(2e3);
  const now = clock(env);
  let lang = "en";
  const lines = [];
  const afterAnswer = [];
  try {
    const ctx = contextFor(args, scriptPath, env);
    lang = ctx.lang;
    const agent = agentOrDefault(stringFlag(args, "agent"));
    const input = readSessionInput(stdin, agent);
    const start = beginSessionStart(ctx.root, ctx.pluginDir, ctx.settings, input, agent, now, env);
    if (start.afterAnswer !== null) afterAnswer.push(start.afterAnswer);
    if (start.duplicate) {
      writeOut(sessionStartOutput(stringFlag(args, "agent"), alreadyGivenLine(lang), lang));
      for (const work of afterAnswer) work();
      return 0;
    }
    let indexId = null;
    if (ctx.pluginDir !== null && env[DOCTOR_RUN_ENV] !== "1") afterAnswer.push(() => startBaseline(ctx.root, stringFlag(args, "config-dir"), input.session_id ?? null, scriptPath, env, indexId));
    const sourced = await getBrief(ctx, "auto", now, false);
    indexId = sourced.source === "cache" ? sourced.cache?.indexId ?? null : sourced.indexWritten ?? null;
    if (sourced.cache?.lang !== void 0 && ctx.settings.language === "auto" && !args.flags.has("lang")) lang = sourced.cache.lang;
    const net = env[DOCTOR_RUN_ENV] === "1" ? null : netState(ctx.root, ctx.pluginDir, env);
    const notes = [start.outside === null ? null : outsideVaultLine(lang, start.outside.cwd, start.outside.readFirst), net === null ? null : netLine(lang, net)].filter((l) => l !== null);
    const note = notes.length === 0 ? null : notes.join("\n");
    const limit = hostTextLimit(stringFlag(args, "agent")) - (note === null ? 0 : note.length + 1);
    lines.push(
      withLineAfterHeading(formatBrief(sourced.brief, ctx.settings, lang, { source: sourced.source, generatedAt: sourced.generatedAt, vaultName: path21.basename(ctx.root), cacheRejected: sourced.cacheRejected }, now.getTime(), limit), note)
    );
  } catch (error) {
    if (lines.length === 0) lines.push(`${strings(lang).date}: ${isoDate(now)} (${strings(lang).weekdays[now.getDay()] ?? ""})`);
    lines.push(`Session brief: ${firstLine(error)}`);
  }
  writeOut(sessionStartOutput(stringFlag(args, "agent"), lines.join("\n"), lang));
  for (const work of afterAnswer) work();
  return 0;
}

// bridge/start-file.ts
async function sessionStartHook(argv, scriptPath) {
  let args = { command: "session-start", flags: /* @__PURE__ */ new Map(), positional: [] };
  try {
    args = parseArgs(argv);
    if (args.command !== "session-start") {
      runBridge();
      return;
    }
    process.exitCode = await sessionStart(args, scriptPath, process.env);
  } catch (error) {
    writeOut(hookCrashOutput({ ...args, command: "session-start" }, error, scriptPath) ?? "");
    process.exitCode = 0;
  }
  if (outputWritten() && !bridgeAsked()) process.exit();
}
void sessionStartHook(process.argv.slice(2), process.argv[1] ?? __filename);
