/**
 * What `install` will do, decided before anything is written: the checks, the settings file's new
 * text, the record of the install and the ordered writes with the lines they report. It touches no
 * file itself: everything it reads comes through `InstallView`, so a test hands it a map of files
 * (tests/node/hosts/install-plan.test.ts). install.ts reads the real files and applies the steps.
 */
import * as path from 'node:path';
import { agentArgs, HOOK_COMMANDS, hostOf, type HookEvent, type HostShell } from '../../../core/hosts/agent-contracts';
import { commandLine, describeChars, shellOn, unsafeCharacters } from '../command-line/command-line';
import { sha256, WriteError } from './files';
import type { EventCommand, HostSpec, Scope } from '../host-spec';
import { backupPath, manifestPath, serializeManifest, type InstallRecord, type Manifest } from './manifest';
import { bridgeTarget, editTarget, EXIT, hostPaths, mcpTarget, scriptTarget, specFor, startTarget, type ActionResult, type AgentOptions } from './options';
import { applyRegistration, isOwnHandler, newDoc, serialize } from './registration';
import { decodeStrict, parseJsonDoc, UnparseableError } from '../../check/settings-json';
import { PLUGIN_ID } from '../../vault-config';
import { oldCodeCaches } from '../../state-registry';
import { mcpSourceProblem } from '../hook-files/mcp-file';
import { applyStatusLine, holdsOwnStatusLine, otherStatusLines, statusLineReport, type StatusLineOutcome } from './status-line-entry';
import { STATUS_LINE_COMMAND } from '../command-line/status-line-command';
import { installCommandLine } from '../command-line/printed-command';
import { statusLineAgents } from '../index';

/** What the plan may learn about the machine; install.ts passes the real file system, a test a fake. */
export interface InstallView {
	/** A file's bytes, null when it does not exist; throws `WriteError` when it cannot be read. */
	read(file: string): Buffer | null;
	isDir(p: string): boolean;
	/** The folders from `dir` upward that do not exist yet, deepest first. */
	missingDirs(dir: string): string[];
	/** The interpreter the hook lines name; adds a warning when it had to guess. */
	resolveNode(warnings: string[]): string;
	/** The vault's config folder, when one is found; adds a warning when the choice is unclear. */
	findConfigDir(warnings: string[]): string | undefined;
	readManifest(): Manifest | null;
}

/** One step of the apply, in order; a step's lines are reported once it is done. */
export type InstallStep =
	| { kind: 'assertWritable'; file: string }
	| { kind: 'write'; file: string; data: Buffer | string; changed: boolean }
	| { kind: 'removeIfPresent'; file: string }
	/** Files written by the steps before, reported together. */
	| { kind: 'changed'; files: string[] }
	| { kind: 'line'; text: string }
	| { kind: 'warning'; text: string };

export type InstallPlan =
	| { done: ActionResult }
	| {
			/** Lines and warnings gathered while planning (the interpreter's, the config folder's). */
			start: ActionResult;
			steps: InstallStep[];
			node: string;
			script: string;
			/** Whether the MCP server file is fit to register (the hooks go in either way). */
			mcpReady: boolean;
	  };

export function samePath(a: string, b: string): boolean {
	return path.resolve(a) === path.resolve(b);
}

export function hookArgs(agent: AgentOptions['agent'], event: HookEvent): string[] {
	return [HOOK_COMMANDS[event], ...agentArgs(agent)];
}

/** The command lines this installation registers (doctor compares the file against these). */
export function eventCommand(o: AgentOptions, node: string): (event: HookEvent) => EventCommand {
	const platform = o.platform ?? process.platform;
	const script = scriptTarget(o.vault);
	const native = shellOn(platform, hostOf(o.agent).windowsShell);
	return (event) => {
		const args = hookArgs(o.agent, event);
		return { sh: commandLine('sh', node, script, args, platform), ps: commandLine('powershell', node, script, args, platform), native: commandLine(native, node, script, args, platform) };
	};
}

/** Our status line command for this installation, in the shell the host runs it in. */
export function statusLineCommand(o: Pick<AgentOptions, 'agent' | 'vault' | 'platform'>, node: string): { line: string; shell: HostShell } {
	const platform = o.platform ?? process.platform;
	const shell = shellOn(platform, hostOf(o.agent).windowsShell);
	return { line: commandLine(shell, node, scriptTarget(o.vault), [STATUS_LINE_COMMAND], platform), shell };
}

/** The shells whose command lines this host's entries carry on this platform. */
export function commandShells(o: AgentOptions): readonly HostShell[] {
	return specFor(o.agent).shells ?? [shellOn(o.platform ?? process.platform, hostOf(o.agent).windowsShell)];
}

/** Whether `<file>.session-brief.bak` holds the original some install record names for `file`. */
export function backupHoldsOriginal(file: string, manifest: Manifest | null, read: (file: string) => Buffer | null): boolean {
	const originals = new Set((manifest?.installs ?? []).filter((x) => samePath(x.file, file) && x.originalSha256 !== null).map((x) => x.originalSha256));
	if (originals.size === 0) return false;
	const bak = read(backupPath(file));
	return bak !== null && originals.has(sha256(bak));
}

/** The view's read, with an unreadable file as none (for what is only reported). */
function readOrNull(view: InstallView): (file: string) => Buffer | null {
	return (file) => {
		try {
			return view.read(file);
		} catch {
			return null;
		}
	};
}

function asBuffer(text: string | Buffer): Buffer {
	return typeof text === 'string' ? Buffer.from(text, 'utf8') : text;
}

/** The settings file as it is and as install leaves it. */
interface SettingsChange {
	file: string;
	before: Buffer | null;
	after: string;
	applied: ReturnType<typeof applyRegistration>;
	status: StatusLineOutcome;
	changed: boolean;
	/** The hook entries changed (not only the status line). */
	hooksChanged: boolean;
}

/** The four hook files (the entry the commands run and the three it runs) and the MCP server file, as install writes them. */
interface HookFiles {
	bridge: [file: string, data: Buffer];
	start: [file: string, data: Buffer];
	edit: [file: string, data: Buffer];
	entry: [file: string, data: Buffer];
	mcp: [file: string, data: Buffer | undefined];
}

function hookFiles(o: AgentOptions): HookFiles {
	return {
		bridge: [bridgeTarget(o.vault), asBuffer(o.scriptSource)],
		start: [startTarget(o.vault), Buffer.from(o.hookFiles.start, 'utf8')],
		edit: [editTarget(o.vault), Buffer.from(o.hookFiles.edit, 'utf8')],
		entry: [scriptTarget(o.vault), Buffer.from(o.hookFiles.entry, 'utf8')],
		// The MCP server file of the same build, beside the bridge; without one, the hooks still go in.
		mcp: [mcpTarget(o.vault), o.mcpSource === undefined ? undefined : asBuffer(o.mcpSource)],
	};
}

/** Why a path cannot go into the hook's command line, or null. */
function unsafePath(o: AgentOptions, node: string, script: string, platform: NodeJS.Platform): string | null {
	for (const [label, p] of [
		['vault path', script],
		['node path', node],
	] as const) {
		const bad = [...new Set(commandShells(o).flatMap((shell) => unsafeCharacters(p, platform, shell)))];
		if (bad.length > 0) {
			return `The ${label} ${JSON.stringify(p)} contains ${describeChars(bad)}, which would break the quoted hook command (a shell would read it differently). Nothing was changed. Rename or move it to a path without these characters.`;
		}
	}
	return null;
}

/**
 * The record of the settings file: the original stays the one from before our first change as long
 * as nobody else changed the file since our last write (then uninstall can restore it byte for
 * byte). A file that already held entries of ours (a moved or copied vault) has no clean original.
 */
function installRecord(o: AgentOptions, s: SettingsChange, prevRecord: InstallRecord | undefined, keep: { original: boolean; backup: boolean }, view: InstallView): InstallRecord {
	const kept = keep.original ? prevRecord : undefined;
	const cleanBefore = s.before !== null && s.applied.replaced.length === 0 && s.status.kind !== 'updated' && !holdsOwnEntries(s.before, specFor(o.agent), s.file);
	const record: InstallRecord = {
		agent: o.agent,
		scope: o.scope,
		file: s.file,
		createdFile: kept !== undefined ? kept.createdFile : s.before === null,
		originalSha256: kept !== undefined ? kept.originalSha256 : s.before !== null && cleanBefore && !keep.backup ? sha256(s.before) : null,
		installedSha256: sha256(s.after),
		created: kept !== undefined ? dedupePaths([...kept.created, ...s.applied.created]) : s.applied.created,
		createdDirs: kept !== undefined ? kept.createdDirs : s.before === null ? view.missingDirs(path.dirname(s.file)) : [],
	};
	if (!s.changed) {
		// Entries already as wanted: keep what an earlier run recorded, or claim no original (there is
		// no backup to restore, and the file as it is already holds our entries).
		if (prevRecord !== undefined) Object.assign(record, prevRecord);
		else Object.assign(record, { createdFile: false, originalSha256: null, created: [], createdDirs: [] });
	}
	const { statusLine: _was, ...rest } = record;
	const hasOurs = ['added', 'current', 'updated', 'chained'].includes(s.status.kind);
	return hasOurs ? { ...rest, statusLine: true } : rest;
}

/** The install record file after this install: this record in the place of the one it replaces. */
function nextManifest(o: AgentOptions, previous: Manifest | null, prevRecord: InstallRecord | undefined, record: InstallRecord, at: { configDir: string | undefined; node: string; source: Buffer; script: string }, view: InstallView): Manifest {
	const scriptDirs = previous?.createdDirs ?? view.missingDirs(path.dirname(at.script)).map((d) => path.relative(o.vault, d).split(path.sep).join('/'));
	// Records of the vault's old location (copied along with a moved vault) describe files that are not ours any more.
	const installs = previous?.installs.filter((x) => x !== prevRecord && (x.scope === 'user' || isInside(x.file, o.vault))) ?? [];
	const index = prevRecord !== undefined ? Math.min(previous?.installs.indexOf(prevRecord) ?? installs.length, installs.length) : installs.length;
	installs.splice(index, 0, record);
	const pluginDir = recordedPluginDir(o, at.configDir, previous?.pluginDir, view);
	return {
		...(at.configDir !== undefined ? { configDir: at.configDir } : {}),
		...(pluginDir !== undefined ? { pluginDir } : {}),
		version: o.version,
		scriptSha256: sha256(at.source),
		node: at.node,
		createdDirs: scriptDirs,
		installs,
	};
}

export function planInstall(o: AgentOptions, view: InstallView): InstallPlan {
	const r: ActionResult = { code: EXIT.ok, lines: [], warnings: [], changed: [] };
	const fail = (code: number, message: string): InstallPlan => ({ done: { ...r, code, lines: [...r.lines, message] } });
	const spec = specFor(o.agent);
	const host = hostOf(o.agent);
	const platform = o.platform ?? process.platform;
	if (!spec.scopes.includes(o.scope)) return fail(EXIT.usage, `${host.name} has no "${o.scope}" scope; use ${spec.scopes.join(' or ')}.`);
	if (o.statusLine === true && spec.statusLine === undefined) return fail(EXIT.usage, `${host.name} runs no status line command; --statusline is for ${statusLineAgents().join(', ')}.`);
	if (!view.isDir(o.vault)) return fail(EXIT.usage, `vault folder ${o.vault} does not exist or is not a folder.`);
	const node = view.resolveNode(r.warnings);
	const script = scriptTarget(o.vault);
	const unsafe = unsafePath(o, node, script, platform);
	if (unsafe !== null) return fail(EXIT.unsafePath, unsafe);

	const configDir = o.configDir ?? view.findConfigDir(r.warnings);
	if (configDir === undefined) r.warnings.push(`no Obsidian config folder was found in ${o.vault}; the brief uses default settings until one exists (then run install again).`);

	const file = spec.settingsFile(o.scope, hostPaths(o));
	const previous = view.readManifest();
	const prevRecord = previous?.installs.find((x) => x.agent === o.agent && x.scope === o.scope && samePath(x.file, file));
	let settings: SettingsChange;
	try {
		const before = view.read(file);
		const startDoc = before === null ? newDoc(spec, file) : parseJsonDoc(decodeStrict(before, file), file);
		const applied = applyRegistration(startDoc, spec, spec.entries(eventCommand(o, node)), file);
		const ours = statusLineCommand(o, node);
		const status = applyStatusLine(applied.doc, spec, ours.line, ours.shell, { add: o.statusLine === true, chain: o.chain === true, script }, file);
		const after = serialize(status.doc);
		const changed = before === null || after !== before.toString('utf8');
		settings = { file, before, after, applied, status: status.outcome, changed, hooksChanged: before === null || serialize(applied.doc) !== before.toString('utf8') };
	} catch (error) {
		if (error instanceof UnparseableError) return fail(EXIT.unparseable, `Refused: ${error.message}`);
		if (error instanceof WriteError) return fail(EXIT.writeFailed, error.message);
		throw error;
	}

	// Reads past this point that fail throw on to install(), which reports the error alone.
	const files = hookFiles(o);
	const same = ([f, want]: [string, Buffer]): boolean => view.read(f)?.equals(want) ?? false;
	const scriptChanged = !same(files.bridge) || !same(files.start) || !same(files.edit) || !same(files.entry);
	const [mcpFile, mcpSource] = files.mcp;
	const mcpProblem = mcpSourceProblem(mcpSource, o.version);
	const mcpBefore = view.read(mcpFile);
	const mcpChanged = mcpSource !== undefined && mcpProblem === null && (mcpBefore === null || !mcpBefore.equals(mcpSource));
	const keepOriginal = prevRecord !== undefined && settings.before !== null && prevRecord.installedSha256 === sha256(settings.before);
	// A backup that holds a recorded original is the user's only copy of it: never overwritten.
	const keepBackup = !keepOriginal && backupHoldsOriginal(file, previous, (f) => view.read(f));
	const record = installRecord(o, settings, prevRecord, { original: keepOriginal, backup: keepBackup }, view);
	const manifestText = serializeManifest(nextManifest(o, previous, prevRecord, record, { configDir, node, source: files.bridge[1], script }, view));
	const manifestBefore = view.read(manifestPath(o.vault));
	const manifestChanged = manifestBefore === null || manifestBefore.toString('utf8') !== manifestText;

	const steps: InstallStep[] = [];
	if (settings.changed) steps.push({ kind: 'assertWritable', file });
	if (scriptChanged) {
		// The files the entry runs first: it runs whatever sits beside it.
		for (const [f, data] of [files.bridge, files.start, files.edit, files.entry]) steps.push({ kind: 'write', file: f, data, changed: false });
		steps.push({ kind: 'changed', files: [files.bridge[0], files.start[0], files.edit[0], script] });
		// The code caches earlier versions kept beside these files: the entry keeps them outside the vault now.
		for (const name of oldCodeCaches()) steps.push({ kind: 'removeIfPresent', file: path.join(path.dirname(script), name) });
		steps.push({ kind: 'line', text: `Copied the bridge (version ${o.version}) to ${files.bridge[0]}, run by the hook entry ${script}` });
	} else steps.push({ kind: 'line', text: `The bridge at ${files.bridge[0]} is current` });
	if (mcpChanged && mcpSource !== undefined) {
		steps.push({ kind: 'write', file: mcpFile, data: mcpSource, changed: true });
		steps.push({ kind: 'line', text: `Copied the MCP server file to ${mcpFile}` });
	} else if (mcpProblem !== null) steps.push({ kind: 'warning', text: `${mcpProblem} The hooks are installed; the MCP server is not.` });
	if (settings.changed) {
		const { before } = settings;
		if (before !== null && !keepOriginal && !keepBackup) steps.push({ kind: 'write', file: backupPath(file), data: before, changed: true });
		steps.push({ kind: 'write', file, data: settings.after, changed: true });
		const events = spec.events.join(', ').replace(/, ([^,]*)$/, ' and $1');
		const backup = before === null ? ' (new file)' : keepOriginal ? '' : keepBackup ? ` (${backupPath(file)} still holds the version from before the first install)` : ` (previous version kept as ${backupPath(file)})`;
		steps.push({ kind: 'line', text: settings.hooksChanged ? `Registered ${events} for ${host.name} in ${file}${backup}` : `${file} already has the ${host.name} hooks${backup}` });
		for (const c of settings.applied.replaced) steps.push({ kind: 'line', text: `Replaced an older entry of ours that ran: ${c}` });
	} else steps.push({ kind: 'line', text: `${file} already has the ${host.name} hooks; left unchanged` });
	const chainIn = (s: Scope): string => installCommandLine(o.program ?? 'npx session-brief', o.vault, o.agent, s, platform, 'chain');
	const said = statusLineReport(settings.status, file, host.name, chainIn(o.scope));
	if (said !== null) steps.push({ kind: said.warning === true ? 'warning' : 'line', text: said.text });
	if (settings.status.kind === 'added' || settings.status.kind === 'chained') {
		for (const text of otherStatusLines(spec, hostPaths(o), o.scope, readOrNull(view), chainIn)) steps.push({ kind: 'line', text });
	}
	if (manifestChanged) steps.push({ kind: 'write', file: manifestPath(o.vault), data: manifestText, changed: true });
	return { start: r, steps, node, script, mcpReady: mcpProblem === null };
}

/**
 * The plugin folder to record: the one the plugin reported when it is not the default
 * `<configDir>/plugins/session-brief`; from the command line (which cannot know it) the one recorded
 * before, while that folder still exists.
 */
function recordedPluginDir(o: AgentOptions, configDir: string | undefined, before: string | undefined, view: InstallView): string | undefined {
	const given = o.pluginDir?.replace(/\\/g, '/').replace(/^\/+|\/+$/g, '');
	if (given !== undefined && given !== '') return given === `${configDir}/plugins/${PLUGIN_ID}` ? undefined : given;
	return before !== undefined && view.isDir(path.join(o.vault, before)) ? before : undefined;
}

function isInside(file: string, dir: string): boolean {
	const rel = path.relative(path.resolve(dir), path.resolve(file));
	return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel);
}

/** Whether the file already runs a script of ours (then its "original" is not one to restore). */
function holdsOwnEntries(before: Buffer, spec: HostSpec, file: string): boolean {
	try {
		const value = parseJsonDoc(decodeStrict(before, file), file).value;
		if (holdsOwnStatusLine(value, spec)) return true;
		const hooks = value.hooks;
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
