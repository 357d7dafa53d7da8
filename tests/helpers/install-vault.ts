/**
 * Set-up shared by the install, uninstall and doctor tests: an empty vault (with its config folder)
 * in a temporary folder, install's options with the built bridge as the script, and the hook
 * groups of a settings file.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { AgentOptions } from '../../src/node/hosts/install/options';
import { BUNDLE } from './bridge';
import { tempDir, writeFiles } from './rule-vault';
import { HOOK_FILE_TEXTS } from '../../bridge/hook-file-texts';

export type Json = Record<string, unknown>;
export type Group = { matcher?: string; hooks: Array<Record<string, unknown>> };

/** A vault folder named `name` (inside a new temporary folder) with `.obsidian/` and `files`. */
export function installVault(files: Record<string, string> = {}, name = 'vault', prefix = 'sb-inst-'): string {
	const v = path.join(tempDir(prefix), name);
	fs.mkdirSync(path.join(v, '.obsidian'), { recursive: true });
	writeFiles(v, files);
	return v;
}

/** The built bridge, as install copies it. */
export const BRIDGE_SOURCE: Buffer = fs.readFileSync(BUNDLE);

/** install's options for `agent` (default Claude Code), project scope, this Node as the interpreter. */
export function installOptions(vault: string, home: string, extra: Partial<AgentOptions> = {}): AgentOptions {
	return { hookFiles: HOOK_FILE_TEXTS, vault, home, scope: 'project', agent: 'claude-code', scriptSource: BRIDGE_SOURCE, version: '0.1.0', nodePath: process.execPath, env: {}, ...extra };
}

/** A JSON settings file, a UTF-8 BOM tolerated. */
export function readJson(file: string): Json {
	return JSON.parse(fs.readFileSync(file, 'utf8').replace(/^\uFEFF/, '')) as Json;
}

/** The hook groups registered for `event` in a settings object. */
export function hookGroups(settings: Json, event: string): Group[] {
	return ((settings.hooks as Json | undefined)?.[event] ?? []) as Group[];
}
