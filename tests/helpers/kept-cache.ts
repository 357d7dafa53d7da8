/** A vault's cache as a running Obsidian plugin keeps it, so a session start takes tier 1. */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { expect } from 'vitest';
import { processIdentity } from '../../src/node/live/process-identity';
import { hookScript, run } from './bridge';

export const pluginDir = (v: string): string => path.join(v, '.obsidian', 'plugins', 'session-brief');
export const cacheFile = (v: string): string => path.join(pluginDir(v), 'brief-cache.json');

/** A scan writes the cache; then it is made to look kept by a running plugin: this test process. */
export function keptCache(v: string, env: NodeJS.ProcessEnv): Record<string, unknown> {
	expect(run(hookScript(v), ['report', '--json', '--source', 'scan'], '', { env }).status).toBe(0);
	const cache = JSON.parse(fs.readFileSync(cacheFile(v), 'utf8')) as Record<string, unknown>;
	const started = processIdentity(process.pid) ?? undefined;
	expect(started, 'tier 1 needs the writer start time (Linux, macOS)').toBeDefined();
	return { ...cache, writer: 'plugin', plugin: { pid: process.pid, pending: false, started } };
}
