/**
 * The host registry: one descriptor per host, ids in the order the command line and the plugin's
 * dialog list them, and the two hosts added through it (Devin CLI, CodeBuddy Code) read and
 * answered in their documented shapes (docs/agents.md, "Hosts").
 */
import { describe, expect, it } from 'vitest';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { specFor } from '../../../src/node/hosts/index';
import { AGENT_IDS, HOOK_COMMANDS, agentArgs, agentNamed, DEFAULT_AGENT, hookEnvelope, hostOf, parseHookOutput, sessionStartOutput, translateHookInput, UNSUPPORTED_AGENTS } from '../../../src/core/hosts/agent-contracts';

describe('the registry', () => {
	it('lists every host once, existing ids first and unchanged', () => {
		// Users type these ids (--agent, installed hook lines): a new host goes after them.
		expect(AGENT_IDS.slice(0, 8)).toEqual(['claude-code', 'codex', 'gemini', 'qwen', 'cursor', 'copilot', 'devin', 'codebuddy']);
		expect(new Set(AGENT_IDS).size).toBe(AGENT_IDS.length);
		for (const id of AGENT_IDS) {
			expect(hostOf(id).id).toBe(id);
			expect(hostOf(id).events.SessionStart, id).toBeDefined();
			expect(hostOf(id).docs).toMatch(/^https:\/\//);
		}
		expect(DEFAULT_AGENT).toBe('claude-code');
	});

	it('names a host by id or alias, in any case, and nothing else', () => {
		expect(agentNamed('claude')).toBe('claude-code');
		expect(agentNamed('Claude-Code')).toBe('claude-code');
		expect(agentNamed('DEVIN')).toBe('devin');
		expect(agentNamed('devin-local')).toBe('devin');
		expect(agentNamed('codebuddy')).toBe('codebuddy');
		expect(agentNamed('windsurf')).toBeUndefined();
		expect(agentNamed('constructor')).toBeUndefined();
	});

	it("each host's registration spec registers exactly the events its descriptor names", () => {
		for (const id of AGENT_IDS) expect([...specFor(id).events].sort(), id).toEqual(Object.keys(hostOf(id).events).sort());
	});

	it('the hook entry, which has no build step, runs and fails open for exactly the hook commands and the status line', () => {
		const entry = fs.readFileSync(path.join(__dirname, '../../../src/node/hosts/hook-files/hook-entry.cjs'), 'utf8');
		const failOpen = /function failOpen[\s\S]*?if \(!\[([^\]]*)\]\.includes/.exec(entry)?.[1];
		expect(failOpen?.split(',').map((s) => s.trim().replace(/'/g, ''))).toEqual([...new Set(Object.values(HOOK_COMMANDS)), 'statusline']);
	});

	it('passes --agent for every host but the default', () => {
		expect(agentArgs('claude-code')).toEqual([]);
		expect(agentArgs('devin')).toEqual(['--agent', 'devin']);
	});

	it('refuses Windsurf and Kiro with the reason, Windsurf pointing to Devin CLI', () => {
		expect(UNSUPPORTED_AGENTS.windsurf).toMatch(/no session-start event.*--agent devin/);
		expect(UNSUPPORTED_AGENTS.kiro).toMatch(/custom agent file.*agentSpawn.*\.kiro\/hooks/);
	});

	it('an input naming an inherited property is not translated through it', () => {
		expect(translateHookInput('gemini', { hook_event_name: 'constructor', tool_name: '__proto__' })).toEqual({ hook_event_name: 'constructor', tool_name: '__proto__' });
	});
});

describe('Devin CLI', () => {
	it('reads a captured-shape SessionStart (no cwd, a slug session id) and answers in the Claude Code envelope', () => {
		expect(translateHookInput('devin', { session_id: 'bramble-scorpion', hook_event_name: 'SessionStart', source: 'startup' })).toEqual({ session_id: 'bramble-scorpion', hook_event_name: 'SessionStart', source: 'startup' });
		expect(hookEnvelope('devin', 'SessionStart', 't')).toEqual({ hookSpecificOutput: { hookEventName: 'SessionStart', additionalContext: 't' } });
		const out = sessionStartOutput('devin', 'Brief', 'en');
		expect(parseHookOutput('devin', 'SessionStart', out)).toEqual({ ok: true, text: 'Brief' });
	});

	it('maps its lowercase edit tools to the Claude Code names, and leaves the others', () => {
		const edit = translateHookInput('devin', { session_id: 's', prompt_id: 'p', hook_event_name: 'PostToolUse', tool_name: 'edit', tool_input: { file_path: '/v/CLAUDE.md', old_string: 'a', new_string: 'b' }, tool_response: { success: true, output: '', error: null } });
		expect(edit).toMatchObject({ hook_event_name: 'PostToolUse', tool_name: 'Edit', tool_input: { file_path: '/v/CLAUDE.md' } });
		expect(translateHookInput('devin', { tool_name: 'write', tool_input: { file_path: '/v/a.md' } }).tool_name).toBe('Write');
		expect(translateHookInput('devin', { tool_name: 'notebook_edit', tool_input: { notebook_path: '/v/a.ipynb' } }).tool_name).toBe('NotebookEdit');
		expect(translateHookInput('devin', { tool_name: 'exec', tool_input: { command: 'ls' } }).tool_name).toBe('exec');
		expect(hookEnvelope('devin', 'PostToolUse', 'c', 'n')).toEqual({ hookSpecificOutput: { hookEventName: 'PostToolUse', additionalContext: 'c' }, systemMessage: 'n' });
	});
});

describe('CodeBuddy Code', () => {
	it("is Claude Code's contract: the same fields, tool names and envelope", () => {
		const raw = { session_id: 's', cwd: '/v', hook_event_name: 'PostToolUse', tool_name: 'Edit', tool_input: { file_path: '/v/CLAUDE.md' } };
		expect(translateHookInput('codebuddy', raw)).toEqual(translateHookInput('claude-code', raw));
		expect(translateHookInput('codebuddy', { tool_name: 'edit' }).tool_name).toBe('edit');
		expect(hookEnvelope('codebuddy', 'SessionStart', 't')).toEqual(hookEnvelope('claude-code', 'SessionStart', 't'));
		expect(hostOf('codebuddy').limit).toBe(hostOf('claude-code').limit);
	});
});
