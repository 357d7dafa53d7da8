/**
 * The built plugin runs the bridge's install, uninstall and doctor from the bridge file it embeds
 * (compressed, src/plugin/hosts/bridge-source.ts; compiled by src/plugin/hosts/bridge-library.ts), so main.js
 * holds their code once, and what the plugin runs is byte for byte what it installs.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { loadAgentLibrary } from '../../src/plugin/hosts/bridge-library';
import { BUILT_BRIDGE, BUILT_MAIN, copyExampleVault, startBuilt, stopBuilt, type StartedBuilt } from './load-built';

const HAVE_BUILD = fs.existsSync(BUILT_MAIN) && fs.existsSync(BUILT_BRIDGE);

interface HookOutcome {
	ok: boolean;
	text: string;
}
interface BuiltHooks {
	home: string;
	install(choice: { agent: string; scope: string }, vault: string): Promise<HookOutcome>;
	check(agent: string, vault: string): Promise<HookOutcome>;
	remove(choice: object, vault: string): Promise<HookOutcome>;
}

/** Texts that only the agent commands' code contains (install's node warning, doctor's verdicts). */
const AGENT_COMMAND_TEXTS = ['Run install again from a terminal where', 'Nothing failed, but see WARN above', 'Problems found; see FAIL above.'];

function count(haystack: string, needle: string): number {
	return haystack.split(needle).length - 1;
}

let started: StartedBuilt | null = null;
let home: string | null = null;
afterEach(async () => {
	await stopBuilt(started);
	started = null;
	if (home !== null) fs.rmSync(home, { recursive: true, force: true, maxRetries: 30 });
	home = null;
});

describe.skipIf(!HAVE_BUILD)('the agent commands in the built plugin', () => {
	it('main.js holds their code once: inside the embedded bridge (compressed), not compiled a second time', () => {
		const main = fs.readFileSync(BUILT_MAIN, 'utf8');
		const bridge = fs.readFileSync(BUILT_BRIDGE, 'utf8');
		// The embedded files are gzip as base64 in comments (esbuild.config.mjs), starting with gzip's magic bytes.
		const embedded = [...main.matchAll(/=>\/\*(H4sI[A-Za-z0-9+/=]+)\*\/0/g)].map((m) => gunzipSync(Buffer.from(m[1] ?? '', 'base64')).toString('utf8'));
		expect(embedded).toEqual([bridge, fs.readFileSync(BUILT_BRIDGE.replace(/\.cjs$/, '.mcp.cjs'), 'utf8')]);
		for (const text of AGENT_COMMAND_TEXTS) {
			expect(count(bridge, text), text).toBe(1);
			expect(count(main, text), text).toBe(0);
		}
	});

	it('install, doctor and uninstall run from the embedded bridge, and install writes that same bridge', async () => {
		started = await startBuilt(copyExampleVault());
		home = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-built-home-'));
		const hooks = (started.internals.desktop as unknown as { hooks: BuiltHooks }).hooks;
		hooks.home = home;
		const installed = await hooks.install({ agent: 'claude-code', scope: 'project' }, started.base);
		expect(installed.ok, installed.text).toBe(true);
		expect(fs.readFileSync(path.join(started.base, '.claude', 'hooks', 'session-brief.bridge.cjs'), 'utf8')).toBe(fs.readFileSync(BUILT_BRIDGE, 'utf8'));
		const settings = fs.readFileSync(path.join(started.base, '.claude', 'settings.json'), 'utf8');
		expect(settings).toContain('session-start');
		const report = await hooks.check('claude-code', started.base);
		expect(report.text).toMatch(/^(No problem found\.|Nothing failed, but see WARN above)/m);
		const removed = await hooks.remove({}, started.base);
		expect(removed.ok, removed.text).toBe(true);
		expect(fs.existsSync(path.join(started.base, '.claude', 'hooks', 'session-brief.bridge.cjs'))).toBe(false);
	});
});

describe.skipIf(!HAVE_BUILD)('loading the bridge as a library', () => {
	it('runs no command: nothing written, no exit code set, the agent commands returned', async () => {
		const writes: string[] = [];
		const write = process.stdout.write.bind(process.stdout);
		const errWrite = process.stderr.write.bind(process.stderr);
		const exitCode = process.exitCode;
		process.stdout.write = (chunk: string | Uint8Array): boolean => (writes.push(String(chunk)), true);
		process.stderr.write = (chunk: string | Uint8Array): boolean => (writes.push(String(chunk)), true);
		try {
			const lib = await loadAgentLibrary(fs.readFileSync(BUILT_BRIDGE, 'utf8'), path.join(os.tmpdir(), 'session-brief.cjs'));
			await new Promise((r) => setTimeout(r, 50));
			expect(writes).toEqual([]);
			expect(process.exitCode).toBe(exitCode);
			expect(lib.scopesOf('claude-code')).toEqual(['project', 'local', 'user']);
			expect(lib.exit.ok).toBe(0);
			expect(typeof lib.install).toBe('function');
		} finally {
			process.stdout.write = write;
			process.stderr.write = errWrite;
		}
	});

	it('a text that exports no agent library is refused with what to do', async () => {
		await expect(loadAgentLibrary('#!/usr/bin/env node\nmodule.exports = {};\n', path.join(os.tmpdir(), 'x.cjs'))).rejects.toThrow(/exports no agent library; rebuild the plugin/);
	});
});
