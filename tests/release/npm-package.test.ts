/**
 * The npm package of the bridge: `npm pack` gives a tarball holding the bridge and its MCP server
 * file and nothing of the development tree, and in an empty folder `npx --yes ./session-brief-<v>.tgz
 * install --vault V`, then `doctor`, work with the registry out of reach and an empty npm cache:
 * the package has no dependencies, so there is nothing to download.
 *
 * The tarball is packed with `--ignore-scripts`: `npm test` has just built bridge/dist/, and the
 * package's `prepack` (a build) rewriting it while other suites run it would race them. That
 * `prepack` builds is checked on its own.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { copyExampleVault } from '../../scripts/example-vault.mjs';
import { REPO } from '../helpers/bridge';

const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const NPX = process.platform === 'win32' ? 'npx.cmd' : 'npx';

interface PackageJson {
	name: string;
	version: string;
	bin?: Record<string, string>;
	files?: string[];
	private?: boolean;
	dependencies?: Record<string, string>;
	scripts: Record<string, string>;
}
const pkg = JSON.parse(fs.readFileSync(path.join(REPO, 'package.json'), 'utf8')) as PackageJson;
const manifest = JSON.parse(fs.readFileSync(path.join(REPO, 'manifest.json'), 'utf8')) as { version: string };

const made: string[] = [];
afterAll(() => {
	for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true, maxRetries: 30 });
});
function temp(prefix: string): string {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
	made.push(dir);
	return dir;
}

/** A user's shell: none of the outer npm's variables, a home of its own, the registry out of reach. */
function offlineEnv(home: string): NodeJS.ProcessEnv {
	const env: NodeJS.ProcessEnv = {};
	for (const [k, v] of Object.entries(process.env)) if (!/^(npm_|VITEST|NODE_OPTIONS$)/i.test(k)) env[k] = v;
	// Port 9 (discard) has no listener here: any download fails instead of happening.
	return { ...env, HOME: home, USERPROFILE: home, npm_config_cache: path.join(home, '.npm'), npm_config_registry: 'http://127.0.0.1:9/', npm_config_offline: 'true', npm_config_update_notifier: 'false', npm_config_audit: 'false', npm_config_fund: 'false' };
}

describe('the npm package', () => {
	it('runs the bridge as its command, ships only the bridge files, keeps the version of manifest.json, and builds before packing', () => {
		expect(pkg.name).toBe('session-brief');
		expect(pkg.private).toBeUndefined();
		expect(pkg.version).toBe(manifest.version);
		expect(pkg.bin).toEqual({ 'session-brief': 'bridge/dist/session-brief.cjs' });
		expect(pkg.files).toEqual(['bridge/dist/session-brief.cjs', 'bridge/dist/session-brief.mcp.cjs']);
		expect(pkg.dependencies ?? {}).toEqual({});
		expect(pkg.scripts.prepack).toBe('npm run build');
		// A bin needs its interpreter line.
		expect(fs.readFileSync(path.join(REPO, 'bridge', 'dist', 'session-brief.cjs'), 'utf8').startsWith('#!/usr/bin/env node\n')).toBe(true);
	});

	it('npx --yes ./session-brief-<v>.tgz install, then doctor, work in an empty folder with no download', () => {
		const out = temp('sb-pack-');
		const packed = spawnSync(NPM, ['pack', '--ignore-scripts', '--json', '--pack-destination', out], { cwd: REPO, env: offlineEnv(temp('sb-pack-home-')), encoding: 'utf8' });
		expect(packed.status, packed.stderr).toBe(0);
		const [info] = JSON.parse(packed.stdout) as { filename: string; files: { path: string }[] }[];
		expect(info?.filename).toBe(`session-brief-${pkg.version}.tgz`);
		expect(info?.files.map((f) => f.path).sort()).toEqual(['LICENSE', 'README.md', 'bridge/dist/session-brief.cjs', 'bridge/dist/session-brief.mcp.cjs', 'package.json']);

		const empty = temp('sb-npx-');
		const tarball = `session-brief-${pkg.version}.tgz`;
		fs.copyFileSync(path.join(out, tarball), path.join(empty, tarball));
		const vault = copyExampleVault(path.join(temp('sb-npx-vault-'), 'vault'));
		const env = offlineEnv(temp('sb-npx-home-'));
		const npx = (args: string[]) => spawnSync(NPX, ['--yes', `./${tarball}`, ...args], { cwd: empty, env, encoding: 'utf8', timeout: 120_000 });

		const installed = npx(['install', '--vault', vault]);
		expect(installed.status, `${installed.stdout}\n${installed.stderr}`).toBe(0);
		expect(installed.stderr).toBe('');
		expect(installed.stdout).toContain(`Copied the MCP server file to ${path.join(vault, '.claude', 'hooks', 'session-brief.mcp.cjs')}`);
		for (const f of ['session-brief.cjs', 'session-brief.bridge.cjs', 'session-brief.start.cjs', 'session-brief.edit.cjs', 'session-brief.mcp.cjs']) expect(fs.existsSync(path.join(vault, '.claude', 'hooks', f)), f).toBe(true);

		const doctor = npx(['doctor', '--vault', vault]);
		expect(doctor.status, `${doctor.stdout}\n${doctor.stderr}`).toBe(0);
		expect(doctor.stdout).toContain('No problem found.');
		expect(doctor.stdout).toContain('started and lists its tools');

		// npx leaves nothing in the folder it ran in.
		expect(fs.readdirSync(empty)).toEqual([tarball]);
	}, 240_000);
});
