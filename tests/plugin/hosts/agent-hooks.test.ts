/**
 * *Install agent hooks*, *Check agent hooks*, *Remove agent hooks* through the
 * commands and dialogs, against a temporary vault folder: the embedded bridge lands in the vault
 * byte for byte, settings.json gets our entries next to the user's own, doctor runs the installed
 * hook, and removal restores the original file.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HANG_MS } from '../../helpers/patience';
import { Modal, Notice } from '../../obsidian-stub/obsidian';
import type { AgentHooks } from '../../../src/plugin/hosts/agent-hooks';
import { startPlugin, stopPlugin, tempVault, type Started } from '../harness';

const BUNDLE = path.resolve(__dirname, '../../../bridge/dist/session-brief.cjs');
const MCP_FILE = path.resolve(__dirname, '../../../bridge/dist/session-brief.mcp.cjs');
const OPERATOR_SETTINGS = '{\n  "permissions": { "allow": ["Bash(ls:*)"] },\n  "hooks": {\n    "SessionStart": [ { "hooks": [ { "type": "command", "command": "echo mine" } ] } ]\n  }\n}\n';

let started: Started | null = null;
let home: string | null = null;
afterEach(async () => {
	await stopPlugin(started);
	started = null;
	if (home !== null) fs.rmSync(home, { recursive: true, force: true, maxRetries: 30 });
	home = null;
});

async function start(files: Record<string, string> = {}, options: { plainAdapter?: boolean } = {}): Promise<Started> {
	const s = await startPlugin(tempVault({ 'Note.md': '# Note\n', ...files }), options);
	home = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-home-'));
	// User-scope files and doctor's look at them stay inside the test.
	(s.plugin as unknown as { desktop: { hooks: AgentHooks } }).desktop.hooks.home = home;
	return s;
}

/** Runs a command and waits for what it shows first: its dialog (once the embedded bridge is loaded) or a notice. */
async function run(s: Started, id: string): Promise<void> {
	const c = s.stub.commands.find((x) => x.id === id);
	if (c?.callback === undefined) throw new Error(`no command ${id}`);
	const modals = Modal.open.length;
	const notices = Notice.shown.length;
	c.callback();
	await vi.waitFor(() => expect(Modal.open.length > modals || Notice.shown.length > notices).toBe(true), { timeout: HANG_MS });
}

function lastModal(): Modal {
	const m = Modal.open[Modal.open.length - 1];
	if (m === undefined) throw new Error('no modal open');
	return m;
}

function select(modal: Modal, index: number, value: string): void {
	const el = modal.contentEl.querySelectorAll('select')[index];
	if (el === undefined) throw new Error(`no dropdown ${index}`);
	el.value = value;
	el.dispatchEvent(new Event('change'));
}

/** Clicks the dialog's button and waits for the report dialog that follows. */
async function submit(modal: Modal): Promise<string> {
	const button = modal.contentEl.querySelector('button');
	if (button === null) throw new Error('no button');
	button.click();
	await vi.waitFor(() => expect(Modal.open.some((m) => m.contentEl.querySelector('pre.session-brief-output') !== null)).toBe(true), { timeout: HANG_MS });
	return lastModal().contentEl.querySelector('pre')?.textContent ?? '';
}

interface Handler {
	type: string;
	command: string;
}
interface Group {
	matcher?: string;
	hooks: Handler[];
}

function settingsOf(base: string, file = '.claude/settings.json'): { hooks: Record<string, Group[]>; permissions?: unknown } {
	return JSON.parse(fs.readFileSync(path.join(base, file), 'utf8')) as { hooks: Record<string, Group[]> };
}

describe('install agent hooks', () => {
	it('copies the embedded bridge into the vault and registers both hooks next to the user\'s own', async () => {
		started = await start({ '.claude/settings.json': OPERATOR_SETTINGS });
		await run(started, 'install-agent-hooks');
		const choice = lastModal();
		expect(choice.titleEl.textContent).toBe('Install agent hooks');
		const text = await submit(choice);
		expect(Notice.shown).toContain('Agent hooks installed for Claude Code.');
		expect(text).toContain('Registered SessionStart, PostToolUse, PreToolUse, Stop and SessionEnd for Claude Code');

		// The hook entry the commands run, and beside it the embedded bridge as built.
		const script = path.join(started.base, '.claude', 'hooks', 'session-brief.cjs');
		expect(fs.readFileSync(path.join(started.base, '.claude', 'hooks', 'session-brief.bridge.cjs')).equals(fs.readFileSync(BUNDLE))).toBe(true);
		expect(fs.readFileSync(script, 'utf8')).toContain("path.join(__dirname, 'session-brief.bridge.cjs')");
		// The MCP server file as built, and its registration in the vault's .mcp.json.
		expect(fs.readFileSync(path.join(started.base, '.claude', 'hooks', 'session-brief.mcp.cjs')).equals(fs.readFileSync(MCP_FILE))).toBe(true);
		const mcp = JSON.parse(fs.readFileSync(path.join(started.base, '.mcp.json'), 'utf8')) as { mcpServers: Record<string, { args: string[] }> };
		expect(mcp.mcpServers['session-brief']?.args).toEqual([script, 'mcp']);
		const settings = settingsOf(started.base);
		expect(settings.permissions).toEqual({ allow: ['Bash(ls:*)'] });
		const session = settings.hooks.SessionStart ?? [];
		expect(session.flatMap((g) => g.hooks.map((h) => h.command))).toContain('echo mine');
		const ours = session.flatMap((g) => g.hooks).find((h) => h.command.includes('session-brief.cjs'));
		expect(ours?.command).toContain('session-start');
		// The interpreter is an absolute node found on disk, never Obsidian's own executable.
		expect(ours?.command).toMatch(/^"?\//);
		expect(ours?.command).toMatch(/node"? /);
		const post = settings.hooks.PostToolUse?.[0];
		expect(post?.matcher).toBe('Edit|Write|MultiEdit|NotebookEdit');
		expect(post?.hooks[0]?.command).toContain('post-tool-use');
		// The config folder Obsidian uses is recorded for the bridge.
		const manifest = JSON.parse(fs.readFileSync(path.join(started.base, '.claude', 'hooks', 'session-brief.json'), 'utf8')) as { configDir?: string };
		expect(manifest.configDir).toBe('.obsidian');
	});

	it('is idempotent: a second install changes nothing', async () => {
		started = await start();
		await run(started, 'install-agent-hooks');
		await submit(lastModal());
		const before = fs.readFileSync(path.join(started.base, '.claude', 'settings.json'), 'utf8');
		Modal.open = [];
		await run(started, 'install-agent-hooks');
		const text = await submit(lastModal());
		expect(text).toContain('already has the Claude Code hooks; left unchanged');
		expect(fs.readFileSync(path.join(started.base, '.claude', 'settings.json'), 'utf8')).toBe(before);
	});

	it('installs for another agent chosen in the dialog, in that agent\'s own file', async () => {
		started = await start();
		await run(started, 'install-agent-hooks');
		const choice = lastModal();
		select(choice, 0, 'gemini');
		expect(Array.from(choice.contentEl.querySelectorAll('select')[1]?.options ?? []).map((o) => o.value)).toEqual(['project', 'user']);
		await submit(choice);
		expect(Notice.shown).toContain('Agent hooks installed for Gemini CLI.');
		const gemini = settingsOf(started.base, '.gemini/settings.json');
		expect(JSON.stringify(gemini.hooks)).toContain('--agent gemini');
		expect(fs.existsSync(path.join(started.base, '.claude', 'settings.json'))).toBe(false);
	});

	it('refuses a settings file it cannot parse and leaves it as it was', async () => {
		started = await start({ '.claude/settings.json': '{ "hooks": [ broken' });
		await run(started, 'install-agent-hooks');
		const text = await submit(lastModal());
		expect(text).toMatch(/^Refused: /m);
		expect(Notice.shown.some((n) => n.startsWith('Agent hooks: Refused:'))).toBe(true);
		expect(fs.readFileSync(path.join(started.base, '.claude', 'settings.json'), 'utf8')).toBe('{ "hooks": [ broken');
	});

	it('says it needs the desktop app where the vault is no folder on disk', async () => {
		started = await start({}, { plainAdapter: true });
		for (const id of ['install-agent-hooks', 'check-agent-hooks', 'remove-agent-hooks']) await run(started, id);
		expect(Modal.open).toEqual([]);
		expect(Notice.shown.filter((n) => n.includes('only be installed on desktop')).length).toBe(3);
		expect(fs.existsSync(path.join(started.base, '.claude'))).toBe(false);
	});
});

describe('check and remove agent hooks', () => {
	it('shows doctor\'s report in a dialog after running the installed hook', async () => {
		started = await start();
		await run(started, 'install-agent-hooks');
		await submit(lastModal());
		Modal.open = [];
		await run(started, 'check-agent-hooks');
		const choice = lastModal();
		// Doctor checks an agent; it has no scope to choose.
		expect(choice.contentEl.querySelectorAll('select').length).toBe(1);
		const text = await submit(choice);
		const doctor = lastModal();
		expect(doctor.titleEl.textContent).toBe('Claude Code: no problem found.');
		// One row per check, each with its status as an icon; the text report behind *Details*.
		const rows = Array.from(doctor.contentEl.querySelectorAll('.session-brief-doctor-check'));
		expect(rows.length).toBeGreaterThan(5);
		const labels = rows.map((r) => `${r.getAttribute('data-status')}:${r.querySelector('.session-brief-doctor-icon')?.getAttribute('aria-label')}`);
		expect(new Set(labels).size).toBeGreaterThan(0);
		for (const l of labels) expect(['ok:OK', 'warn:Warning', 'info:Note']).toContain(l);
		expect(rows.some((r) => r.getAttribute('data-status') === 'fail')).toBe(false);
		expect(doctor.contentEl.querySelector('details > summary')?.textContent).toBe('Details (the report as text)');
		expect(text).toMatch(/^Session Brief doctor: Claude Code, vault /);
		// The MCP server was started once (with node, not inside Obsidian) and listed its tools.
		expect(text).toMatch(/\[ok {2}\] The MCP server \(.* mcp\) started and lists its tools: brief, review_queue, agent_changes, rule_check, mark_reviewed\./);
		expect(text).toContain('No problem found.');
		expect(text).not.toContain('[FAIL]');
	});

	it('reports the missing hooks when nothing is installed', async () => {
		started = await start();
		await run(started, 'check-agent-hooks');
		const text = await submit(lastModal());
		expect(text).toContain('[FAIL]');
		expect(text).toContain('Problems found');
		const doctor = lastModal();
		expect(doctor.titleEl.textContent).toBe('Claude Code: problems found.');
		const failed = Array.from(doctor.contentEl.querySelectorAll('.session-brief-doctor-check[data-status="fail"]'));
		expect(failed.length).toBeGreaterThan(0);
		// The fix the plugin can do is a button: *Install the hooks* closes this and opens the install dialog.
		const button = failed.map((r) => r.querySelector('button')).find((b) => b?.textContent === 'Install the hooks');
		if (button === undefined || button === null) throw new Error('no install button');
		button.click();
		await vi.waitFor(() => expect(lastModal().titleEl.textContent).toBe('Install agent hooks'), { timeout: HANG_MS });
	});

	it('removes only its own entries and restores the original file', async () => {
		started = await start({ '.claude/settings.json': OPERATOR_SETTINGS });
		await run(started, 'install-agent-hooks');
		await submit(lastModal());
		Modal.open = [];
		await run(started, 'remove-agent-hooks');
		await submit(lastModal());
		expect(Notice.shown).toContain('Agent hooks removed.');
		expect(fs.readFileSync(path.join(started.base, '.claude', 'settings.json'), 'utf8')).toBe(OPERATOR_SETTINGS);
		expect(fs.existsSync(path.join(started.base, '.claude', 'hooks', 'session-brief.cjs'))).toBe(false);
		expect(fs.existsSync(path.join(started.base, '.claude', 'hooks', 'session-brief.mcp.cjs'))).toBe(false);
		expect(fs.existsSync(path.join(started.base, '.mcp.json'))).toBe(false);
	});
});
