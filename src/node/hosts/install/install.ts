/**
 * `install`: copy the bridge into `<vault>/.claude/hooks/`, register its
 * hooks in the host's config file without losing a byte of anyone else's, and record what was done
 * in `session-brief.json`. Every check runs before the first write (install-plan.ts decides what to
 * write); a second run changes nothing.
 */
import * as fs from 'node:fs';
import { assertWritable, readIfExists, removeFile, writeAtomic, WriteError } from './files';
import { missingDirs, readManifest, manifestPath, type Manifest } from './manifest';
import { EXIT, hostPaths, resolveNode, specFor, type ActionResult, type AgentOptions } from './options';
import { withLocks } from './install-lock';
import { findConfigDir } from '../../vault-config';
import { trustFindings } from '../trust/trust';
import { MCP_HOSTS, registerMcp } from './mcp-registration';
import { backupHoldsOriginal, eventCommand, planInstall, type InstallStep, type InstallView } from './install-plan';
import { hostEventNames } from '../host-spec';
import { recordInstall } from '../../journal/installed-hooks-record';

export { commandShells, eventCommand, hookArgs, samePath } from './install-plan';
export { decodeStrict } from '../../check/settings-json';

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

/** The real file system, as the plan sees it. */
function liveView(o: AgentOptions): InstallView {
	return {
		read: (file) => readIfExists(o.vault, file),
		isDir,
		missingDirs,
		resolveNode: (warnings) => resolveNode(o.nodePath, warnings),
		findConfigDir: (warnings) => findConfigDir(o.vault, undefined, warnings) ?? undefined,
		readManifest: () => readManifest(o.vault),
	};
}

function installLocked(o: AgentOptions): ActionResult {
	const plan = planInstall(o, liveView(o));
	if ('done' in plan) return plan.done;
	const r = plan.start;
	try {
		for (const step of plan.steps) applyStep(o.vault, step, r);
	} catch (error) {
		if (error instanceof WriteError) return { ...r, code: EXIT.writeFailed, lines: [...r.lines, error.message] };
		throw error;
	}
	rememberInstall(o, r);
	// Hosts with a documented MCP configuration also get the server for mid-session questions (docs/agents.md).
	const mcpHost = MCP_HOSTS[o.agent];
	if (mcpHost !== undefined && plan.mcpReady) {
		try {
			registerMcp(r, mcpHost, o.scope, o.vault, o.home, plan.node, plan.script);
		} catch (error) {
			if (error instanceof WriteError) r.warnings.push(`MCP server not registered: ${error.message}`);
			else throw error;
		}
	}
	r.lines.push(`Hook command: ${eventCommand(o, plan.node)('SessionStart').native}`);
	const spec = specFor(o.agent);
	for (const n of spec.notes(o.scope, hostPaths(o))) r.lines.push(`Note: ${n}`);
	for (const t of trustFindings(o.agent, { vault: o.vault, home: o.home, scope: o.scope, env: o.env ?? {}, platform: o.platform ?? process.platform })) {
		if (t.status !== 'ok') r.lines.push(`Before the first session: ${t.message}${t.fix !== undefined ? ` ${t.fix}` : ''}`);
	}
	return r;
}

/**
 * What was registered, kept where the agent cannot erase it (installed-hooks.ts): hooks that later
 * vanish from the settings file without `uninstall` are named by doctor and the sidebar.
 */
function rememberInstall(o: AgentOptions, r: ActionResult): void {
	const spec = specFor(o.agent);
	try {
		recordInstall(o.vault, { agent: o.agent, scope: o.scope, file: spec.settingsFile(o.scope, hostPaths(o)), events: hostEventNames(spec) }, o.env);
	} catch (error) {
		r.warnings.push(`The record of what was installed could not be kept in Session Brief's per-user folder (${(error as Error).message}); hooks removed later will go unnoticed.`);
	}
}

function applyStep(vault: string, step: InstallStep, r: ActionResult): void {
	switch (step.kind) {
		case 'assertWritable':
			assertWritable(vault, step.file);
			return;
		case 'write':
			writeAtomic(vault, step.file, step.data);
			if (step.changed) r.changed.push(step.file);
			return;
		case 'changed':
			r.changed.push(...step.files);
			return;
		case 'removeIfPresent':
			if (removeFile(vault, step.file)) r.changed.push(step.file);
			return;
		case 'line':
			r.lines.push(step.text);
			return;
		case 'warning':
			r.warnings.push(step.text);
			return;
	}
}

/** Whether `<file>.session-brief.bak` holds the original some install record names for `file`. */
export function backupHoldsRecordedOriginal(vault: string, file: string, manifest: Manifest | null): boolean {
	return backupHoldsOriginal(file, manifest, (f) => readIfExists(vault, f));
}
