/**
 * The SessionStart hook as a child process, one named test per attack class of the hooks it replaces
 * for sitzungsstart.py: missing, null, wrong type, empty, duplicate, extra, value range, dangling
 * reference, order, boundary, environment, code, crash.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FIXED_NOW, hookScript, line, makeVault, run, sessionStart, unprivileged, type Files, codeCacheOf } from '../../helpers/bridge';
import { HANG_MS } from '../../helpers/patience';

const made: string[] = [];
function vault(files: Files = {}, options: { config?: boolean } = {}): string {
	const v = makeVault(files, options);
	made.push(v);
	return v;
}
afterAll(() => {
	for (const v of made) fs.rmSync(v, { recursive: true, force: true, maxRetries: 30 });
});

const BASE: Files = {
	'.obsidian/daily-notes.json': '{"folder":"Daily","format":"YYYY-MM-DD"}',
	'Inbox/open.md': 'to process',
	'Notes/flagged.md': '#needs-review',
};

describe('baseline', () => {
	it('reports every item of a small vault and exits 0', () => {
		// No data.json: the default rules and sessions folders.
		const v = vault({ ...BASE, 'Daily/2026-11-29.md': '', 'Notes/r.md': '#review', 'Rules/x.md': '#pending-review', 'AI/sessions/2026-11-29 a.md': '' });
		const r = sessionStart(v);
		expect(r.status).toBe(0);
		expect(line(r.context, 'Date (machine clock)')).toBe('Date (machine clock): 2026-11-29 (Sunday)');
		expect(line(r.context, 'Daily note')).toBe('Daily note: Daily/2026-11-29.md (exists)');
		expect(line(r.context, 'Inbox')).toBe('Inbox: 1 (Inbox/open.md)');
		expect(line(r.context, 'needs-review')).toBe('needs-review: 1 (Notes/flagged.md)');
		expect(line(r.context, 'review without review-done')).toBe('review without review-done: 1 (Notes/r.md)');
		expect(line(r.context, 'pending-review in rules')).toBe('pending-review in rules: 1 (Rules/x.md)');
		expect(line(r.context, "Today's session files")).toContain('1 (AI/sessions/2026-11-29 a.md)');
	});
});

describe('missing', () => {
	it('no daily note: says missing', () => {
		expect(line(sessionStart(vault(BASE)).context, 'Daily note')).toBe('Daily note: Daily/2026-11-29.md (missing)');
	});
	it('no cwd in the input: same brief', () => {
		const v = vault(BASE);
		const body = (context: string): string[] => context.split('\n').slice(1);
		// `resume`: a second `startup` would be a new conversation, told what is new since the first.
		expect(body(sessionStart(v, '{"source":"resume"}').context)).toEqual(body(sessionStart(v, '{"source":"resume","cwd":"/tmp"}').context));
	});
	it('no config folder at all: defaults, daily note at the root', () => {
		const v = vault({ 'Inbox/a.md': '' }, { config: false });
		expect(line(sessionStart(v).context, 'Daily note')).toBe('Daily note: 2026-11-29.md (missing)');
	});
});

describe('null', () => {
	it('cwd null and stdin "null"', () => {
		const v = vault(BASE);
		expect(line(sessionStart(v, '{"cwd":null}').context, 'Inbox')).toBe('Inbox: 1 (Inbox/open.md)');
		expect(line(sessionStart(v, 'null').context, 'Inbox')).toBe('Inbox: 1 (Inbox/open.md)');
	});
});

describe('wrong type', () => {
	it('stdin a list, cwd a number', () => {
		const v = vault(BASE);
		expect(sessionStart(v, '[1,2]').status).toBe(0);
		expect(line(sessionStart(v, '{"cwd":42}').context, 'needs-review')).toBe('needs-review: 1 (Notes/flagged.md)');
	});
	it('frontmatter tags as a scalar counts; a map or number does not break the note', () => {
		const v = vault({ 'a.md': '---\ntags: needs-review\n---\n', 'b.md': '---\ntags:\n  x: 1\n---\n#needs-review', 'c.md': '---\ntags: 42\n---\n' });
		expect(line(sessionStart(v).context, 'needs-review')).toBe('needs-review: 2 (a.md, b.md)');
	});
	it('data.json with wrong types falls back to defaults per key', () => {
		const v = vault({ ...BASE, '.obsidian/plugins/session-brief/data.json': '{"inboxFolder": 7, "maxNamesPerItem": "x"}' });
		expect(line(sessionStart(v).context, 'Inbox')).toBe('Inbox: 1 (Inbox/open.md)');
	});
});

describe('empty', () => {
	it('empty stdin, empty note, empty file name content, empty vault', () => {
		const v = vault({ 'Inbox/empty.md': '' });
		expect(line(sessionStart(v, '').context, 'Inbox')).toBe('Inbox: 1 (Inbox/empty.md)');
		const e = vault({});
		const r = sessionStart(e, '');
		expect(line(r.context, 'Inbox')).toBe('Inbox: 0');
		expect(line(r.context, 'needs-review')).toBe('needs-review: 0');
	});
	it('an empty data.json and an empty daily-notes.json', () => {
		const v = vault({ ...BASE, '.obsidian/daily-notes.json': '', '.obsidian/plugins/session-brief/data.json': '' });
		expect(line(sessionStart(v).context, 'Daily note')).toBe('Daily note: 2026-11-29.md (missing)');
	});
});

describe('duplicate', () => {
	it("two session files today are both listed with the don't-overwrite hint", () => {
		const v = vault({ 'AI/sessions/2026-11-29-a.md': '', 'AI/sessions/2026-11-29-b.md': '', 'AI/sessions/2026-11-28.md': '' });
		const l = line(sessionStart(v).context, "Today's session files");
		expect(l).toBe("Today's session files: 2 (AI/sessions/2026-11-29-a.md, AI/sessions/2026-11-29-b.md) (pick a new name, do not overwrite these)");
	});
});

describe('extra', () => {
	it('seven inbox notes: five names and +2 more', () => {
		const files: Files = {};
		for (let i = 1; i <= 7; i++) files[`Inbox/n${i}.md`] = '';
		expect(line(sessionStart(vault(files)).context, 'Inbox')).toBe('Inbox: 7 (Inbox/n1.md, Inbox/n2.md, Inbox/n3.md, Inbox/n4.md, Inbox/n5.md, +2 more)');
	});
	it('an inbox subfolder counts; a dot folder inside the inbox does not', () => {
		const v = vault({ 'Inbox/sub/a.md': '', 'Inbox/.drafts/b.md': '#needs-review', 'Notes/.versteckt.md': '#needs-review' });
		const r = sessionStart(v);
		expect(line(r.context, 'Inbox')).toBe('Inbox: 1 (Inbox/sub/a.md)');
		expect(line(r.context, 'needs-review')).toBe('needs-review: 0');
	});
	it('excluded root folders and node_modules never count', () => {
		const files = { 'Import/a.md': '#needs-review', '_index/b.md': '#needs-review', 'x/node_modules/c.md': '#needs-review' };
		const v = vault({ ...files, '.obsidian/plugins/session-brief/data.json': '{"excludedRootFolders": ["Import", "_index"]}' });
		expect(line(sessionStart(v).context, 'needs-review')).toBe('needs-review: 0');
		// No folder is excluded by default.
		expect(line(sessionStart(vault(files)).context, 'needs-review')).toBe('needs-review: 2 (_index/b.md, Import/a.md)');
	});
});

describe('value range', () => {
	it("yesterday's daily note is not today's", () => {
		const v = vault({ ...BASE, 'Daily/2026-11-28.md': '' });
		expect(line(sessionStart(v).context, 'Daily note')).toBe('Daily note: Daily/2026-11-29.md (missing)');
	});
});

describe('dangling reference', () => {
	it('cwd that does not exist, or points to another real vault: the script vault wins', () => {
		const v = vault(BASE);
		const other = vault({ 'Inbox/elsewhere.md': '', 'Inbox/second.md': '' });
		const viaMissing = sessionStart(v, JSON.stringify({ cwd: '/does/not/exist' })).context;
		const viaOther = sessionStart(v, JSON.stringify({ cwd: other }), { cwd: other, env: { ...process.env, SESSION_BRIEF_NOW: FIXED_NOW, CLAUDE_PROJECT_DIR: other } }).context;
		expect(line(viaMissing, 'Inbox')).toBe('Inbox: 1 (Inbox/open.md)');
		expect(line(viaOther, 'Inbox')).toBe('Inbox: 1 (Inbox/open.md)');
	});
	it('--vault pointing nowhere gives a clear line, still exit 0 and valid JSON', () => {
		const v = vault(BASE);
		const r = run(hookScript(v), ['session-start', '--vault', '/no/such/vault'], '{}');
		expect(r.status).toBe(0);
		const out = JSON.parse(r.stdout.toString()) as { hookSpecificOutput: { additionalContext: string } };
		expect(out.hookSpecificOutput.additionalContext).toContain('Session brief: vault folder /no/such/vault does not exist');
		expect(out.hookSpecificOutput.additionalContext).toContain('Date (machine clock): 2026-11-29');
	});
});

describe('order', () => {
	it('a flag on the first and on the last line', () => {
		const v = vault({ 'a.md': '#needs-review\ntext\nmore', 'b.md': 'text\nmore\n#needs-review', 'c.md': '#review\nx', 'd.md': 'x\n#review' });
		const r = sessionStart(v);
		expect(line(r.context, 'needs-review')).toBe('needs-review: 2 (a.md, b.md)');
		expect(line(r.context, 'review without')).toBe('review without review-done: 2 (c.md, d.md)');
	});
});

describe('boundary', () => {
	it('needs-review look-alikes do not count, upper case does', () => {
		const v = vault({
			'a.md': '#needs-reviewer',
			'b.md': '#needs-review/x',
			'c.md': 'abc#needs-review',
			'd.md': '#NEEDS-REVIEW',
			'e.md': '---\ntags: [Needs-Review]\n---\n',
		});
		expect(line(sessionStart(v).context, 'needs-review')).toBe('needs-review: 2 (d.md, e.md)');
	});
	it('review and review-done look-alikes', () => {
		const v = vault({
			'a.md': '#reviewer',
			'b.md': '#review/x',
			'c.md': 'abc#review',
			'd.md': '#review #review-done-x',
			'e.md': '#review abc#review-done',
			'f.md': '#Review #REVIEW-DONE',
		});
		expect(line(sessionStart(v).context, 'review without')).toBe('review without review-done: 2 (d.md, e.md)');
	});
});

describe('environment', () => {
	it('missing inbox, rules and sessions folders', () => {
		const r = sessionStart(vault({ 'x.md': '' }));
		expect(line(r.context, 'Inbox')).toBe('Inbox: 0');
		expect(line(r.context, 'pending-review in rules')).toBe('pending-review in rules: 0');
		expect(line(r.context, "Today's session files")).toBe("Today's session files: 0");
	});
	it('CRLF, BOM, invalid UTF-8 and broken YAML', () => {
		const v = vault({
			'crlf.md': '---\r\ntags:\r\n  - needs-review\r\n---\r\nbody\r\n',
			'bom.md': '\uFEFF---\ntags: [needs-review]\n---\n',
			'bad.md': Buffer.concat([Buffer.from('\xff\xfe #needs-review ', 'latin1'), Buffer.from([0xc3, 0x28, 0x80])]),
			'broken.md': '---\ntags: [needs-review, x\ntitle: "unclosed\n---\n',
		});
		expect(line(sessionStart(v).context, 'needs-review')).toBe('needs-review: 4 (bad.md, bom.md, broken.md, crlf.md)');
	});
	it('non-ASCII names and content with no UTF-8 locale: strict UTF-8, pure-ASCII JSON', () => {
		const v = vault({ 'Inbox/Grüße 🎉.md': 'Ümlaut 日本語 #needs-review' });
		const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, SESSION_BRIEF_NOW: FIXED_NOW };
		const r = sessionStart(v, '{}', { env });
		expect(r.raw).toMatch(/^[\x20-\x7e\n]*$/);
		expect(line(r.context, 'Inbox')).toBe('Inbox: 1 (Inbox/Grüße 🎉.md)');
		expect(line(r.context, 'needs-review')).toBe('needs-review: 1 (Inbox/Grüße 🎉.md)');
	});
	it('a German language setting', () => {
		const v = vault({ ...BASE, '.obsidian/plugins/session-brief/data.json': '{"language":"de"}' });
		const r = sessionStart(v);
		expect(line(r.context, 'Datum (Maschinenuhr)')).toBe('Datum (Maschinenuhr): 2026-11-29 (Sonntag)');
		expect(line(r.context, 'Tagesnotiz')).toBe('Tagesnotiz: Daily/2026-11-29.md (fehlt)');
	});
	it('a renamed config folder is found', () => {
		const v = vault({ '.myconfig/app.json': '{}', '.myconfig/daily-notes.json': '{"folder":"Journal"}' }, { config: false });
		expect(line(sessionStart(v).context, 'Daily note')).toBe('Daily note: Journal/2026-11-29.md (missing)');
	});
});

describe('code', () => {
	it('fenced, tilde, inline and unclosed fences hide tags', () => {
		const v = vault({
			'fenced.md': '```\n#needs-review\n```',
			'tilde.md': '~~~\n#needs-review\n~~~',
			'inline.md': 'mention `#needs-review` only',
			'unclosed.md': '```\n#needs-review',
			'after.md': '```\ncode\n```\n#needs-review',
		});
		expect(line(sessionStart(v).context, 'needs-review')).toBe('needs-review: 1 (after.md)');
	});
});

describe('crash', () => {
	it('a note that cannot be read (a symlink loop) is reported and nothing else is lost', () => {
		const v = vault(BASE);
		fs.symlinkSync('loop.md', path.join(v, 'Notes', 'loop.md'));
		const r = sessionStart(v);
		expect(r.context).toContain('Session brief: scan: could not read 1 note(s): Notes/loop.md');
		expect(line(r.context, 'needs-review')).toBe('needs-review: 1 (Notes/flagged.md)');
	});
	const who = unprivileged();
	it.runIf(process.platform !== 'win32')('an unreadable file and an unreadable folder are reported, the rest delivered', () => {
		const v = vault({ ...BASE, 'Locked/x.md': '#needs-review', 'Notes/secret.md': '#review' });
		fs.chmodSync(path.join(v, 'Locked'), 0o000);
		fs.chmodSync(path.join(v, 'Notes', 'secret.md'), 0o000);
		try {
			const r = sessionStart(v, '{}', who === null ? {} : { ...who });
			expect(r.context).toContain('Session brief: scan: could not read folder Locked');
			expect(r.context).toContain('Session brief: scan: could not read 1 note(s): Notes/secret.md');
			expect(line(r.context, 'needs-review')).toBe('needs-review: 1 (Notes/flagged.md)');
			expect(line(r.context, 'Inbox')).toBe('Inbox: 1 (Inbox/open.md)');
		} finally {
			fs.chmodSync(path.join(v, 'Locked'), 0o755);
		}
	});
	it('a FIFO named like a note does not hang the hook', () => {
		const v = vault(BASE);
		execFileSync('mkfifo', [path.join(v, 'Notes', 'pipe.md')]);
		const r = sessionStart(v);
		expect(line(r.context, 'needs-review')).toBe('needs-review: 1 (Notes/flagged.md)');
	});
	it('stdout closed early does not crash with a stack trace', () => {
		const v = vault(BASE);
		const r = spawnSync('sh', ['-c', `node "${hookScript(v)}" session-start < /dev/null | head -c 0`], { encoding: 'utf8' });
		expect(r.stderr).not.toMatch(/at .*\.cjs:\d+/);
	});
});

describe('child process hygiene', () => {
	it('keeps a V8 code cache of the bridge in the state folder, and a corrupt cache changes nothing', () => {
		const v = vault(BASE);
		const cacheFile = codeCacheOf(path.join(path.dirname(hookScript(v)), 'session-brief.bridge.cjs'));
		const first = sessionStart(v);
		expect(fs.existsSync(cacheFile)).toBe(true);
		const second = sessionStart(v);
		expect(second.context.split('\n').slice(1)).toEqual(first.context.split('\n').slice(1));
		fs.writeFileSync(cacheFile, Buffer.from('not a code cache'));
		const third = run(hookScript(v), ['session-start'], '{}');
		expect(third.status).toBe(0);
		expect(third.stderr).toBe('');
		expect(JSON.parse(third.stdout.toString())).toHaveProperty('hookSpecificOutput.additionalContext');
		expect(fs.readFileSync(cacheFile).toString()).not.toBe('not a code cache');
	});
	it('runs from a read-only folder, without a code cache', () => {
		const v = vault(BASE);
		const hooks = path.dirname(hookScript(v));
		const who = unprivileged();
		fs.chmodSync(hooks, 0o555);
		try {
			const r = run(hookScript(v), ['session-start'], '{}', who === null ? {} : { ...who, env: { ...process.env, SESSION_BRIEF_NOW: FIXED_NOW } });
			expect(r.status).toBe(0);
			expect(r.stderr).toBe('');
			expect(fs.readdirSync(hooks).sort()).toEqual(['session-brief.bridge.cjs', 'session-brief.cjs', 'session-brief.edit.cjs', 'session-brief.mcp.cjs', 'session-brief.start.cjs']);
		} finally {
			fs.chmodSync(hooks, 0o755);
		}
	});
	it('prints exactly one JSON object and nothing on stderr', () => {
		const v = vault(BASE);
		const r = run(hookScript(v), ['session-start'], '{"source":"compact"}');
		expect(r.stderr).toBe('');
		const text = r.stdout.toString('utf8');
		expect(text.trim().split('\n')).toHaveLength(1);
		expect(JSON.parse(text)).toHaveProperty('hookSpecificOutput.additionalContext');
	});
	it('works from a stdin that never closes (gives up reading after a short wait)', async () => {
		const v = vault(BASE);
		const child = spawn(process.execPath, [hookScript(v), 'session-start'], { env: { ...process.env, SESSION_BRIEF_NOW: FIXED_NOW } });
		let out = '';
		child.stdout.on('data', (c: Buffer) => (out += c.toString()));
		// A hook that kept waiting for the end of its input would never exit: the test's timeout catches that.
		const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
		expect(code).toBe(0);
		expect(JSON.parse(out)).toHaveProperty('hookSpecificOutput');
	}, HANG_MS);
});

describe('daily-note formats with names', () => {
	it('uses German month and day names when the language is German', () => {
		const v = vault({
			'.obsidian/daily-notes.json': '{"folder":"Journal","format":"YYYY/MMMM/dddd, D. MMMM YYYY"}',
			'.obsidian/plugins/session-brief/data.json': '{"language":"de"}',
			'Journal/2026/November/Sonntag, 29. November 2026.md': '',
		});
		expect(line(sessionStart(v).context, 'Tagesnotiz')).toBe('Tagesnotiz: "Journal/2026/November/Sonntag, 29. November 2026.md" (vorhanden)');
	});
	it('uses English names otherwise', () => {
		const v = vault({ '.obsidian/daily-notes.json': '{"format":"dddd D MMMM YYYY"}' });
		expect(line(sessionStart(v).context, 'Daily note')).toBe('Daily note: Sunday 29 November 2026.md (missing)');
	});
});
