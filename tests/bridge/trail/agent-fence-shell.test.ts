/**
 * The fence against shell commands that spell our places so that no word shows them: escapes,
 * `$'…'`, `$"…"`, a `cd` or `pushd` before `..`, a folder link before `..`, an option glued to its
 * path, a glob, a variable set on the line, git commands that rewrite the work tree. Each command
 * goes to the installed hook (PreToolUse, as Claude Code sends it); what the hook lets through is
 * run by bash in the session's folder, as the agent's host would, so a miss shows as a changed
 * file. Ordinary commands stay allowed. The fence stays best effort (docs/design.md).
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bareEnv, exampleVault, hookScript, REPO, removeTempDirs, runBridge, tempDir, type HookRun } from '../../helpers/rule-vault';

afterAll(removeTempDirs, 60_000);

const PLUGIN = path.join('.obsidian', 'plugins', 'session-brief');
const JOURNAL = path.join(PLUGIN, 'agent-changes.jsonl');
const HOOK = path.join('.claude', 'hooks', 'session-brief.edit.cjs');
const TRAIL = '{"path":"Notes/a.md","tool":"Edit","session":"earlier","at":"2026-11-29T09:00:00.000Z"}\n';
const hasGit = spawnSync('git', ['--version']).status === 0;

interface Setup {
	v: string;
	state: string;
	env: NodeJS.ProcessEnv;
}

function setup(): Setup {
	const v = exampleVault();
	fs.writeFileSync(path.join(v, JOURNAL), TRAIL);
	fs.mkdirSync(path.join(v, '.obsidian', 'plugins', 'other-plugin'), { recursive: true });
	fs.mkdirSync(path.join(v, 'evil'), { recursive: true });
	fs.writeFileSync(path.join(v, 'evil', 'agent-changes.jsonl'), '');
	const state = tempDir('sb-state-');
	fs.writeFileSync(path.join(state, 'review-seal-abc.json'), '{"seal":1}\n');
	return { v, state, env: bareEnv({ SESSION_BRIEF_STATE_DIR: state, HOME: tempDir('sb-home-') }) };
}

const bashInput = (command: string, cwd: string): string => JSON.stringify({ session_id: 'fence', hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command, description: 'x' }, cwd });

/** The hook's answer; a command it lets through runs in bash, as the host would run it. */
function attempt(s: Setup, command: string, cwd = s.v): HookRun {
	const run = runBridge(s.v, 'pre-tool-use', bashInput(command, cwd), { env: s.env });
	if (run.code === 0 && run.text === '') spawnSync('bash', ['-c', command], { cwd, env: s.env, timeout: 20_000 });
	return run;
}

function refused(run: HookRun, what: string): string {
	expect(run.code, what).toBe(0);
	expect(run.stderr, what).toBe('');
	expect(run.text, `${what} was let through`).not.toBe('');
	const out = JSON.parse(run.text) as { hookSpecificOutput: { permissionDecision: string; permissionDecisionReason: string } };
	expect(out.hookSpecificOutput.permissionDecision, what).toBe('deny');
	return out.hookSpecificOutput.permissionDecisionReason;
}

function git(v: string, ...args: string[]): void {
	const r = spawnSync('git', ['-c', 'user.email=t@example.com', '-c', 'user.name=t', '-c', 'commit.gpgsign=false', ...args], { cwd: v, encoding: 'utf8' });
	expect(r.status, r.stderr).toBe(0);
}

describe('the fence reads a shell command as the shell does', () => {
	const spellings: [string, string][] = [
		['an escaped letter', ': > .obsidian/plugins/session-brie\\f/agent-changes.jsonl'],
		["ANSI-C quoting $'…'", ": > $'.obsidian/plugins/session-brie\\x66/agent-changes.jsonl'"],
		['locale quoting $"…"', ': > $".obsidian/plugins/session-brief/agent-changes.jsonl"'],
		['cd, then ..', 'cd Notes && : > ../.obsidian/plugins/session-brief/agent-changes.jsonl'],
		['cd on one line, .. on the next', 'cd Notes\n: > ../.obsidian/plugins/session-brief/agent-changes.jsonl'],
		['pushd, then ..', 'pushd Notes >/dev/null && : > ../.obsidian/plugins/session-brief/agent-changes.jsonl; popd'],
		['an option glued to its folder', 'cp -t.obsidian/plugins/session-brief evil/agent-changes.jsonl'],
		['a glob before our name', ': > .obs*/plugins/session-brief/agent-changes.jsonl'],
		['a variable set on the line', 'P=plugins/session-brief; : > .obsidian/$P/agent-changes.jsonl'],
		['a folder known only at run time', 'V=$(pwd); : > "$V"/.obsidian/plugins/session-brie\\f/agent-changes.jsonl'],
		['a command run by eval', "eval ': > .obsidian/plugins/session-brie\\f/agent-changes.jsonl'"],
		['a command run by bash -c', "bash -c ': > .obsidian/plugins/session-brie\\f/agent-changes.jsonl'"],
		['a # inside a word', 'echo a#b; : > .obsidian/plugins/session-brie\\f/agent-changes.jsonl'],
		['a command in $(…)', 'echo $(: > .obsidian/plugins/session-brie\\f/agent-changes.jsonl)'],
	];
	for (const [what, command] of spellings) {
		it(`refuses ${what}, and the journal keeps its bytes`, () => {
			const s = setup();
			const reason = refused(attempt(s, command), what);
			expect(reason).toContain("Session Brief's plugin folder");
			expect(fs.readFileSync(path.join(s.v, JOURNAL), 'utf8')).toBe(TRAIL);
		});
	}

	it.skipIf(process.platform === 'win32')('refuses a folder link followed by .., as the system resolves it', () => {
		const s = setup();
		fs.symlinkSync(path.join(s.v, '.obsidian', 'plugins', 'other-plugin'), path.join(s.v, 'Notes', 'l'), 'dir');
		refused(attempt(s, ': > Notes/l/../session-brief/agent-changes.jsonl'), 'link and ..');
		refused(attempt(s, 'cd Notes/l/.. && rm -rf s*'), 'cd through a link and .., then a glob');
		expect(fs.readFileSync(path.join(s.v, JOURNAL), 'utf8')).toBe(TRAIL);
	});

	it("refuses a change of a hook file from another folder, and the hook file keeps its bytes", () => {
		const s = setup();
		const before = fs.readFileSync(path.join(s.v, HOOK));
		const reason = refused(attempt(s, 'cd Notes && : > ../.claude/hooks/session-brief.edit.cjs'), 'hook file via cd');
		expect(reason).toContain("Session Brief's hook files");
		refused(attempt(s, ': > .claude/hooks/session-brie\\f.edit.cjs'), 'hook file, escaped');
		expect(fs.readFileSync(path.join(s.v, HOOK)).equals(before)).toBe(true);
	});

	it('refuses a change in the per-user state folder by a shell command and by a Write', () => {
		const s = setup();
		const seal = path.join(s.state, 'review-seal-abc.json');
		const reason = refused(attempt(s, `: > ${seal}`), 'shell');
		expect(reason).toContain("Session Brief's per-user state folder");
		refused(attempt(s, `cd ${s.state} && rm -f review-seal-abc.json`), 'cd into it');
		const write = JSON.stringify({ session_id: 'fence', hook_event_name: 'PreToolUse', tool_name: 'Write', tool_input: { file_path: seal, content: '{}' }, cwd: s.v });
		refused(runBridge(s.v, 'pre-tool-use', write, { env: s.env }), 'Write');
		expect(fs.readFileSync(seal, 'utf8')).toBe('{"seal":1}\n');
	});

	it.skipIf(!hasGit)('refuses git commands that rewrite a work tree holding our places, and the journal keeps its bytes', { timeout: 120_000 }, () => {
		const s = setup();
		git(s.v, 'init', '-q');
		git(s.v, 'add', '-A');
		git(s.v, 'commit', '-qm', 'vault');
		// The trail grew after the commit: reverting the work tree would drop the new entry.
		const grown = `${TRAIL}${TRAIL.replace('earlier', 'later')}`;
		fs.writeFileSync(path.join(s.v, JOURNAL), grown);
		for (const [command, from] of [
			['git checkout -- .', s.v],
			['git restore .', s.v],
			['git checkout -- :/', path.join(s.v, 'Notes')],
			['git stash', s.v],
			['git reset --hard', s.v],
			['cd Notes && git checkout -- ..', s.v],
		] as const) {
			refused(attempt(s, command, from), command);
			expect(fs.readFileSync(path.join(s.v, JOURNAL), 'utf8'), command).toBe(grown);
		}
		fs.writeFileSync(path.join(s.v, '.obsidian', 'plugins', 'session-brief', 'untracked.json'), '{}');
		refused(attempt(s, 'git clean -fdx'), 'git clean');
		expect(fs.existsSync(path.join(s.v, '.obsidian', 'plugins', 'session-brief', 'untracked.json'))).toBe(true);
	});

	it('lets ordinary commands through', { timeout: 120_000 }, () => {
		const s = setup();
		if (hasGit) git(s.v, 'init', '-q');
		const fine: [string, string?][] = [
			['ls'],
			['ls -la Notes'],
			['cat Notes/*.md | head -5'],
			['grep -r "#review" .'],
			['grep -rn TODO --include=*.md .'],
			['git status'],
			['git diff'],
			['git log --oneline -5'],
			['git checkout -b topic'],
			['git stash list'],
			['git checkout -- Notes'],
			['cd Notes && git checkout -- .'],
			['cd Notes && ls ..'],
			['echo $HOME && ls $TMPDIR'],
			['find . -name "*.md" -exec grep -l review {} +'],
			['node .claude/hooks/session-brief.cjs report'],
			['node .claude/hooks/session-brief.cjs check --json'],
			["for f in Notes/*.md; do wc -l \"$f\"; done"],
			["cat > Notes/new.md <<'EOF'\n# New\nsome text\nEOF"],
			['cat .obsidian/app.json'],
			['npm test 2>&1 | tail -3'],
			['ls', 'Notes'],
		];
		for (const [command, from] of fine) {
			const run = runBridge(s.v, 'pre-tool-use', bashInput(command, from === undefined ? s.v : path.join(s.v, from)), { env: s.env });
			expect(run.code, command).toBe(0);
			expect(run.text, `${command} was refused`).toBe('');
		}
	});
});

describe('the fence in plugin mode', () => {
	it("refuses changes to the agent plugin's own folder, wherever the host keeps it", () => {
		const s = setup();
		const plugin = path.join(tempDir('sb-plugin-cache-'), 'plugins', 'cache', 'market', 'session-brief', '0.1.0');
		fs.cpSync(path.join(REPO, 'claude-plugin'), plugin, { recursive: true });
		// The plugin's hooks, not the ones install put into the vault.
		fs.rmSync(path.join(s.v, '.claude'), { recursive: true, force: true });
		const hooksJson = path.join(plugin, 'hooks', 'hooks.json');
		const before = fs.readFileSync(hooksJson);
		const env = { ...s.env, CLAUDE_PROJECT_DIR: s.v };
		const script = path.join(plugin, 'hooks', 'session-brief.plugin.cjs');
		const write = JSON.stringify({ session_id: 'fence', hook_event_name: 'PreToolUse', tool_name: 'Write', tool_input: { file_path: hooksJson, content: '{}' }, cwd: s.v });
		const reason = refused(runBridge(s.v, 'pre-tool-use', write, { env, script, cwd: s.v }), 'Write to hooks.json');
		expect(reason).toContain("Session Brief's agent plugin");
		refused(runBridge(s.v, 'pre-tool-use', bashInput(`: > ${path.join(plugin, '.claude-plugin', 'plugin.json')}`, s.v), { env, script, cwd: s.v }), 'shell');
		expect(fs.readFileSync(hooksJson).equals(before)).toBe(true);
		for (const command of ['git status', `node ${path.join(plugin, 'hooks', 'session-brief.cjs')} check --vault ${s.v}`]) {
			const fine = runBridge(s.v, 'pre-tool-use', bashInput(command, s.v), { env, script, cwd: s.v });
			expect(fine.text, command).toBe('');
		}
		expect(hookScript(s.v)).not.toBe(script);
	});
});
