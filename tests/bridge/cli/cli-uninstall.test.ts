/**
 * uninstall removes what the CLI wrote or names what stays: after install, doctor, check and report
 * the vault is byte for byte as before; the Obsidian plugin's folder stays untouched and is named;
 * a review trail stays and is named with why.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUNDLE, run } from '../../helpers/bridge';

/** Every file and folder under `root` with its bytes (folders as null). */
function snapshot(root: string): Record<string, string | null> {
	const out: Record<string, string | null> = {};
	const walk = (dir: string): void => {
		for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
			const abs = path.join(dir, e.name);
			const rel = path.relative(root, abs);
			if (e.isDirectory()) {
				out[rel] = null;
				walk(abs);
			} else out[rel] = fs.readFileSync(abs).toString('base64');
		}
	};
	walk(root);
	return out;
}

function setup(files: Record<string, string> = {}): { vault: string; env: NodeJS.ProcessEnv; state: string } {
	const base = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'sb-uninstall-')));
	const vault = path.join(base, 'vault');
	const all = { '.obsidian/app.json': '{}\n', 'Notes/a.md': '# A\n\nSee [[b]].\n', 'CLAUDE.md': '# Rules\n', ...files };
	for (const [rel, text] of Object.entries(all)) {
		fs.mkdirSync(path.dirname(path.join(vault, rel)), { recursive: true });
		fs.writeFileSync(path.join(vault, rel), text);
	}
	const home = path.join(base, 'home');
	const state = path.join(base, 'state');
	fs.mkdirSync(home);
	return { vault, state, env: { ...process.env, HOME: home, USERPROFILE: home, SESSION_BRIEF_STATE_DIR: state } };
}

function useTheCli(vault: string, env: NodeJS.ProcessEnv): void {
	expect(run(BUNDLE, ['install', '--vault', vault], '', { env }).status).toBe(0);
	expect(run(BUNDLE, ['doctor', '--vault', vault], '', { env, timeout: 60_000 }).status).toBe(0);
	expect(run(BUNDLE, ['check', '--vault', vault], '', { env }).status).toBe(0);
	expect(run(BUNDLE, ['report', '--vault', vault], '', { env }).status).toBe(0);
}

describe('uninstall', () => {
	it(
		'after install, doctor, check and report gives the vault back byte for byte, and the per-user install record goes',
		() => {
			const { vault, env, state } = setup();
			const before = snapshot(vault);
			useTheCli(vault, env);
			expect(fs.readdirSync(state).some((n) => n.startsWith('installed-hooks-'))).toBe(true);
			const r = run(BUNDLE, ['uninstall', '--vault', vault], '', { env });
			expect(r.status).toBe(0);
			expect(String(r.stdout)).toMatch(/Removed the caches the bridge kept in .*plugins.session-brief \(brief-cache\.json, brief-index\.json, last-check\.json, last-check-summary\.json\)/);
			expect(snapshot(vault)).toEqual(before);
			expect(fs.readdirSync(state).filter((n) => n.startsWith('installed-hooks-'))).toEqual([]);
		},
		120_000,
	);

	it(
		"leaves the Obsidian plugin's folder as it is and says so",
		() => {
			const plugin = '.obsidian/plugins/session-brief';
			const { vault, env } = setup({ [`${plugin}/main.js`]: '// plugin\n', [`${plugin}/manifest.json`]: '{"id":"session-brief"}\n' });
			useTheCli(vault, env);
			const pluginFolder = snapshot(path.join(vault, plugin));
			const r = run(BUNDLE, ['uninstall', '--vault', vault], '', { env });
			expect(r.status).toBe(0);
			expect(String(r.stdout)).toContain(`Kept ${path.join(vault, plugin)}: it is the Obsidian plugin's folder`);
			expect(snapshot(path.join(vault, plugin))).toEqual(pluginFolder);
		},
		120_000,
	);

	it(
		'removes the caches but keeps a review trail, naming each file and why',
		() => {
			const plugin = '.obsidian/plugins/session-brief';
			const { vault, env } = setup();
			useTheCli(vault, env);
			fs.writeFileSync(path.join(vault, plugin, 'agent-changes.jsonl'), '');
			const r = run(BUNDLE, ['uninstall', '--vault', vault], '', { env });
			expect(r.status).toBe(0);
			expect(String(r.stdout)).toMatch(/Kept in .*session-brief: agent-changes\.jsonl \(the agent changes journal\); not caches but the plugin's settings or the review trail of what agents changed/);
			expect(fs.readdirSync(path.join(vault, plugin))).toEqual(['agent-changes.jsonl']);
		},
		120_000,
	);
});
