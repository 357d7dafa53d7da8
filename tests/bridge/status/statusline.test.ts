/**
 * `statusline`: one line for the agent's status bar from what tier 1 reads, exit 0 whatever
 * happens, and nothing from the vault (names, a planted cache or check record) can add a line or
 * a control character to it.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { execFileSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { codeCacheOf, FIXED_NOW, hookScript, makeVault, run, type Files } from '../../helpers/bridge';
import { cacheFile, keptCache, pluginDir } from '../../helpers/kept-cache';

const made: string[] = [];
function vault(files: Files = {}): string {
	const v = makeVault(files);
	made.push(v);
	fs.mkdirSync(pluginDir(v), { recursive: true });
	return v;
}
afterAll(() => {
	for (const v of made) fs.rmSync(v, { recursive: true, force: true, maxRetries: 30 });
});

const ENV = { ...process.env, SESSION_BRIEF_NOW: FIXED_NOW, NO_COLOR: '1' };
const SESSION_JSON = JSON.stringify({ session_id: 's1', cwd: '/elsewhere', workspace: { current_dir: '/elsewhere', project_dir: '/elsewhere' }, model: { display_name: 'Opus' } });

function statusline(v: string, args: string[] = [], env: NodeJS.ProcessEnv = ENV, input: string | Buffer = SESSION_JSON): { status: number | null; out: string; stderr: string } {
	const r = run(hookScript(v), ['statusline', ...args], input, { env });
	return { status: r.status, out: new TextDecoder('utf-8', { fatal: true }).decode(r.stdout), stderr: r.stderr };
}

/** Exactly one line: the text, then one line break. */
function oneLine(out: string): string {
	expect(out.endsWith('\n')).toBe(true);
	const text = out.slice(0, -1);
	expect(text).not.toMatch(/[\r\n\u2028\u2029]/);
	return text;
}

const noControls = (text: string): void => expect(text).not.toMatch(/\p{Cc}/u);

function scanned(v: string): void {
	expect(run(hookScript(v), ['report', '--json', '--source', 'scan'], '', { env: ENV }).status).toBe(0);
}

function keep(v: string): void {
	fs.writeFileSync(cacheFile(v), JSON.stringify(keptCache(v, ENV)));
}

function agentEdit(v: string, note: string): void {
	const input = { session_id: 'agent-1', cwd: v, hook_event_name: 'PostToolUse', tool_name: 'Edit', tool_input: { file_path: path.join(v, note), old_string: 'a', new_string: 'b' }, tool_response: { success: true } };
	expect(run(hookScript(v), ['post-tool-use'], JSON.stringify(input), { env: ENV }).status).toBe(0);
}

const NOTES: Files = { 'Notes/a.md': '#needs-review\n', 'Notes/b.md': '#needs-review #pending-review\n', 'Notes/c.md': 'plain\n', 'Inbox/x.md': 'x\n' };

describe('statusline', () => {
	it('says what waits for review, the agent changes and the rule check, from a kept cache', () => {
		const v = vault(NOTES);
		agentEdit(v, 'Notes/c.md');
		agentEdit(v, 'Notes/a.md');
		expect(run(hookScript(v), ['check'], '', { env: ENV }).status).toBe(0);
		keep(v);
		const r = statusline(v);
		expect(r.status).toBe(0);
		// b carries two review tags and counts once.
		expect(oneLine(r.out)).toBe('vault: 2 to review · 2 agent changes unreviewed · rules ok');
	});

	it('says "brief stale" when nothing that runs vouches for the cache, and never scans for it', () => {
		const v = vault(NOTES);
		scanned(v);
		// A note added after the cache: a scan would count it; the status line reads the cache only.
		fs.writeFileSync(path.join(v, 'Notes/new.md'), '#needs-review\n');
		const r = statusline(v);
		expect(oneLine(r.out)).toBe('vault: 2 to review · brief stale');
		expect((JSON.parse(fs.readFileSync(cacheFile(v), 'utf8')) as { toReview: number }).toReview).toBe(2);
		// A keeper that is gone (a pid no process has) is stale too.
		const cache = keptCache(v, ENV);
		fs.writeFileSync(cacheFile(v), JSON.stringify({ ...cache, plugin: { pid: 2 ** 31, pending: false, started: 'gone' } }));
		expect(oneLine(statusline(v).out)).toContain('brief stale');
		fs.writeFileSync(cacheFile(v), JSON.stringify({ ...cache, plugin: { ...(cache.plugin as object), pending: true } }));
		expect(oneLine(statusline(v).out)).toContain('brief stale');
	});

	it('names broken links, and counts other findings as problems', () => {
		const v = vault({ ...NOTES, 'CLAUDE.md': 'See [[Missing note]] and [[Gone]].\n' });
		expect(run(hookScript(v), ['check'], '', { env: ENV }).status).toBe(1);
		keep(v);
		expect(oneLine(statusline(v).out)).toBe('vault: 2 to review · rules: 2 broken links');
		const record = JSON.parse(fs.readFileSync(path.join(pluginDir(v), 'last-check.json'), 'utf8')) as { findings: { check: string }[] };
		record.findings[0]!.check = 'frontmatter';
		fs.writeFileSync(path.join(pluginDir(v), 'last-check.json'), JSON.stringify(record));
		expect(oneLine(statusline(v).out)).toBe('vault: 2 to review · rules: 2 problems');
	});

	it('speaks the plugin\'s language and colours only without NO_COLOR', () => {
		const v = vault(NOTES);
		keep(v);
		expect(oneLine(statusline(v, ['--lang', 'de']).out)).toBe('Vault: 2 zu prüfen');
		const coloured = statusline(v, [], { ...ENV, NO_COLOR: '' }).out;
		expect(coloured).toBe('vault: \u001b[33m2 to review\u001b[0m\n');
		expect(statusline(v, ['--no-color'], { ...ENV, NO_COLOR: '' }).out).toBe('vault: 2 to review\n');
	});

	it('prints an empty line and exits 0 for a vault it cannot read, bad input or a bad flag', () => {
		const v = vault(NOTES);
		for (const args of [['--vault', path.join(v, 'no-such-folder')], ['--lang', 'xx'], ['--bogus']]) {
			const r = statusline(v, args);
			expect(r).toEqual({ status: 0, out: '\n', stderr: '' });
		}
		expect(statusline(v, [], ENV, Buffer.from([0xff, 0x00, 0x7b]))).toMatchObject({ status: 0 });
		// No plugin folder at all: nothing is known, and nothing is made up.
		const bare = makeVault({ 'a.md': '#needs-review' });
		made.push(bare);
		expect(statusline(bare)).toEqual({ status: 0, out: 'vault: brief stale\n', stderr: '' });
		expect(fs.existsSync(pluginDir(bare))).toBe(false);
	});

	it('shows no note name, and a planted cache or check record cannot add a line or a control character', () => {
		const hostile = 'Notes/evil\u001b[2J\u001b]0;pwned\u0007\n\r\u2028name.md';
		const v = vault({ ...NOTES, [hostile]: '#needs-review\n' });
		agentEdit(v, hostile);
		keep(v);
		const plain = oneLine(statusline(v).out);
		expect(plain).toBe('vault: 3 to review · 1 agent change unreviewed');
		noControls(oneLine(statusline(v, [], { ...ENV, NO_COLOR: '' }).out).replaceAll('\u001b[33m', '').replaceAll('\u001b[0m', ''));

		// A planted cache: control characters where numbers belong, a language that is no language.
		const cache = keptCache(v, ENV);
		for (const forged of [{ toReview: '3\n\u001b[31mfake line' }, { toReview: -4 }, { toReview: 1e300 }, { lang: 'de\nx' }, { brief: 'x\ny' }]) {
			fs.writeFileSync(cacheFile(v), JSON.stringify({ ...cache, ...forged }));
			const out = statusline(v);
			expect(out.status).toBe(0);
			const text = oneLine(out.out);
			noControls(text);
			expect(text).not.toContain('fake');
		}
		// A planted check record: check ids and messages with line breaks and escapes.
		fs.writeFileSync(cacheFile(v), JSON.stringify(cache));
		const record = { schema: 1, lang: 'en', complete: false, findings: [{ check: 'broken-link\n\u001b[2Jx', path: 'a\nb', message: 'm\u001b]0;t\u0007' }] };
		fs.writeFileSync(path.join(pluginDir(v), 'last-check.json'), JSON.stringify(record));
		const text = oneLine(statusline(v).out);
		expect(text).toBe('vault: 3 to review · 1 agent change unreviewed · rules: 1+ problems');
	});

	it('leaves the start file\'s code cache to a session start, which needs all of it', () => {
		const v = vault(NOTES);
		const env = { ...ENV, SESSION_BRIEF_STATE_DIR: fs.mkdtempSync(path.join(path.dirname(v), 'sb-state-')) };
		made.push(env.SESSION_BRIEF_STATE_DIR);
		const start = path.join(v, '.claude', 'hooks', 'session-brief.start.cjs');
		expect(oneLine(statusline(v, [], env).out)).toBe('vault: brief stale');
		expect(fs.existsSync(codeCacheOf(start, env))).toBe(false);
		expect(run(hookScript(v), ['session-start'], '{}', { env }).status).toBe(0);
		expect(fs.existsSync(codeCacheOf(start, env))).toBe(true);
		expect(statusline(v, [], env).status).toBe(0);
	});

	it('answers at once when a FIFO or a link stands where the cache and the record belong', () => {
		const v = vault(NOTES);
		keep(v);
		const outside = fs.mkdtempSync(path.join(path.dirname(v), 'sb-outside-'));
		made.push(outside);
		fs.writeFileSync(path.join(outside, 'last-check.json'), JSON.stringify({ schema: 1, lang: 'en', complete: true, findings: [{ check: 'x', path: 'p', message: 'm' }] }));
		fs.symlinkSync(path.join(outside, 'last-check.json'), path.join(pluginDir(v), 'last-check.json'));
		expect(oneLine(statusline(v).out)).toBe('vault: 2 to review');
		fs.rmSync(cacheFile(v));
		execFileSync('mkfifo', [cacheFile(v)]);
		const r = statusline(v);
		expect(r.status).toBe(0);
		expect(oneLine(r.out)).toBe('vault: brief stale');
	});
});
