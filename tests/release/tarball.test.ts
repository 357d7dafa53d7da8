/**
 * The release flow a user follows with the npm tarball: `npm pack`, `npm install` of the tarball in
 * an empty folder (offline: the package has no dependencies), then `npx session-brief install`
 * with --vault and from inside the vault without it, `doctor` (ok, its commands named as run),
 * `uninstall`, and the vault is byte for byte as before. Long (a pack and an install): runs with
 * SESSION_BRIEF_LONG=1 (`npm run test:full`).
 *
 * Packed with `--ignore-scripts`, like npm-package.test.ts: the build is current, and a `prepack`
 * rebuilding bridge/dist/ while other suites run it would race them.
 */
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { copyExampleVault } from '../../scripts/example-vault.mjs';
import { REPO } from '../helpers/bridge';
import { LONG } from '../helpers/random';

const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const NPX = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const pkg = JSON.parse(fs.readFileSync(path.join(REPO, 'package.json'), 'utf8')) as { version: string };

const made: string[] = [];
afterAll(() => {
	for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true, maxRetries: 30 });
});
function temp(prefix: string): string {
	const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), prefix)));
	made.push(dir);
	return dir;
}

/** A user's shell: none of the outer npm's variables, a home of its own, the registry out of reach. */
function userEnv(home: string, state: string): NodeJS.ProcessEnv {
	const env: NodeJS.ProcessEnv = {};
	for (const [k, v] of Object.entries(process.env)) if (!/^(npm_|VITEST|NODE_OPTIONS$)/i.test(k)) env[k] = v;
	// Port 9 (discard) has no listener: any download fails instead of happening.
	return { ...env, HOME: home, USERPROFILE: home, SESSION_BRIEF_STATE_DIR: state, npm_config_cache: path.join(home, '.npm'), npm_config_registry: 'http://127.0.0.1:9/', npm_config_offline: 'true', npm_config_update_notifier: 'false', npm_config_audit: 'false', npm_config_fund: 'false' };
}

/** Every file and folder under `root` with its bytes (folders as null). */
function snapshot(root: string): Record<string, string | null> {
	const out: Record<string, string | null> = {};
	const walk = (dir: string): void => {
		for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
			const abs = path.join(dir, e.name);
			out[path.relative(root, abs)] = e.isDirectory() ? null : fs.readFileSync(abs).toString('base64');
			if (e.isDirectory()) walk(abs);
		}
	};
	walk(root);
	return out;
}

function shown(r: SpawnSyncReturns<string>): string {
	return `${r.stdout}\n${r.stderr}`;
}

describe.skipIf(!LONG)('the npm tarball, as a user installs it', () => {
	it(
		'npm pack, npm install in an empty folder, npx session-brief install / doctor / uninstall, the vault as before',
		() => {
			const home = temp('sb-tar-home-');
			const env = userEnv(home, temp('sb-tar-state-'));
			const out = temp('sb-tar-pack-');
			const packed = spawnSync(NPM, ['pack', '--ignore-scripts', '--pack-destination', out], { cwd: REPO, env, encoding: 'utf8', timeout: 120_000 });
			expect(packed.status, shown(packed)).toBe(0);
			const tarball = path.join(out, `session-brief-${pkg.version}.tgz`);
			expect(fs.existsSync(tarball)).toBe(true);

			// The user's folder: the package installed from the tarball, a vault inside it.
			const folder = temp('sb-tar-user-');
			const installed = spawnSync(NPM, ['install', '--offline', '--no-audit', '--no-fund', tarball], { cwd: folder, env, encoding: 'utf8', timeout: 120_000 });
			expect(installed.status, shown(installed)).toBe(0);
			expect(fs.existsSync(path.join(folder, 'node_modules', '.bin', process.platform === 'win32' ? 'session-brief.cmd' : 'session-brief'))).toBe(true);
			const vault = copyExampleVault(path.join(folder, 'My Vault'));
			const before = snapshot(vault);
			const npx = (cwd: string, args: string[]): SpawnSyncReturns<string> => spawnSync(NPX, ['session-brief', ...args], { cwd, env, encoding: 'utf8', timeout: 120_000 });

			// With --vault, from the folder the package is installed in.
			const withFlag = npx(folder, ['install', '--vault', vault]);
			expect(withFlag.status, shown(withFlag)).toBe(0);
			expect(fs.existsSync(path.join(vault, '.claude', 'hooks', 'session-brief.cjs'))).toBe(true);
			const doctor = npx(folder, ['doctor', '--vault', vault]);
			expect(doctor.status, shown(doctor)).toBe(0);
			expect(doctor.stdout).toContain('No problem found.');
			const removed = npx(folder, ['uninstall', '--vault', vault]);
			expect(removed.status, shown(removed)).toBe(0);
			expect(snapshot(vault)).toEqual(before);

			// From a folder inside the vault, without --vault.
			const inside = path.join(vault, fs.readdirSync(vault, { withFileTypes: true }).find((e) => e.isDirectory() && !e.name.startsWith('.'))?.name ?? '.');
			const again = npx(inside, ['install']);
			expect(again.status, shown(again)).toBe(0);
			expect(again.stdout).toContain(path.join(vault, '.claude', 'hooks', 'session-brief.cjs'));
			const help = npx(inside, ['install', '--help']);
			expect(help.stdout.split('\n')[0]).toMatch(/^Usage: npx session-brief install /);
			const doctorInside = npx(inside, ['doctor']);
			expect(doctorInside.status, shown(doctorInside)).toBe(0);
			expect(doctorInside.stdout).toContain(`vault ${vault}`);
			const removedInside = npx(inside, ['uninstall']);
			expect(removedInside.status, shown(removedInside)).toBe(0);
			expect(snapshot(vault)).toEqual(before);
		},
		240_000,
	);
});
