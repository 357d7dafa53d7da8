/**
 * The names of the plugin folder's files whose format lives in the core: here, in a module that
 * imports nothing, so the state registry (src/node/state-registry.ts), which lists every name
 * Session Brief writes, costs a hook no more than these strings. The modules of each format
 * export them too.
 */

/** The cached brief (docs/cache-format.md). */
export const BRIEF_FILE = 'brief-cache.json';
/** The note index beside it. */
export const INDEX_FILE = 'brief-index.json';
/** The agent changes journal (src/core/trail/agent-journal.ts). */
export const JOURNAL_FILE = 'agent-changes.jsonl';
/** The session starts log: one line per firing (src/core/trail/session-starts.ts). */
export const STARTS_LOG = 'session-starts.jsonl';
/** The record of earlier versions, one JSON object rewritten whole: read until a compaction folds it in. */
export const OLD_STARTS_FILE = 'session-starts.json';
/** The human's review marks of agent changes (src/core/trail/what-changed.ts). */
export const REVIEW_FILE = 'agent-review.json';
/** Where earlier versions kept when the last two conversations started: read until a compaction folds it into the session starts log. */
export const SESSION_STARTS_FILE = 'conversations.json';
/** Where earlier versions kept the session net's baselines in the plugin folder; read by nothing now. */
export const BASELINE_FOLDER = 'session-baselines';
/**
 * The session net's own folder per vault in the per-user state folder (src/node/journal/session-net.ts):
 * `session-net-<hash of the vault's real path>/`, holding a baseline and a turn record per session
 * and what the last walk could not see.
 */
export const NET_STATE_PREFIX = 'session-net-';
export const NET_BASELINE_PREFIX = 'baseline-';
export const NET_TURN_PREFIX = 'turn-';
export const NET_BLIND_FILE = 'blind.json';
/** The plugin's record of notes its own editor changed (src/plugin/review/editor-writes.ts). */
export const EDITOR_WRITES_FILE = 'editor-writes.json';
/** The last rule check's findings (src/core/rules/last-check-record.ts), which the bridge writes. */
export const LAST_CHECK_FILE = 'last-check.json';
/** The live channel's discovery file (src/core/live-protocol.ts). */
export const DISCOVERY_FILE = 'live.json';
/** The before-versions of notes agents changed (src/core/trail/before-versions.ts). */
export const BEFORE_FOLDER = 'before-versions';
