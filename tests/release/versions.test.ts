/** Every place that holds the version agrees, and `npm version`'s bump script keeps it so. */
import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { probeMcpServer } from '../../src/node/hosts/doctor/doctor-mcp';
import { BUNDLE, REPO } from '../helpers/bridge';
import { TOOLS } from '../helpers/registries';

const read = (file: string): Record<string, unknown> => JSON.parse(fs.readFileSync(path.join(REPO, file), 'utf8')) as Record<string, unknown>;

describe('versions', () => {
	const pkg = read('package.json');
	const manifest = read('manifest.json');
	const versions = read('versions.json');

	it('package.json, manifest.json, versions.json and the built bridge agree', () => {
		expect(manifest.version).toBe(pkg.version);
		expect(versions[pkg.version as string]).toBe(manifest.minAppVersion);
		expect(execFileSync(process.execPath, [BUNDLE, '--version'], { encoding: 'utf8' }).trim()).toBe(pkg.version);
	});

	it('the bump script run by npm version updates manifest.json and versions.json', () => {
		const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-bump-'));
		for (const f of ['manifest.json', 'versions.json', 'claude-plugin/.claude-plugin/plugin.json', 'claude-plugin/.codex-plugin/plugin.json', '.claude-plugin/marketplace.json']) {
			fs.mkdirSync(path.dirname(path.join(dir, f)), { recursive: true });
			fs.copyFileSync(path.join(REPO, f), path.join(dir, f));
		}
		const r = spawnSync(process.execPath, [path.join(REPO, 'scripts', 'version-bump.mjs')], {
			cwd: dir,
			env: { ...process.env, npm_package_version: '9.8.7' },
			encoding: 'utf8',
		});
		expect(r.status).toBe(0);
		const bumped = JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as Record<string, unknown>;
		const bumpedVersions = JSON.parse(fs.readFileSync(path.join(dir, 'versions.json'), 'utf8')) as Record<string, unknown>;
		expect(bumped.version).toBe('9.8.7');
		expect(bumped.minAppVersion).toBe(manifest.minAppVersion);
		expect(bumpedVersions['9.8.7']).toBe(manifest.minAppVersion);
		expect(bumpedVersions[pkg.version as string]).toBe(manifest.minAppVersion);
		// The Claude Code plugin's manifest and its marketplace entry.
		for (const f of ['claude-plugin/.claude-plugin/plugin.json', 'claude-plugin/.codex-plugin/plugin.json']) expect((JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as { version: string }).version, f).toBe('9.8.7');
		expect((JSON.parse(fs.readFileSync(path.join(dir, '.claude-plugin/marketplace.json'), 'utf8')) as { plugins: { version: string }[] }).plugins.map((p) => p.version)).toEqual(['9.8.7']);
	});

	it('the release script refuses a tag that is not the bare version', () => {
		const r = spawnSync(process.execPath, [path.join(REPO, 'scripts', 'release-assets.mjs')], {
			cwd: REPO,
			env: { ...process.env, RELEASE_TAG: `v${pkg.version as string}` },
			encoding: 'utf8',
		});
		expect(r.status).toBe(1);
		expect(r.stderr).toContain('is not the version');
	});

	it('the release assets are the plugin files, the bridge and its MCP server file, which work together from there', async () => {
		const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sb-release-')), 'assets');
		const r = spawnSync(process.execPath, [path.join(REPO, 'scripts', 'release-assets.mjs'), '--out', out], { cwd: REPO, env: { ...process.env, RELEASE_TAG: '' }, encoding: 'utf8' });
		expect(r.status, r.stderr).toBe(0);
		expect(fs.readdirSync(out).sort()).toEqual(['main.js', 'manifest.json', 'session-brief.cjs', 'session-brief.mcp.cjs', 'styles.css']);
		const vault = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-release-vault-'));
		fs.mkdirSync(path.join(vault, '.obsidian'));
		const probe = await probeMcpServer(process.execPath, [path.join(out, 'session-brief.cjs'), 'mcp', '--vault', vault], vault, process.env, 20_000);
		expect(probe).toEqual({ tools: TOOLS, problem: null, lingered: false });
		// The release's bridge installs the server file beside itself.
		const home = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-release-home-'));
		const installed = spawnSync(process.execPath, [path.join(out, 'session-brief.cjs'), 'install', '--vault', vault], { env: { ...process.env, HOME: home }, encoding: 'utf8' });
		expect(installed.status, installed.stderr).toBe(0);
		expect(fs.readFileSync(path.join(vault, '.claude', 'hooks', 'session-brief.mcp.cjs')).equals(fs.readFileSync(path.join(out, 'session-brief.mcp.cjs')))).toBe(true);
		for (const d of [path.dirname(out), vault, home]) fs.rmSync(d, { recursive: true, force: true, maxRetries: 30 });
	});

	it('install from a bridge without its MCP server file installs the hooks and says what is missing', () => {
		const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-lone-bridge-'));
		fs.copyFileSync(BUNDLE, path.join(dir, 'session-brief.cjs'));
		const vault = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-lone-vault-'));
		fs.mkdirSync(path.join(vault, '.obsidian'));
		const home = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-lone-home-'));
		const r = spawnSync(process.execPath, [path.join(dir, 'session-brief.cjs'), 'install', '--vault', vault], { env: { ...process.env, HOME: home }, encoding: 'utf8' });
		expect(r.status, r.stderr).toBe(0);
		expect(r.stderr).toMatch(/warning: The MCP server file \(session-brief\.mcp\.cjs\) is not beside the bridge that ran install\. Put the session-brief\.mcp\.cjs of the same release beside the bridge file and run install again\. The hooks are installed; the MCP server is not\./);
		expect(fs.existsSync(path.join(vault, '.claude', 'settings.json'))).toBe(true);
		expect(fs.existsSync(path.join(vault, '.mcp.json'))).toBe(false);
		expect(fs.existsSync(path.join(vault, '.claude', 'hooks', 'session-brief.mcp.cjs'))).toBe(false);
		for (const d of [dir, vault, home]) fs.rmSync(d, { recursive: true, force: true, maxRetries: 30 });
	});
});
