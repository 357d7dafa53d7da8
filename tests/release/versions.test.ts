/** Every place that holds the version agrees, and `npm version`'s bump script keeps it so. */
import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUNDLE, REPO } from '../helpers/bridge';

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
		for (const f of ['manifest.json', 'versions.json']) fs.copyFileSync(path.join(REPO, f), path.join(dir, f));
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
});
