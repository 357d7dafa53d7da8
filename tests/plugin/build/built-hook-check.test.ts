/**
 * The BUILT plugin as a reviewer reads it and as a user checks hooks with it: main.js holds no
 * compressed or encoded code, compiles nothing at run time and carries none of the hook files; the
 * hooks come from the built bridge's own `install` (a child process, as `npx session-brief install`
 * runs it), and the plugin's *Check* (doctor compiled into main.js, comparing hashes the build
 * computed) says they are current, and fails once one byte of an installed file changes.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BUILT_BRIDGE, BUILT_MAIN, copyExampleVault, ROOT, startBuilt, stopBuilt, type StartedBuilt } from './load-built';

const HAVE_BUILD = fs.existsSync(BUILT_MAIN) && fs.existsSync(BUILT_BRIDGE);
if (!HAVE_BUILD) console.warn('built-hook-check.test.ts SKIPPED: main.js or the built bridge is missing; run `npm run build` (`npm test` does).');

interface Check {
	id: string;
	status: string;
	message: string;
}
interface BuiltHooks {
	home: string;
	check(agent: string, vault: string): Promise<{ ok: boolean; text: string; report: { checks: Check[] } }>;
}

let started: StartedBuilt | null = null;
let home: string | null = null;
afterEach(async () => {
	await stopBuilt(started);
	started = null;
	if (home !== null) fs.rmSync(home, { recursive: true, force: true, maxRetries: 30 });
	home = null;
});

/** main.js without its licence footer, which quotes the bundled libraries' licence texts. */
function code(): string {
	const text = fs.readFileSync(BUILT_MAIN, 'utf8');
	const footer = text.lastIndexOf('/*\nLicenses of the packages bundled into this file');
	expect(footer).toBeGreaterThan(0);
	return text.slice(0, footer);
}

describe.skipIf(!HAVE_BUILD)('main.js as a reviewer reads it', () => {
	it('holds no base64 or gzip blob', () => {
		const main = fs.readFileSync(BUILT_MAIN, 'utf8');
		// gzip's magic bytes in base64.
		expect(main).not.toContain('H4sI');
		const runs = main.match(/[A-Za-z0-9+/=]{200,}/g) ?? [];
		expect(runs.map((r) => `${r.slice(0, 40)}… (${r.length})`)).toEqual([]);
	});

	it('compiles nothing at run time: no vm, no eval, no Function constructor', () => {
		const main = code();
		expect(main).not.toMatch(/require\(\s*["'](node:)?vm["']\s*\)/);
		expect(main).not.toMatch(/\beval\s*\(/);
		expect(main).not.toMatch(/\bFunction\s*\(/);
		expect(main).not.toContain('compileFunction');
		expect(main).not.toContain('runInThisContext');
	});

	it('carries none of the hook files: not the hook entry, not install, not the bridge\'s command line', () => {
		const main = fs.readFileSync(BUILT_MAIN, 'utf8');
		const entry = fs.readFileSync(path.join(ROOT, 'src', 'node', 'hosts', 'hook-files', 'hook-entry.cjs'), 'utf8');
		const bridge = fs.readFileSync(BUILT_BRIDGE, 'utf8');
		// The hook entry's names for the bridge it loads, and texts of install and the CLI's usage.
		const markers = ['sessionBriefLoadBridge', 'sessionBriefLibrary', 'Run install again from a terminal where', 'Copy the hooks into the vault and register them with the agent'];
		for (const m of markers) {
			expect(entry.includes(m) || bridge.includes(m), m).toBe(true);
			expect(main.includes(m), m).toBe(false);
		}
		// The hashes doctor compares the installed files with, computed by the build from the files themselves.
		expect(main).toContain(sha256(bridge));
		expect(main).toContain(sha256(entry));
	});
});

function sha256(text: string): string {
	return createHash('sha256').update(text).digest('hex');
}

/** The built bridge's `install`, as a user runs it in a terminal. */
function install(vault: string, userHome: string): void {
	const r = spawnSync(process.execPath, [BUILT_BRIDGE, 'install', '--vault', vault, '--agent', 'claude-code', '--scope', 'project'], { env: { ...process.env, HOME: userHome }, encoding: 'utf8', timeout: 60_000 });
	expect(r.status, r.stderr).toBe(0);
}

function flipLastByte(file: string): void {
	const bytes = fs.readFileSync(file);
	bytes.writeUInt8(bytes.readUInt8(bytes.length - 2) ^ 1, bytes.length - 2);
	fs.writeFileSync(file, bytes);
}

describe.skipIf(!HAVE_BUILD || process.platform === 'win32')('the built plugin checks what the built bridge installed', () => {
	it('current after install; a changed byte in the bridge, the MCP server file or the hook entry fails the check', async () => {
		const vault = copyExampleVault();
		home = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-built-home-'));
		install(vault, home);
		started = await startBuilt(vault);
		const hooks = (started.internals.desktop as unknown as { hooks: BuiltHooks }).hooks;
		hooks.home = home;
		const script = (checks: Check[]) => checks.find((c) => c.id === 'script');

		const ok = await hooks.check('claude-code', vault);
		expect(ok.ok, ok.text).toBe(true);
		expect(script(ok.report.checks)?.status).toBe('ok');
		expect(ok.report.checks.find((c) => c.id === 'mcp-file')).toBeUndefined();

		const hooksDir = path.join(vault, '.claude', 'hooks');
		const bridge = path.join(hooksDir, 'session-brief.bridge.cjs');
		const original = fs.readFileSync(bridge);
		flipLastByte(bridge);
		const changedBridge = await hooks.check('claude-code', vault);
		expect(changedBridge.ok).toBe(false);
		expect(script(changedBridge.report.checks)?.message).toContain('differs from this bridge');
		fs.writeFileSync(bridge, original);

		const mcp = path.join(hooksDir, 'session-brief.mcp.cjs');
		flipLastByte(mcp);
		const changedMcp = await hooks.check('claude-code', vault);
		expect(changedMcp.ok).toBe(false);
		expect(changedMcp.report.checks.find((c) => c.id === 'mcp-file')?.message).toContain('differs from the MCP server file of this bridge');

		flipLastByte(path.join(hooksDir, 'session-brief.cjs'));
		const changedEntry = await hooks.check('claude-code', vault);
		expect(script(changedEntry.report.checks)?.message).toContain('is not the hook entry of this version');
	}, 180_000);
});
