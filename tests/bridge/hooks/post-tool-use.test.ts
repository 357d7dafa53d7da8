/**
 * The PostToolUse hook as Claude Code runs it: the built bundle in a child process, copied into a
 * throwaway vault at `.claude/hooks/session-brief.cjs`. Every attack class of the hooks it replaces for
 * `regelwerk_nach_edit.py` has named cases. Silent cases run against a vault that HAS a finding,
 * so silence proves the input was rejected, not that the vault was clean.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bareEnv, editInput, exampleVault, removeTempDirs, runHook, setPluginSettings, tempDir, writeFiles, type HookRun } from '../../helpers/rule-vault';
import { CHECK_COUNT } from '../../helpers/registries';

// Removing dozens of vault copies can take a while on a loaded machine.
afterAll(removeTempDirs, 60_000);

const BROKEN_RULE = { 'AI/Regelwerk/broken.md': '---\ntype: rule\n---\nSee [[does-not-exist]].\n' };
const CHECKER = `
const fs = require('node:fs');
const [mode, marker] = process.argv.slice(2);
if (marker) fs.appendFileSync(marker, 'ran\\n');
const clean = 'None of the 4 checks that ran found anything.';
switch (mode) {
	case 'clean': console.log('checking 4 rules'); console.log(clean); break;
	case 'hang': setInterval(() => {}, 1000); break;
	case 'crash': throw new Error('checker crashed on purpose');
	case 'exit2': console.log('usage: regelwerk_check.py'); process.exit(2);
	case 'alarm': console.log('ACHTUNG: AI/Regelwerk/tags.md widerspricht frontmatter.md'); console.log(clean); break;
	case 'no-last-line': console.log('checking 1 of 4'); break;
	case 'invalid-utf8': process.stdout.write(Buffer.from([0x62, 0x61, 0x64, 0xff, 0xfe, 0x0a])); process.exit(1);
	case 'flood': for (let i = 0; i < 50000; i++) console.log('ACHTUNG line ' + i + ' ' + 'x'.repeat(100)); console.log(clean); break;
	case 'env': console.log([process.env.PYTHONIOENCODING, process.env.PYTHONUTF8, process.env.LANG].join(' ')); process.exit(3);
}
`;

/** What CHECKER prints: its last line when clean, and the start of an alarm line. */
const CHECKER_LINES = { cleanLine: 'None of the N checks that ran found anything.', alarmPattern: 'ACHTUNG' };

function brokenVault(extra: Record<string, string | Buffer> = {}): string {
	return exampleVault({ ...BROKEN_RULE, ...extra });
}

/** A vault whose external check runs `tools/checker.cjs <mode> <marker>`. */
function vaultWithChecker(mode: string, extra: Record<string, string> = {}): { vault: string; marker: string } {
	const vault = exampleVault({ 'tools/checker.cjs': CHECKER, ...extra });
	const marker = path.join(tempDir('sb-marker-'), 'ran.txt');
	setPluginSettings(vault, { externalCheck: { command: process.execPath, args: ['tools/checker.cjs', mode, marker], ...CHECKER_LINES } });
	return { vault, marker };
}

function context(run: HookRun): string {
	expect(run.code).toBe(0);
	expect(run.json).not.toBeNull();
	expect(run.json?.hookSpecificOutput.hookEventName).toBe('PostToolUse');
	expect(run.json?.systemMessage).not.toMatch(/\n/);
	// Pure ASCII, so no console code page can garble it.
	expect(run.text).toMatch(/^[\x20-\x7e\n]*$/);
	return run.json?.hookSpecificOutput.additionalContext ?? '';
}

function expectSilent(run: HookRun): void {
	expect(run.code).toBe(0);
	expect(run.stdout.length).toBe(0);
}

const rule = (vault: string) => path.join(vault, 'AI', 'Regelwerk', 'broken.md');

describe('baseline (two runs)', () => {
	it('run 1: a clean check is silent and provably ran', () => {
		const { vault, marker } = vaultWithChecker('clean');
		const run = runHook(vault, editInput(path.join(vault, 'CLAUDE.md')));
		expectSilent(run);
		expect(fs.readFileSync(marker, 'utf8')).toBe('ran\n');
	});

	it('run 2: a finding is reported with path, line and the summary', () => {
		const vault = brokenVault();
		const text = context(runHook(vault, editInput(rule(vault))));
		expect(text).toContain('Rule check after the edit of AI/Regelwerk/broken.md:');
		expect(text).toContain('AI/Regelwerk/broken.md:4: error [broken-link] [[does-not-exist]]');
		expect(text).toMatch(new RegExp(`1 of the ${CHECK_COUNT} checks that ran found something: 1 error, 0 warnings\\.$`));
	});
});

describe('missing', () => {
	it('tool_input missing: silent', () => expectSilent(runHook(brokenVault(), { tool_name: 'Edit' })));
	it('file_path missing: silent', () => expectSilent(runHook(brokenVault(), { tool_input: { old_string: 'a' } })));
	it('cwd missing: the check still runs on the script\'s vault', () => {
		const vault = brokenVault();
		expect(context(runHook(vault, { tool_input: { file_path: rule(vault) } }))).toContain('[broken-link]');
	});
	it('the external script missing: a finding naming it', () => {
		const vault = exampleVault();
		setPluginSettings(vault, { externalCheck: { command: process.execPath, args: ['tools/regelwerk_check.py'] } });
		expect(context(runHook(vault, editInput(path.join(vault, 'CLAUDE.md'))))).toContain('External check: "tools/regelwerk_check.py" was not found');
	});
	it('the external program missing: a finding naming it', () => {
		const vault = exampleVault();
		setPluginSettings(vault, { externalCheck: { command: 'no-such-checker-7f3a', args: [] } });
		expect(context(runHook(vault, editInput(path.join(vault, 'CLAUDE.md'))))).toContain('"no-such-checker-7f3a" was not found');
	});
});

describe('null', () => {
	it('tool_input null: silent', () => expectSilent(runHook(brokenVault(), { tool_input: null })));
	it('file_path null: silent', () => expectSilent(runHook(brokenVault(), editInput(null))));
	it('cwd null: the check still runs', () => {
		const vault = brokenVault();
		expect(context(runHook(vault, editInput(rule(vault), { cwd: null })))).toContain('[broken-link]');
	});
});

describe('wrong type', () => {
	it('stdin a list: silent', () => expectSilent(runHook(brokenVault(), '[{"tool_input":{"file_path":"CLAUDE.md"}}]')));
	it('stdin a number: silent', () => expectSilent(runHook(brokenVault(), '42')));
	it('stdin not JSON: silent', () => expectSilent(runHook(brokenVault(), 'file_path=CLAUDE.md')));
	it('tool_input a list: silent', () => expectSilent(runHook(brokenVault(), { tool_input: [{ file_path: 'CLAUDE.md' }] })));
	it('file_path a number: silent', () => expectSilent(runHook(brokenVault(), editInput(7))));
	it('file_path a list: silent', () => {
		const vault = brokenVault();
		expectSilent(runHook(vault, editInput([rule(vault)])));
	});
});

describe('empty', () => {
	it('empty stdin: silent', () => expectSilent(runHook(brokenVault(), '')));
	it('empty file_path: silent', () => expectSilent(runHook(brokenVault(), editInput(''))));
	it('whitespace file_path: silent', () => expectSilent(runHook(brokenVault(), editInput('   '))));
});

describe('duplicate and order', () => {
	it('a repeated tool_input key: the last one counts, as in JSON.parse', () => {
		const vault = brokenVault();
		const stdin = `{"tool_input":{"file_path":${JSON.stringify(rule(vault))}},"tool_input":{"file_path":"/elsewhere/x.md"}}`;
		expectSilent(runHook(vault, stdin));
		const reversed = `{"tool_input":{"file_path":"/elsewhere/x.md"},"tool_input":{"file_path":${JSON.stringify(rule(vault))}}}`;
		expect(context(runHook(vault, reversed))).toContain('[broken-link]');
	});
	it('keys in any order give the same result', () => {
		const vault = brokenVault();
		const stdin = `{"tool_response":{},"tool_input":{"content":"x","file_path":${JSON.stringify(rule(vault))}},"tool_name":"Write"}`;
		expect(context(runHook(vault, stdin))).toContain('[broken-link]');
	});
});

describe('extra', () => {
	it('a path outside the vault: silent', () => expectSilent(runHook(brokenVault(), editInput(path.join(tempDir(), 'CLAUDE.md')))));
	it('a note outside the rule scope: silent', () => {
		const vault = brokenVault();
		expectSilent(runHook(vault, editInput(path.join(vault, 'Notes', 'Reading list.md'))));
	});
	it('a sub-folder CLAUDE.md: silent', () => {
		const vault = brokenVault({ 'Notes/CLAUDE.md': '# local' });
		expectSilent(runHook(vault, editInput(path.join(vault, 'Notes', 'CLAUDE.md'))));
	});
	it('settings.json broken by the edit: the envelope names the problem', () => {
		const vault = exampleVault({ '.claude/settings.json': '{\n  "hooks": {\n    "PostToolUse": []\n  },\n}\n' });
		const text = context(runHook(vault, editInput(path.join(vault, '.claude', 'settings.json'))));
		expect(text).toContain('.claude/settings.json:5: error [settings-json] Not valid JSON at line 5');
	});
	it('settings.json valid: silent', () => {
		const script = '${CLAUDE_PROJECT_DIR}/.claude/hooks/session-brief.cjs';
		const hooks = { PostToolUse: [{ matcher: 'Edit|Write|MultiEdit|NotebookEdit', hooks: [{ type: 'command', command: 'node', args: [script, 'post-tool-use'], timeout: 30 }] }] };
		const vault = exampleVault({ '.claude/settings.json': JSON.stringify({ hooks }, null, 2) });
		expectSilent(runHook(vault, editInput(path.join(vault, '.claude', 'settings.json'))));
	});
	it('a Write input: reported', () => {
		const vault = brokenVault();
		expect(context(runHook(vault, { tool_name: 'Write', tool_input: { file_path: rule(vault), content: 'x' } }))).toContain('[broken-link]');
	});
	it('a MultiEdit input: reported', () => {
		const vault = brokenVault();
		const input = { tool_name: 'MultiEdit', tool_input: { file_path: rule(vault), edits: [{ old_string: 'a', new_string: 'b' }] } };
		expect(context(runHook(vault, input))).toContain('[broken-link]');
	});
	it('a NotebookEdit input (notebook_path): reported', () => {
		const vault = brokenVault();
		expect(context(runHook(vault, { tool_name: 'NotebookEdit', tool_input: { notebook_path: rule(vault), new_source: 'x' } }))).toContain('[broken-link]');
	});
});

describe('value range', () => {
	it('a NUL character in the path: silent', () => {
		const vault = brokenVault();
		expectSilent(runHook(vault, editInput(`${rule(vault)}\u0000.md`)));
	});
	it('the rules folder itself: silent (no file was edited)', () => {
		const vault = brokenVault();
		expectSilent(runHook(vault, editInput(path.join(vault, 'AI', 'Regelwerk'))));
	});
	it('the vault root itself: silent', () => {
		const vault = brokenVault();
		expectSilent(runHook(vault, editInput(vault)));
	});
	it('very long output: at most 40 lines and 4,000 characters, the summary, then a truncation note', () => {
		const links = Array.from({ length: 300 }, (_, i) => `See [[missing-note-${i}-${'x'.repeat(40)}]].`).join('\n');
		const vault = exampleVault({ 'AI/Regelwerk/many.md': links });
		const lines = context(runHook(vault, editInput(path.join(vault, 'AI', 'Regelwerk', 'many.md')))).split('\n');
		const note = lines.pop() ?? '';
		expect(lines.length).toBeLessThanOrEqual(40);
		expect(lines.join('\n').length).toBeLessThanOrEqual(4000);
		expect(lines[lines.length - 1]).toBe(`1 of the ${CHECK_COUNT} checks that ran found something: 300 errors, 0 warnings.`);
		expect(note).toMatch(/^\[cut: \d+ more finding\(s\) not shown; run `node .*session-brief\.cjs check` for all findings\]$/);
	});
	it('very long external output: bounded, every alarm line capped', () => {
		const { vault } = vaultWithChecker('flood');
		const run = runHook(vault, editInput(path.join(vault, 'CLAUDE.md')));
		const text = context(run);
		expect(text.split('\n').length).toBeLessThanOrEqual(41);
		expect(text).toContain('External check reported: ACHTUNG line 0');
		expect(run.stdout.length).toBeLessThan(6000);
	});
});

describe('dangling reference', () => {
	it('cwd does not exist: the result is the script\'s vault', () => {
		const vault = brokenVault();
		expect(context(runHook(vault, editInput(rule(vault), { cwd: '/no/such/folder' })))).toContain('[broken-link]');
	});
	it('cwd (field and process) points at another real vault: the result is still the script\'s vault', () => {
		const clean = exampleVault();
		const broken = brokenVault();
		const run = runHook(clean, editInput(path.join(clean, 'CLAUDE.md'), { cwd: broken }), { cwd: broken });
		expectSilent(run);
		expect(context(runHook(broken, editInput(rule(broken), { cwd: clean }), { cwd: clean }))).toContain('[broken-link]');
	});
	it('a new file (Write) with a broken link: reported at the new file', () => {
		const vault = exampleVault({ 'AI/Regelwerk/neu.md': '# Neu\n[[gibt-es-nicht]]\n' });
		const input = { tool_name: 'Write', tool_input: { file_path: path.join(vault, 'AI', 'Regelwerk', 'neu.md'), content: '# Neu' } };
		expect(context(runHook(vault, input))).toContain('AI/Regelwerk/neu.md:2: error [broken-link]');
	});
	it('a rule file that no longer exists: the check still runs, clean means silent', () => {
		const { vault, marker } = vaultWithChecker('clean');
		expectSilent(runHook(vault, editInput(path.join(vault, 'AI', 'Regelwerk', 'deleted.md'))));
		expect(fs.existsSync(marker)).toBe(true);
	});
	it('.. out of the vault and back in: in scope', () => {
		const vault = brokenVault();
		const back = path.join(vault, '..', path.basename(vault), 'AI', 'Regelwerk', 'broken.md');
		expect(context(runHook(vault, editInput(back)))).toContain('[broken-link]');
		// A fresh vault: in the first one the finding is now recorded, so a second edit is silent.
		const other = brokenVault();
		expect(context(runHook(other, editInput(`${other}/Notes/../AI/./Regelwerk/broken.md`)))).toContain('[broken-link]');
	});
	it('prefix traps: a sibling folder whose name starts with the vault\'s is outside', () => {
		const vault = brokenVault();
		const sibling = `${vault}-old`;
		writeFiles(sibling, { 'CLAUDE.md': 'x', 'AI/Regelwerk/broken.md': 'x' });
		expectSilent(runHook(vault, editInput(path.join(sibling, 'AI', 'Regelwerk', 'broken.md'))));
		expectSilent(runHook(vault, editInput(`${vault}CLAUDE.md`)));
		expectSilent(runHook(vault, editInput(path.join(vault, '..', `${path.basename(vault)}-old`, 'CLAUDE.md'))));
		fs.rmSync(sibling, { recursive: true, force: true, maxRetries: 30 });
	});
});

describe('environment', () => {
	const checkerRun = (mode: string) => {
		const { vault, marker } = vaultWithChecker(mode);
		const run = runHook(vault, editInput(path.join(vault, 'CLAUDE.md')), { env: bareEnv({ SESSION_BRIEF_EXTERNAL_TIMEOUT_MS: '700' }) });
		return { text: context(run), marker };
	};

	it('the external check hangs: stopped at the time limit and reported', () => {
		// Not stopped, the hook would outlive the runner's time limit and give no context at all.
		const { text, marker } = checkerRun('hang');
		expect(text).toContain('did not finish within 0.7 s and was stopped');
		expect(fs.existsSync(marker)).toBe(true);
	});
	it('the external check crashes: reported with the last lines of its output', () => {
		const { text } = checkerRun('crash');
		expect(text).toContain('exited with code 1');
		expect(text).toContain('Error: checker crashed on purpose');
	});
	it('the external check exits 2: reported', () => {
		expect(checkerRun('exit2').text).toContain('exited with code 2');
	});
	it('the external check exits 0 with ACHTUNG: reported with the alarm line', () => {
		expect(checkerRun('alarm').text).toContain('External check reported: ACHTUNG: AI/Regelwerk/tags.md widerspricht frontmatter.md');
	});
	it('the external check exits 0 without its last line: reported', () => {
		expect(checkerRun('no-last-line').text).toContain('did not end with the clean line "None of the N checks that ran found anything." (its last line was "checking 1 of 4")');
	});
	it('the external check prints invalid UTF-8: the hook output stays valid', () => {
		expect(checkerRun('invalid-utf8').text).toContain('bad\uFFFD\uFFFD');
	});
	it('the external check runs in a UTF-8 environment even when the hook has none', () => {
		expect(checkerRun('env').text).toContain('utf-8 1 C.UTF-8');
	});
	it('backslashes in the path: in scope', () => {
		const vault = brokenVault();
		expect(context(runHook(vault, editInput(`${vault}\\AI\\Regelwerk\\broken.md`)))).toContain('[broken-link]');
	});
	it('other letter case in the path: in scope', () => {
		const vault = brokenVault();
		expect(context(runHook(vault, editInput(path.join(vault, 'ai', 'REGELWERK', 'Broken.md'))))).toContain('[broken-link]');
	});
	it('a drive-letter path on another machine: silent', () => {
		expectSilent(runHook(brokenVault(), editInput('C:\\Users\\me\\vault\\AI\\Regelwerk\\broken.md')));
	});
	it('invalid UTF-8 on stdin: silent, no crash', () => {
		const vault = brokenVault();
		const bytes = Buffer.concat([Buffer.from(`{"tool_input":{"file_path":"${vault}/Notes/`), Buffer.from([0xff, 0xfe]), Buffer.from('.md"}}')]);
		expectSilent(runHook(vault, bytes));
	});
	it('invalid UTF-8 inside a rule file: the check runs, the output is valid UTF-8', () => {
		const vault = exampleVault({ 'AI/Regelwerk/latin1.md': Buffer.from([0x53, 0x65, 0x65, 0x20, 0xfc, 0x20, 0x5b, 0x5b, 0x78, 0xe4, 0x5d, 0x5d, 0x0a]) });
		expect(context(runHook(vault, editInput(path.join(vault, 'AI', 'Regelwerk', 'latin1.md'))))).toContain('[[x\uFFFD]]');
	});
	it('a non-ASCII path with no UTF-8 locale: strict UTF-8, pure ASCII JSON, the name intact', () => {
		const name = 'Zettel über Ümläute 🚀.md';
		const vault = exampleVault({ [`AI/Regelwerk/${name}`]: '# Ü\n[[Fehlt – 🚀]]\n' });
		const env = bareEnv();
		expect(env.LANG ?? env.LC_ALL ?? env.PYTHONIOENCODING).toBeUndefined();
		const text = context(runHook(vault, editInput(path.join(vault, 'AI', 'Regelwerk', name)), { env }));
		expect(text).toContain(`AI/Regelwerk/${name}:2: error [broken-link] [[Fehlt – 🚀]]`);
	});
	it('a German user gets German text', () => {
		const vault = brokenVault();
		const text = context(runHook(vault, editInput(rule(vault)), { env: bareEnv({ LANG: 'de_DE.UTF-8' }) }));
		expect(text).toContain('Regelwerk-Check nach der Änderung von AI/Regelwerk/broken.md:');
		expect(text).toMatch(new RegExp(`1 der ${CHECK_COUNT} gelaufenen Prüfungen hat angeschlagen: 1 Fehler, 0 Warnungen\\.$`));
	});
});

describe('code', () => {
	it('a broken link inside a code block or code span is not reported', () => {
		const { vault, marker } = vaultWithChecker('clean', { 'AI/Regelwerk/code.md': '```\n[[in-code]]\n```\n`[[in-span]]`\n' });
		expectSilent(runHook(vault, editInput(path.join(vault, 'AI', 'Regelwerk', 'code.md'))));
		expect(fs.existsSync(marker)).toBe(true);
	});
});

describe('crash in the script', () => {
	it('the hook itself throws: exit 0 and an envelope that says so', () => {
		const vault = brokenVault();
		const preload = path.join(tempDir('sb-preload-'), 'throw-on-walk.cjs');
		fs.writeFileSync(
			preload,
			`const fs = require('node:fs'); const original = fs.readdirSync; const root = ${JSON.stringify(vault)};
fs.readdirSync = function (p, ...rest) { if (String(p) === root) throw new Error('simulated: vault cannot be listed'); return original.call(this, p, ...rest); };`,
		);
		const text = context(runHook(vault, editInput(rule(vault)), { nodeArgs: ['--require', preload] }));
		expect(text).toContain('the post-tool-use hook itself failed (simulated: vault cannot be listed)');
		expect(text).toContain('check` in a terminal');
	});
	it('bad arguments before the hook starts: exit 0 and an envelope', () => {
		const vault = brokenVault();
		const text = context(runHook(vault, editInput(rule(vault)), { args: ['--vault'] }));
		expect(text).toContain('--vault needs a value');
	});
});

describe('cost of the common path', () => {
	const counting = (countFile: string) => {
		const preload = path.join(tempDir('sb-preload-'), 'count.cjs');
		fs.writeFileSync(
			preload,
			`const fs = require('node:fs'); let n = 0; const original = fs.readdirSync;
fs.readdirSync = function (...a) { n++; return original.apply(this, a); };
process.on('exit', () => fs.writeFileSync(${JSON.stringify(countFile)}, String(n)));`,
		);
		return preload;
	};

	it('an out-of-scope edit does not walk the vault; an in-scope one does', () => {
		const vault = brokenVault();
		const outside = path.join(tempDir('sb-count-'), 'n');
		expectSilent(runHook(vault, editInput(path.join(vault, 'Notes', 'x.md')), { nodeArgs: ['--require', counting(outside)] }));
		expect(fs.readFileSync(outside, 'utf8')).toBe('0');
		const inside = path.join(tempDir('sb-count-'), 'n');
		context(runHook(vault, editInput(rule(vault)), { nodeArgs: ['--require', counting(inside)] }));
		expect(Number(fs.readFileSync(inside, 'utf8'))).toBeGreaterThan(3);
	});
});

describe('done when (example vault)', () => {
	it('breaking a skill name is reported', () => {
		const vault = exampleVault();
		const skill = path.join(vault, '.claude', 'skills', 'vault-search', 'SKILL.md');
		fs.writeFileSync(skill, fs.readFileSync(skill, 'utf8').replace('name: vault-search', 'name: Vault_Search'));
		expect(context(runHook(vault, editInput(skill)))).toContain('.claude/skills/vault-search/SKILL.md:2: error [skill-frontmatter] Skill name "Vault_Search" is invalid');
	});
	it('a clean edit of the example vault produces nothing', () => {
		const vault = exampleVault();
		for (const file of ['CLAUDE.md', 'AI/Regelwerk/tags.md', '.claude/agents/reviewer.md', '.claude/skills/vault-search/SKILL.md']) {
			expectSilent(runHook(vault, editInput(path.join(vault, file))));
		}
	});
});
