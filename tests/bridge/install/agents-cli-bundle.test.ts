/** install, doctor and uninstall through the built bundle, as a user runs them from a terminal. */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BUNDLE, run } from '../../helpers/bridge';

const vault = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-cli-'));
const home = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-home-'));
fs.mkdirSync(path.join(vault, '.obsidian'));
fs.mkdirSync(path.join(vault, '.claude'));
const settings = path.join(vault, '.claude', 'settings.json');
const original = '{\n\t"permissions": { "allow": ["Read"] }\n}\n';
fs.writeFileSync(settings, original);
afterAll(() => {
	fs.rmSync(vault, { recursive: true, force: true, maxRetries: 30 });
	fs.rmSync(home, { recursive: true, force: true, maxRetries: 30 });
});

const env = { ...process.env, HOME: home, USERPROFILE: home };

describe('agent commands from the built bundle', () => {
	it('install registers the hooks and keeps the operator keys', () => {
		const r = run(BUNDLE, ['install', '--vault', vault], '', { env });
		expect(r.stderr).toBe('');
		expect(r.status).toBe(0);
		const json = JSON.parse(fs.readFileSync(settings, 'utf8')) as { permissions: unknown; hooks: Record<string, unknown> };
		expect(json.permissions).toEqual({ allow: ['Read'] });
		expect(Object.keys(json.hooks).sort()).toEqual(['PostToolUse', 'PreToolUse', 'SessionEnd', 'SessionStart', 'Stop']);
		expect(fs.existsSync(path.join(vault, '.claude', 'hooks', 'session-brief.cjs'))).toBe(true);
	});
	it('doctor runs the registered hook and finds no problem', () => {
		const r = run(BUNDLE, ['doctor', '--vault', vault], '', { env });
		expect(r.status).toBe(0);
		expect(r.stdout.toString()).toContain('No problem found.');
	});
	it('uninstall restores the original bytes', () => {
		const r = run(BUNDLE, ['uninstall', '--vault', vault], '', { env });
		expect(r.status).toBe(0);
		expect(fs.readFileSync(settings, 'utf8')).toBe(original);
		expect(fs.existsSync(path.join(vault, '.claude', 'hooks', 'session-brief.cjs'))).toBe(false);
	});
});
