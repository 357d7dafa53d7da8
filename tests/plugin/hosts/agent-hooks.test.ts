/**
 * *Install agent hooks*, *Check agent hooks*, *Remove agent hooks* through the commands and
 * dialogs, against a temporary vault folder: the plugin writes nothing itself; its dialog shows the
 * bridge command for this vault, which the test runs as printed (through `sh -c`, with the built
 * bridge standing in for `npx session-brief`), and its *Check* runs doctor on the result.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HANG_MS } from '../../helpers/patience';
import { TOOLS } from '../../helpers/registries';
import { Modal, Notice } from '../../../stand-in/obsidian';
import type { AgentHooks } from '../../../src/plugin/hosts/agent-hooks';
import { BRIDGE_COMMAND } from '../../../src/plugin/hosts/hook-command-line';
import { shellWord } from '../../../src/node/hosts/command-line/shell-word';
import { startPlugin, stopPlugin, tempVault, type Started } from '../harness';

const BUNDLE = path.resolve(__dirname, '../../../bridge/dist/session-brief.cjs');
const OPERATOR_SETTINGS = '{\n  "permissions": { "allow": ["Bash(ls:*)"] },\n  "hooks": {\n    "SessionStart": [ { "hooks": [ { "type": "command", "command": "echo mine" } ] } ]\n  }\n}\n';

let started: Started | null = null;
let home: string | null = null;
afterEach(async () => {
	await stopPlugin(started);
	started = null;
	if (home !== null) fs.rmSync(home, { recursive: true, force: true, maxRetries: 30 });
	home = null;
	Modal.open = [];
});

/** A vault whose folder name a shell would misread unquoted: a space and a single quote (install refuses a `$`). */
function awkwardVault(files: Record<string, string>): string {
	const base = tempVault({ 'Note.md': '# Note\n', ...files });
	const awkward = `${base} it's`;
	fs.renameSync(base, awkward);
	return awkward;
}

async function start(files: Record<string, string> = {}, options: { plainAdapter?: boolean } = {}): Promise<Started> {
	const s = await startPlugin(awkwardVault(files), options);
	home = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-home-'));
	// User-scope files and doctor's look at them stay inside the test.
	(s.plugin as unknown as { desktop: { hooks: AgentHooks } }).desktop.hooks.home = home;
	return s;
}

/** Runs a command and waits for what it shows first: its dialog or a notice. */
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

function button(modal: Modal, text: string): HTMLButtonElement {
	const b = Array.from(modal.contentEl.querySelectorAll('button')).find((x) => x.textContent === text);
	if (b === undefined) throw new Error(`no button "${text}"`);
	return b;
}

/** The command the dialog shows. */
function shownCommand(modal: Modal): string {
	return modal.contentEl.querySelector('pre.session-brief-command')?.textContent ?? '';
}

/** Runs the shown command as a user pastes it into a POSIX shell, with the built bridge for `npx session-brief`. */
function runAsPrinted(command: string): { status: number | null; stdout: string; stderr: string } {
	expect(command.startsWith(`${BRIDGE_COMMAND} `)).toBe(true);
	const line = `"${process.execPath}" "${BUNDLE}" ${command.slice(BRIDGE_COMMAND.length + 1)}`;
	const r = spawnSync('sh', ['-c', line], { env: { ...process.env, HOME: home ?? '' }, encoding: 'utf8', timeout: HANG_MS });
	return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** Clicks *Check* and waits for doctor's dialog. */
async function check(modal: Modal, label = 'Check'): Promise<Modal> {
	button(modal, label).click();
	await vi.waitFor(() => expect(Modal.open.some((m) => m.contentEl.querySelector('.session-brief-doctor-checks') !== null)).toBe(true), { timeout: HANG_MS });
	return lastModal();
}

/** Every file under a folder but the plugin's own folder (its cache and channel), to prove the dialog wrote none. */
function files(dir: string): string[] {
	return fs
		.readdirSync(dir, { recursive: true, withFileTypes: true })
		.filter((e) => e.isFile())
		.map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
		.filter((p) => !p.startsWith(path.join('.obsidian', 'plugins', 'session-brief')))
		.sort();
}

describe.skipIf(process.platform === 'win32')('install agent hooks', () => {
	it('shows the install command for this vault, copies it, writes nothing; run as printed, Check finds no problem', async () => {
		started = await start({ '.claude/settings.json': OPERATOR_SETTINGS });
		const before = files(started.base);
		await run(started, 'install-agent-hooks');
		const choice = lastModal();
		expect(choice.titleEl.textContent).toBe('Install agent hooks');
		const command = shownCommand(choice);
		expect(command).toBe(`npx session-brief install --vault ${shellWord(started.base, 'linux')} --agent claude-code --scope project`);
		expect(choice.contentEl.textContent).toContain('Codex');
		button(choice, 'Copy command').click();
		await vi.waitFor(() => expect(Notice.shown).toContain('Command copied to the clipboard.'));
		expect(await navigator.clipboard.readText()).toBe(command);
		// Showing and copying the command changed nothing on disk, in the vault or the home folder.
		expect(files(started.base)).toEqual(before);
		expect(files(home ?? '')).toEqual([]);

		const r = runAsPrinted(command);
		expect(r.status, r.stderr).toBe(0);
		expect(fs.readFileSync(path.join(started.base, '.claude', 'hooks', 'session-brief.bridge.cjs')).equals(fs.readFileSync(BUNDLE))).toBe(true);
		const doctor = await check(choice);
		expect(doctor.titleEl.textContent).toBe('Claude Code: no problem found.');
		const rows = Array.from(doctor.contentEl.querySelectorAll('.session-brief-doctor-check'));
		expect(rows.length).toBeGreaterThan(5);
		expect(rows.some((r) => r.getAttribute('data-status') === 'fail')).toBe(false);
		const text = doctor.contentEl.querySelector('details pre')?.textContent ?? '';
		expect(text).toMatch(/^Session Brief doctor: Claude Code, vault /);
		expect(text).toMatch(/\[ok {2}\] .*session-brief\.cjs and the bridge it runs \(session-brief\.bridge\.cjs\) are present and current/);
		expect(text).toMatch(new RegExp(`\\[ok {2}\\] The MCP server \\(.* mcp\\) started and lists its tools: ${TOOLS.join(', ')}\\.`));
	}, 180_000);

	it('the command follows the agent and scope chosen in the dialog', async () => {
		started = await start();
		await run(started, 'install-agent-hooks');
		const choice = lastModal();
		select(choice, 0, 'gemini');
		expect(Array.from(choice.contentEl.querySelectorAll('select')[1]?.options ?? []).map((o) => o.value)).toEqual(['project', 'user']);
		expect(shownCommand(choice)).toMatch(/ --agent gemini --scope project$/);
		select(choice, 1, 'user');
		expect(shownCommand(choice)).toMatch(/ --agent gemini --scope user$/);
	});

	it('offers the status line for Claude Code only; its toggle adds --statusline, which runs as printed', async () => {
		started = await start();
		await run(started, 'install-agent-hooks');
		const choice = lastModal();
		const toggle = (): HTMLElement | null => choice.contentEl.querySelector('.checkbox-container');
		expect(choice.contentEl.textContent).toContain("Also show the vault in Claude Code's status line");
		expect(shownCommand(choice)).toMatch(/ --scope project$/);
		toggle()?.click();
		expect(shownCommand(choice)).toMatch(/ --agent claude-code --scope project --statusline$/);
		select(choice, 0, 'gemini');
		expect(toggle()).toBeNull();
		expect(shownCommand(choice)).toMatch(/ --agent gemini --scope project$/);
		select(choice, 0, 'claude-code');
		const command = shownCommand(choice);
		expect(command).toMatch(/ --statusline$/);
		const r = runAsPrinted(command);
		expect(r.status, r.stderr).toBe(0);
		const settings = JSON.parse(fs.readFileSync(path.join(started.base, '.claude', 'settings.json'), 'utf8')) as { statusLine?: { command?: string } };
		expect(settings.statusLine?.command).toMatch(/session-brief\.cjs" statusline$/);
	}, 180_000);

	it('a changed byte in an installed hook file makes Check fail', async () => {
		started = await start();
		await run(started, 'install-agent-hooks');
		const r = runAsPrinted(shownCommand(lastModal()));
		expect(r.status, r.stderr).toBe(0);
		const startFile = path.join(started.base, '.claude', 'hooks', 'session-brief.start.cjs');
		const bytes = fs.readFileSync(startFile);
		bytes.writeUInt8(bytes.readUInt8(bytes.length - 2) ^ 1, bytes.length - 2);
		fs.writeFileSync(startFile, bytes);
		const doctor = await check(lastModal());
		expect(doctor.titleEl.textContent).toBe('Claude Code: problems found.');
		expect(doctor.contentEl.querySelector('.session-brief-doctor-check[data-id="script"]')?.getAttribute('data-status')).toBe('fail');
		expect(doctor.contentEl.textContent).toContain('session-brief.start.cjs, which the hook entry runs for a session start, is not the one of this version');
	}, 180_000);

	it('says it needs the desktop app where the vault is no folder on disk', async () => {
		started = await start({}, { plainAdapter: true });
		for (const id of ['install-agent-hooks', 'check-agent-hooks', 'remove-agent-hooks']) await run(started, id);
		expect(Modal.open).toEqual([]);
		expect(Notice.shown.filter((n) => n.includes('only be installed on desktop')).length).toBe(3);
		expect(fs.existsSync(path.join(started.base, '.claude'))).toBe(false);
	});
});

describe.skipIf(process.platform === 'win32')('check and remove agent hooks', () => {
	it('reports the missing hooks when nothing is installed, with a button to the install dialog', async () => {
		started = await start();
		await run(started, 'check-agent-hooks');
		const choice = lastModal();
		// Doctor checks an agent; it has no scope to choose, and no command to show.
		expect(choice.contentEl.querySelectorAll('select').length).toBe(1);
		expect(choice.contentEl.querySelector('pre')).toBeNull();
		const doctor = await check(choice);
		expect(doctor.titleEl.textContent).toBe('Claude Code: problems found.');
		const failed = Array.from(doctor.contentEl.querySelectorAll('.session-brief-doctor-check[data-status="fail"]'));
		expect(failed.length).toBeGreaterThan(0);
		const install = failed.map((r) => r.querySelector('button')).find((b) => b?.textContent === 'Install the hooks');
		if (install === undefined || install === null) throw new Error('no install button');
		install.click();
		await vi.waitFor(() => expect(lastModal().titleEl.textContent).toBe('Install agent hooks'), { timeout: HANG_MS });
		expect(shownCommand(lastModal())).toContain('npx session-brief install --vault ');
	}, 120_000);

	it('shows the uninstall command; run as printed, the original settings are back and Check says no hook is left', async () => {
		started = await start({ '.claude/settings.json': OPERATOR_SETTINGS });
		await run(started, 'install-agent-hooks');
		const installed = runAsPrinted(shownCommand(lastModal()));
		expect(installed.status, installed.stderr).toBe(0);
		Modal.open = [];
		await run(started, 'remove-agent-hooks');
		const choice = lastModal();
		expect(choice.titleEl.textContent).toBe('Remove agent hooks');
		// Agent and scope left at "All": every installation recorded in the vault.
		const command = shownCommand(choice);
		expect(command).toBe(`npx session-brief uninstall --vault ${shellWord(started.base, 'linux')}`);
		select(choice, 0, 'claude-code');
		select(choice, 1, 'project');
		expect(shownCommand(choice)).toBe(`${command} --agent claude-code --scope project`);
		const r = runAsPrinted(shownCommand(choice));
		expect(r.status, r.stderr).toBe(0);
		expect(fs.readFileSync(path.join(started.base, '.claude', 'settings.json'), 'utf8')).toBe(OPERATOR_SETTINGS);
		expect(fs.existsSync(path.join(started.base, '.claude', 'hooks', 'session-brief.cjs'))).toBe(false);
		const doctor = await check(choice);
		expect(doctor.titleEl.textContent).toBe('Claude Code: no Session Brief hook left in this vault.');
	}, 180_000);
});
