/**
 * Hooks removed behind uninstall's back, in the sidebar (src/plugin/sidebar/hooks-removed-notice.ts):
 * the built bridge installs into the vault, and an agent rewrites `.claude/settings.json` without
 * our hooks. The record of what install registered lies in the per-user folder, which the agent
 * cannot reach, so the sidebar names the file and the hooks; an uninstall leaves nothing to name.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { HANG_MS } from '../../helpers/patience';
import type { HooksRemoved } from '../../../src/plugin/hosts/hooks-removed';
import { BUNDLE } from '../../helpers/bridge';
import { FIXTURE } from '../fixture';
import { openReviewView, settle, type Started, startPlugin, stopPlugin, tempVault } from '../harness';

let started: Started | null = null;
afterEach(async () => {
	await stopPlugin(started);
	started = null;
});

function bridge(vault: string, command: string): void {
	const r = spawnSync(process.execPath, [BUNDLE, command, '--vault', vault], { env: { ...process.env, HOME: vault }, encoding: 'utf8', timeout: HANG_MS });
	expect(r.status, r.stderr).toBe(0);
}

const watch = (s: Started): HooksRemoved => (s.plugin as unknown as { hooksRemoved: HooksRemoved }).hooksRemoved;

describe('hooks removed by something other than uninstall', () => {
	it('are named in the sidebar with their file and events; put back, or uninstalled, nothing is', async () => {
		const base = tempVault({ ...FIXTURE });
		bridge(base, 'install');
		const settingsFile = path.join(base, '.claude', 'settings.json');
		const installed = fs.readFileSync(settingsFile, 'utf8');
		started = await startPlugin(base);
		const s = started;
		const root = await openReviewView(s);
		const notice = (): HTMLElement | null => root.querySelector('.session-brief-hooks-removed');
		expect(notice()?.hasClass('session-brief-hidden')).toBe(true);

		// The agent rewrites the settings file with its own permissions and none of our hooks.
		fs.writeFileSync(settingsFile, JSON.stringify({ permissions: { allow: ['Bash(*)'] } }, null, 2));
		await watch(s).refresh();
		await settle(s.app);
		expect(notice()?.hasClass('session-brief-hidden')).toBe(false);
		const text = notice()?.textContent ?? '';
		expect(text).toContain(JSON.stringify(settingsFile));
		expect(text).toContain('SessionStart, PostToolUse, PreToolUse, Stop, SessionEnd');
		expect(text).toContain('Claude Code');

		// Only one hook gone: only that one is named.
		const back = JSON.parse(installed) as { hooks: Record<string, unknown> };
		delete back.hooks.PreToolUse;
		fs.writeFileSync(settingsFile, JSON.stringify(back, null, 2));
		await watch(s).refresh();
		await settle(s.app);
		expect(notice()?.textContent).toContain('the PreToolUse hook that');

		fs.writeFileSync(settingsFile, installed);
		await watch(s).refresh();
		await settle(s.app);
		expect(notice()?.hasClass('session-brief-hidden')).toBe(true);

		// Uninstall takes the hooks out and its install out of the record: nothing to warn about.
		bridge(base, 'uninstall');
		await watch(s).refresh();
		await settle(s.app);
		expect(fs.existsSync(settingsFile)).toBe(false);
		expect(notice()?.hasClass('session-brief-hidden')).toBe(true);
	}, 120_000);
});
