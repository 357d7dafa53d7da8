/**
 * `install`: copy the bridge into `<vault>/.claude/hooks/`, register its
 * hooks in the host's config file without losing a byte of anyone else's, and record what was done
 * in `session-brief.json`. Every check runs before the first write; a second run changes nothing.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { agentArgs, HOSTS, type HookEvent, type HostShell } from '../../core/agent-contracts';
import { commandLine, describeChars, shellOn, unsafeCharacters } from './command-line';
import { assertWritable, readIfExists, removeFile, sha256, writeAtomic, WriteError } from './files';
import type { EventCommand } from './host-spec';
import { backupPath, manifestPath, missingDirs, readManifest, serializeManifest, type InstallRecord, type Manifest } from './manifest';
import { bridgeTarget, EDIT_FILE, editTarget, EXIT, HOOK_ENTRY, hostPaths, mcpTarget, resolveNode, scriptTarget, specFor, START_FILE, startTarget, type ActionResult, type AgentOptions } from './options';
import { applyRegistration, isOwnHandler, newDoc, serialize } from './registration';
import { withLocks } from './install-lock';
import { parseJsonDoc, UnparseableError } from '../settings-json';
import { findConfigDir, PLUGIN_ID } from '../vault-config';
import { trustFindings } from './trust';
import { MCP_HOSTS, registerMcp } from './mcp-registration';
import { mcpSourceProblem } from './mcp-file';

export function samePath(a: string, b: string): boolean {
	return path.resolve(a) === path.resolve(b);
}

/** Strict UTF-8 (a BOM kept as text): a file we cannot decode exactly is one we cannot rewrite without loss. */
export function decodeStrict(data: Buffer, file: string): string {
	try {
		return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(data);
	} catch {
		throw new UnparseableError(`${file} is not valid UTF-8 text; it was left unchanged.`);
	}
}

const HOOK_COMMAND: Record<HookEvent, string> = { SessionStart: 'session-start', PostToolUse: 'post-tool-use', PreToolUse: 'pre-tool-use', Stop: 'turn-end', SessionEnd: 'turn-end' };

export function hookArgs(agent: AgentOptions['agent'], event: HookEvent): string[] {
	return [HOOK_COMMAND[event], ...agentArgs(agent)];
}

/** The command lines this installation registers (doctor compares the file against these). */
export function eventCommand(o: AgentOptions, node: string): (event: HookEvent) => EventCommand {
	const platform = o.platform ?? process.platform;
	const script = scriptTarget(o.vault);
	const native = shellOn(platform, HOSTS[o.agent].windowsShell);
	return (event) => {
		const args = hookArgs(o.agent, event);
		return { sh: commandLine('sh', node, script, args, platform), ps: commandLine('powershell', node, script, args, platform), native: commandLine(native, node, script, args, platform) };
	};
}

/** The shells whose command lines this host's entries carry on this platform. */
export function commandShells(o: AgentOptions): readonly HostShell[] {
	return specFor(o.agent).shells ?? [shellOn(o.platform ?? process.platform, HOSTS[o.agent].windowsShell)];
}

function isDir(p: string): boolean {
	try {
		return fs.statSync(p).isDirectory();
	} catch {
		return false;
	}
}

/**
 * Install under the locks of the install record and the settings file: a second run at the same
 * time waits, then sees what the first one did (its record and its backup).
 */
export function install(o: AgentOptions): ActionResult {
	const spec = specFor(o.agent);
	if (!spec.scopes.includes(o.scope)) return installLocked(o);
	try {
		return withLocks([manifestPath(o.vault), spec.settingsFile(o.scope, hostPaths(o))], () => installLocked(o));
	} catch (error) {
		if (error instanceof WriteError) return { code: EXIT.writeFailed, lines: [error.message], warnings: [], changed: [] };
		throw error;
	}
}

function installLocked(o: AgentOptions): ActionResult {
	const r: ActionResult = { code: EXIT.ok, lines: [], warnings: [], changed: [] };
	const fail = (code: number, message: string): ActionResult => ({ ...r, code, lines: [...r.lines, message] });
	const spec = specFor(o.agent);
	const host = HOSTS[o.agent];
	const platform = o.platform ?? process.platform;
	if (!spec.scopes.includes(o.scope)) return fail(EXIT.usage, `${host.name} has no "${o.scope}" scope; use ${spec.scopes.join(' or ')}.`);
	if (!isDir(o.vault)) return fail(EXIT.usage, `vault folder ${o.vault} does not exist or is not a folder.`);

	const node = resolveNode(o.nodePath, r.warnings);
	const script = scriptTarget(o.vault);
	for (const [label, p] of [
		['vault path', script],
		['node path', node],
	] as const) {
		const bad = [...new Set(commandShells(o).flatMap((shell) => unsafeCharacters(p, platform, shell)))];
		if (bad.length > 0) {
			return fail(EXIT.unsafePath, `The ${label} ${JSON.stringify(p)} contains ${describeChars(bad)}, which would break the quoted hook command (a shell would read it differently). Nothing was changed. Rename or move it to a path without these characters.`);
		}
	}

	const configDir = o.configDir ?? findConfigDir(o.vault, undefined, r.warnings) ?? undefined;
	if (configDir === undefined) r.warnings.push(`no Obsidian config folder was found in ${o.vault}; the brief uses default settings until one exists (then run install again).`);

	const file = spec.settingsFile(o.scope, hostPaths(o));
	const previous = readManifest(o.vault);
	const prevRecord = previous?.installs.find((x) => x.agent === o.agent && x.scope === o.scope && samePath(x.file, file));

	let before: Buffer | null;
	let applied: ReturnType<typeof applyRegistration>;
	try {
		before = readIfExists(o.vault, file);
		const startDoc = before === null ? newDoc(spec, file) : parseJsonDoc(decodeStrict(before, file), file);
		applied = applyRegistration(startDoc, spec, spec.entries(eventCommand(o, node)), file);
	} catch (error) {
		if (error instanceof UnparseableError) return fail(EXIT.unparseable, `Refused: ${error.message}`);
		if (error instanceof WriteError) return fail(EXIT.writeFailed, error.message);
		throw error;
	}
	const after = serialize(applied.doc);
	const settingsChanged = before === null || after !== before.toString('utf8');

	// Four files: the hook entry the commands run, and the three it runs (readable source): the
	// session start up to the plugin's cache, the hooks around an edit up to their common case,
	// and the bridge.
	const source = typeof o.scriptSource === 'string' ? Buffer.from(o.scriptSource, 'utf8') : o.scriptSource;
	const entry = Buffer.from(HOOK_ENTRY, 'utf8');
	const startText = Buffer.from(START_FILE, 'utf8');
	const editText = Buffer.from(EDIT_FILE, 'utf8');
	const bridge = bridgeTarget(o.vault);
	const start = startTarget(o.vault);
	const edit = editTarget(o.vault);
	const same = (file: string, want: Buffer): boolean => readIfExists(o.vault, file)?.equals(want) ?? false;
	const scriptChanged = !same(bridge, source) || !same(start, startText) || !same(edit, editText) || !same(script, entry);
	// The MCP server file of the same build, beside the bridge; without one, the hooks still go in.
	const mcpSource = o.mcpSource === undefined ? undefined : typeof o.mcpSource === 'string' ? Buffer.from(o.mcpSource, 'utf8') : o.mcpSource;
	const mcpProblem = mcpSourceProblem(mcpSource, o.version);
	const mcpFile = mcpTarget(o.vault);
	const mcpBefore = readIfExists(o.vault, mcpFile);
	const mcpChanged = mcpSource !== undefined && mcpProblem === null && (mcpBefore === null || !mcpBefore.equals(mcpSource));

	// The record of this file: the original stays the one from before our first change as long as
	// nobody else changed the file since our last write (then uninstall can restore it byte for byte).
	// A file that already held entries of ours (a moved or copied vault) has no clean original.
	const keepOriginal = prevRecord !== undefined && before !== null && prevRecord.installedSha256 === sha256(before);
	const cleanBefore = before !== null && applied.replaced.length === 0 && !holdsOwnEntries(before, spec, file);
	// A backup that holds a recorded original is the user's only copy of it: never overwritten.
	const keepBackup = !keepOriginal && backupHoldsRecordedOriginal(o.vault, file, previous);
	const record: InstallRecord = {
		agent: o.agent,
		scope: o.scope,
		file,
		createdFile: keepOriginal ? prevRecord.createdFile : before === null,
		originalSha256: keepOriginal ? prevRecord.originalSha256 : before !== null && cleanBefore && !keepBackup ? sha256(before) : null,
		installedSha256: sha256(after),
		created: keepOriginal ? dedupePaths([...prevRecord.created, ...applied.created]) : applied.created,
		createdDirs: keepOriginal ? prevRecord.createdDirs : before === null ? missingDirs(path.dirname(file)) : [],
	};
	if (!settingsChanged) {
		// Entries already as wanted: keep what an earlier run recorded, or claim no original (there is
		// no backup to restore, and the file as it is already holds our entries).
		if (prevRecord !== undefined) Object.assign(record, prevRecord);
		else Object.assign(record, { createdFile: false, originalSha256: null, created: [], createdDirs: [] });
	}

	const scriptDirs = previous?.createdDirs ?? missingDirs(path.dirname(script)).map((d) => path.relative(o.vault, d).split(path.sep).join('/'));
	// Records of the vault's old location (copied along with a moved vault) describe files that are not ours any more.
	const installs = previous?.installs.filter((x) => x !== prevRecord && (x.scope === 'user' || isInside(x.file, o.vault))) ?? [];
	const at = prevRecord !== undefined ? Math.min(previous?.installs.indexOf(prevRecord) ?? installs.length, installs.length) : installs.length;
	installs.splice(at, 0, record);
	const pluginDir = recordedPluginDir(o, configDir, previous?.pluginDir);
	const manifest: Manifest = {
		...(configDir !== undefined ? { configDir } : {}),
		...(pluginDir !== undefined ? { pluginDir } : {}),
		version: o.version,
		scriptSha256: sha256(source),
		node,
		createdDirs: scriptDirs,
		installs,
	};
	const manifestText = serializeManifest(manifest);
	const manifestBefore = readIfExists(o.vault, manifestPath(o.vault));
	const manifestChanged = manifestBefore === null || manifestBefore.toString('utf8') !== manifestText;

	try {
		if (settingsChanged) assertWritable(o.vault, file);
		if (scriptChanged) {
			// The files the entry runs first: it runs whatever sits beside it.
			writeAtomic(o.vault, bridge, source);
			writeAtomic(o.vault, start, startText);
			writeAtomic(o.vault, edit, editText);
			writeAtomic(o.vault, script, entry);
			r.changed.push(bridge, start, edit, script);
			// A code cache of the single-file bridge of earlier versions no longer belongs to anything.
			if (removeFile(o.vault, `${script}.v8cache`)) r.changed.push(`${script}.v8cache`);
			r.lines.push(`Copied the bridge (version ${o.version}) to ${bridge}, run by the hook entry ${script}`);
		} else r.lines.push(`The bridge at ${bridge} is current`);
		if (mcpChanged && mcpSource !== undefined) {
			writeAtomic(o.vault, mcpFile, mcpSource);
			r.changed.push(mcpFile);
			r.lines.push(`Copied the MCP server file to ${mcpFile}`);
		} else if (mcpProblem !== null) r.warnings.push(`${mcpProblem} The hooks are installed; the MCP server is not.`);
		if (settingsChanged) {
			if (before !== null && !keepOriginal && !keepBackup) {
				writeAtomic(o.vault, backupPath(file), before);
				r.changed.push(backupPath(file));
			}
			writeAtomic(o.vault, file, after);
			r.changed.push(file);
			const events = spec.events.join(', ').replace(/, ([^,]*)$/, ' and $1');
			const backup = before === null ? ' (new file)' : keepOriginal ? '' : keepBackup ? ` (${backupPath(file)} still holds the version from before the first install)` : ` (previous version kept as ${backupPath(file)})`;
			r.lines.push(`Registered ${events} for ${host.name} in ${file}${backup}`);
			for (const c of applied.replaced) r.lines.push(`Replaced an older entry of ours that ran: ${c}`);
		} else r.lines.push(`${file} already has the ${host.name} hooks; left unchanged`);
		if (manifestChanged) {
			writeAtomic(o.vault, manifestPath(o.vault), manifestText);
			r.changed.push(manifestPath(o.vault));
		}
	} catch (error) {
		if (error instanceof WriteError) return fail(EXIT.writeFailed, error.message);
		throw error;
	}
	// Hosts with a documented MCP configuration also get the server for mid-session questions (docs/agents.md).
	const mcpHost = MCP_HOSTS[o.agent];
	if (mcpHost !== undefined && mcpProblem === null) {
		try {
			registerMcp(r, mcpHost, o.scope, o.vault, o.home, node, script);
		} catch (error) {
			if (error instanceof WriteError) r.warnings.push(`MCP server not registered: ${error.message}`);
			else throw error;
		}
	}
	r.lines.push(`Hook command: ${eventCommand(o, node)('SessionStart').native}`);
	for (const n of spec.notes(o.scope, hostPaths(o))) r.lines.push(`Note: ${n}`);
	for (const t of trustFindings(o.agent, { vault: o.vault, home: o.home, scope: o.scope, env: o.env ?? {}, platform })) {
		if (t.status !== 'ok') r.lines.push(`Before the first session: ${t.message}${t.fix !== undefined ? ` ${t.fix}` : ''}`);
	}
	return r;
}

/**
 * The plugin folder to record: the one the plugin reported when it is not the default
 * `<configDir>/plugins/session-brief`; from the command line (which cannot know it) the one recorded
 * before, while that folder still exists.
 */
function recordedPluginDir(o: AgentOptions, configDir: string | undefined, before: string | undefined): string | undefined {
	const given = o.pluginDir?.replace(/\\/g, '/').replace(/^\/+|\/+$/g, '');
	if (given !== undefined && given !== '') return given === `${configDir}/plugins/${PLUGIN_ID}` ? undefined : given;
	return before !== undefined && isDir(path.join(o.vault, before)) ? before : undefined;
}

/** Whether `<file>.session-brief.bak` holds the original some install record names for `file`. */
export function backupHoldsRecordedOriginal(vault: string, file: string, manifest: Manifest | null): boolean {
	const originals = new Set((manifest?.installs ?? []).filter((x) => samePath(x.file, file) && x.originalSha256 !== null).map((x) => x.originalSha256));
	if (originals.size === 0) return false;
	const bak = readIfExists(vault, backupPath(file));
	return bak !== null && originals.has(sha256(bak));
}

function isInside(file: string, dir: string): boolean {
	const rel = path.relative(path.resolve(dir), path.resolve(file));
	return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel);
}

/** Whether the file already runs a script of ours (then its "original" is not one to restore). */
function holdsOwnEntries(before: Buffer, spec: ReturnType<typeof specFor>, file: string): boolean {
	try {
		const hooks = parseJsonDoc(decodeStrict(before, file), file).value.hooks;
		if (typeof hooks !== 'object' || hooks === null) return false;
		const items = Object.values(hooks).flatMap((arr) => (Array.isArray(arr) ? (arr as unknown[]) : []));
		const handlers = items.flatMap((item) => {
			const inner = typeof item === 'object' && item !== null ? (item as { hooks?: unknown }).hooks : undefined;
			return Array.isArray(inner) ? [item, ...(inner as unknown[])] : [item];
		});
		return handlers.some((h) => isOwnHandler(spec, h));
	} catch {
		return false;
	}
}

function dedupePaths(paths: InstallRecord['created']): InstallRecord['created'] {
	const seen = new Set<string>();
	return paths.filter((p) => {
		const k = JSON.stringify(p);
		if (seen.has(k)) return false;
		seen.add(k);
		return true;
	});
}
