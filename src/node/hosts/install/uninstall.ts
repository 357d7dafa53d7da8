/**
 * `uninstall`: removes only our entries, then the script and its record. When a
 * file is exactly as install left it, the original bytes come back from the backup; otherwise our
 * entries are cut out one edit at a time and everything else stays.
 */
import * as path from 'node:path';
import { DEFAULT_AGENT, hostOf, isAgentId, type AgentId } from '../../../core/hosts/agent-contracts';
import { readIfExists, removeDirIfEmpty, removeFile, sha256, writeAtomic, WriteError } from './files';
import { hostEventNames, type HostPaths, type Scope } from '../host-spec';
import { backupPath, manifestPath, readManifest, serializeManifest, type InstallRecord, type Manifest } from './manifest';
import { EXIT, scriptTarget, specFor, type ActionResult } from './options';
import { BRIDGE_NAME, EDIT_NAME, hooksFolder, hooksState, MANIFEST_NAME, SCRIPT_NAME, START_NAME } from '../../state-registry';
import { removeCodeCaches } from '../hook-files/code-cache';
import { removeRegistration, serialize } from './registration';
import { withLocks } from './install-lock';
import { parseJsonDoc, UnparseableError } from '../../check/settings-json';
import { backupHoldsRecordedOriginal, decodeStrict, samePath } from './install';
import { MCP_HOSTS, unregisterMcp } from './mcp-registration';
import { forgetInstall } from '../../journal/installed-hooks-record';
import { pluginFolderOf, removeLeftovers } from './uninstall-leftovers';
import { removeStatusLine, type StatusLineRemoval } from './status-line-entry';

export interface UninstallOptions {
	vault: string;
	home: string;
	/** Only this host; default: every installation recorded (or Claude Code when none is). */
	agent?: AgentId;
	/** Only this scope; default: every recorded scope (or `project` when none is). */
	scope?: Scope;
	platform?: NodeJS.Platform;
	env?: NodeJS.ProcessEnv;
}

interface Target {
	agent: AgentId;
	scope: Scope;
	file: string;
	/** The record as far as it is true (trustedRecord). */
	record?: InstallRecord;
	/** The record as read, to take it out of the install record when undone. */
	original?: InstallRecord;
}

/**
 * The record as far as it is true: the install record lies in the vault, where anyone can edit it,
 * so the file and the folders uninstall may touch are recomputed from agent and scope, never taken
 * from it. A record naming another file, or an unknown agent or scope, is not ours: left out.
 */
function trustedRecord(x: InstallRecord, p: HostPaths): InstallRecord | null {
	if (!isAgentId(x.agent) || !specFor(x.agent).scopes.includes(x.scope)) return null;
	const file = specFor(x.agent).settingsFile(x.scope, p);
	if (!samePath(x.file, file)) return null;
	// Only the folders above that very file that install could have made.
	const above = new Set<string>();
	for (let d = path.dirname(path.resolve(file)); d !== path.dirname(d); d = path.dirname(d)) above.add(d);
	const createdDirs = x.createdDirs.filter((d) => typeof d === 'string' && above.has(path.resolve(d)));
	return { ...x, file, createdDirs };
}

/** The folders made for the hook files (`.claude`, `.claude/hooks`) that the record says install made. */
function scriptDirs(vault: string, manifest: Manifest | null): string[] {
	const allowed = ['.claude', '.claude/hooks'];
	return (manifest?.createdDirs ?? []).filter((d) => allowed.includes(d)).map((d) => path.join(vault, ...d.split('/')));
}

function targets(o: UninstallOptions, recorded: InstallRecord[], p: HostPaths): Target[] {
	const chosen = recorded.filter((x) => (o.agent === undefined || x.agent === o.agent) && (o.scope === undefined || x.scope === o.scope));
	const trusted = chosen.flatMap((x) => {
		const t = trustedRecord(x, p);
		return t === null ? [] : [{ agent: t.agent, scope: t.scope, file: t.file, record: t, original: x }];
	});
	if (trusted.length > 0) return trusted;
	const agent = o.agent ?? DEFAULT_AGENT;
	const scope = o.scope ?? 'project';
	if (!specFor(agent).scopes.includes(scope)) return [];
	return [{ agent, scope, file: specFor(agent).settingsFile(scope, p) }];
}

function removeDirs(vault: string, dirs: string[]): void {
	for (const d of [...dirs].sort((a, b) => b.length - a.length)) removeDirIfEmpty(vault, d);
}

/** Undoes one file; returns false when it had to be skipped (unparseable, read-only). */
function undoFile(t: Target, p: HostPaths, r: ActionResult, manifest: Manifest | null): boolean {
	const spec = specFor(t.agent);
	const name = hostOf(t.agent).name;
	const before = readIfExists(p.vault, t.file);
	if (before === null) {
		r.lines.push(`${t.file} does not exist; nothing to remove there`);
		return true;
	}
	const rec = t.record;
	const bak = backupPath(t.file);
	if (rec !== undefined && rec.installedSha256 === sha256(before)) {
		if (rec.createdFile) {
			removeFile(p.vault, t.file);
			removeDirs(p.vault, rec.createdDirs);
			r.changed.push(t.file);
			r.lines.push(`Removed ${t.file} (install had created it and nothing else was added since)`);
			return true;
		}
		const original = readIfExists(p.vault, bak);
		if (original !== null && rec.originalSha256 === sha256(original)) {
			writeAtomic(p.vault, t.file, original);
			removeFile(p.vault, bak);
			r.changed.push(t.file, bak);
			r.lines.push(`Restored ${t.file} to its content before install`);
			return true;
		}
	}
	let doc;
	try {
		doc = parseJsonDoc(decodeStrict(before, t.file), t.file);
	} catch (error) {
		if (error instanceof UnparseableError) {
			r.lines.push(`Skipped: ${error.message}`);
			r.code = EXIT.unparseable;
			return false;
		}
		throw error;
	}
	const events = hostEventNames(spec);
	// Our status line first, so a file we created and left holding only its skeleton goes as a whole.
	const status = removeStatusLine(doc, spec, backupText(p.vault, bak), t.file);
	const out = removeRegistration(status.doc, spec, events, rec?.created ?? [], rec?.createdFile ?? false, t.file);
	const said = statusLineSaid(status.outcome);
	if (said !== null) r.lines.push(said);
	if (out.doc === null) {
		removeFile(p.vault, t.file);
		removeDirs(p.vault, rec?.createdDirs ?? []);
		r.changed.push(t.file);
		r.lines.push(`Removed ${t.file} (it held only our ${name} hooks)`);
		return true;
	}
	const after = serialize(out.doc);
	if (out.removed === 0 && status.outcome.kind === 'none' && after === before.toString('utf8')) {
		r.lines.push(`${t.file} has no ${name} hooks of ours; left unchanged`);
		return true;
	}
	// A backup that holds the recorded original is the user's only copy of it: never overwritten.
	const keepBackup = backupHoldsRecordedOriginal(p.vault, t.file, manifest);
	if (!keepBackup) writeAtomic(p.vault, bak, before);
	writeAtomic(p.vault, t.file, after);
	r.changed.push(t.file, ...(keepBackup ? [] : [bak]));
	const what = out.removed > 0 ? `${out.removed} ${name} hook entr${out.removed === 1 ? 'y' : 'ies'} of ours` : 'our status line';
	r.lines.push(`Removed ${what} from ${t.file}; everything else kept (${keepBackup ? `${bak} still holds the version from before install` : `previous version in ${bak}`})`);
	return true;
}

/** The backup beside a settings file as text, for the exact spelling of the user's status line; null when there is none. */
function backupText(vault: string, bak: string): string | null {
	try {
		const data = readIfExists(vault, bak);
		return data === null ? null : decodeStrict(data, bak);
	} catch {
		return null;
	}
}

function statusLineSaid(outcome: StatusLineRemoval): string | null {
	if (outcome.kind === 'removed') return 'Removed our status line';
	if (outcome.kind === 'restored') return `Removed our status line; yours is back as it was: ${outcome.theirs}`;
	return null;
}

/**
 * Uninstall under the locks of the install record and of every settings file it may touch, taken
 * together (in one order, so no two runs deadlock). The files are read from the record before the
 * locks; when the record named other files by the time the locks are held, it starts over.
 */
export function uninstall(o: UninstallOptions): ActionResult {
	const p: HostPaths = { vault: o.vault, home: o.home, env: o.env ?? {}, platform: o.platform ?? process.platform };
	const files = (): string[] => targets(o, readManifest(o.vault)?.installs ?? [], p).map((t) => t.file);
	try {
		for (;;) {
			const locked = files();
			const result = withLocks([manifestPath(o.vault), ...locked], () => (files().every((f) => locked.includes(f)) ? uninstallLocked(o) : null));
			if (result !== null) return result;
		}
	} catch (error) {
		if (error instanceof WriteError) return { code: EXIT.writeFailed, lines: [error.message], warnings: [], changed: [] };
		throw error;
	}
}

function uninstallLocked(o: UninstallOptions): ActionResult {
	const r: ActionResult = { code: EXIT.ok, lines: [], warnings: [], changed: [] };
	const p: HostPaths = { vault: o.vault, home: o.home, env: o.env ?? {}, platform: o.platform ?? process.platform };
	const manifest = readManifest(o.vault);
	const recorded = manifest?.installs ?? [];
	const chosen = targets(o, recorded, p);
	// Found while the install record (which may name the plugin's folder) is still there.
	const pluginFolder = pluginFolderOf(o.vault);
	if (chosen.length === 0) {
		r.code = EXIT.usage;
		r.lines.push(`${hostOf(o.agent ?? DEFAULT_AGENT).name} has no "${o.scope ?? 'project'}" scope.`);
		return r;
	}
	const done = new Set<InstallRecord>();
	for (const t of chosen) {
		try {
			const mcpHost = MCP_HOSTS[t.agent];
			if (mcpHost !== undefined) unregisterMcp(r, mcpHost, t.scope, o.vault, o.home);
			if (undoFile(t, p, r, manifest)) {
				if (t.original !== undefined) done.add(t.original);
				try {
					forgetInstall(o.vault, t.agent, t.scope, p.env);
				} catch (error) {
					r.warnings.push(`The record of what install registered (in Session Brief's per-user folder) could not be updated (${(error as Error).message}); doctor may name these hooks as removed.`);
				}
			}
		} catch (error) {
			if (!(error instanceof WriteError)) throw error;
			r.lines.push(error.message);
			r.code = EXIT.writeFailed;
		}
	}
	// Installations not undone now (and ones recorded for files we did not pick) keep the script.
	// A record that is not ours (trustedRecord) is dropped, not kept.
	const remaining = recorded.filter((x) => !done.has(x) && trustedRecord(x, p) !== null);
	try {
		if (remaining.length > 0 && manifest !== null) {
			writeAtomic(o.vault, manifestPath(o.vault), serializeManifest({ ...manifest, installs: remaining }));
			r.lines.push(`The bridge stays in ${path.dirname(scriptTarget(o.vault))}: still registered for ${remaining.map((x) => `${hostOf(x.agent).name} (${x.scope})`).join(', ')}`);
		} else if (r.code === EXIT.ok) {
			// Every file of ours in the hooks folder (the code caches the entry made included), the install record last.
			let removedScript = false;
			const ours = hooksState().filter((s) => s.name !== MANIFEST_NAME).map((s) => path.join(hooksFolder(o.vault), s.name));
			// The code caches the entry made of these files, in the per-user folder.
			for (const cache of removeCodeCaches(hooksFolder(o.vault), [SCRIPT_NAME, BRIDGE_NAME, START_NAME, EDIT_NAME])) r.changed.push(cache);
			for (const f of [...ours, manifestPath(o.vault)]) {
				if (removeFile(o.vault, f)) {
					r.changed.push(f);
					removedScript = true;
				}
			}
			removeDirs(o.vault, scriptDirs(o.vault, manifest));
			if (removedScript) r.lines.push(`Removed the bridge from ${path.dirname(scriptTarget(o.vault))}`);
			removeLeftovers(o.vault, pluginFolder, p.env, r);
		}
		if (r.code === EXIT.ok && r.changed.length === 0) {
			const what = chosen.map((t) => `${hostOf(t.agent).name} (${t.scope})`).join(', ');
			r.lines = [`Nothing to remove: no hooks of ours for ${what} and no bridge in ${path.dirname(scriptTarget(o.vault))}`];
		}
	} catch (error) {
		if (!(error instanceof WriteError)) throw error;
		r.lines.push(error.message);
		r.code = EXIT.writeFailed;
	}
	return r;
}
