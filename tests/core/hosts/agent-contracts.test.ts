/**
 * Every host contract: its documented input shape translated to Claude Code's field names, and the
 * output envelope the host's docs say it reads, kept under the host's limit. Payloads follow each
 * host's hooks reference (see hostOf(...).docs).
 */
import { describe, expect, it } from 'vitest';
import { AGENT_IDS, hostOf, hookEnvelope, parseHookOutput, patchPaths, sessionStartOutput, translateHookInput } from '../../../src/core/hosts/agent-contracts';

describe('input translation', () => {
	it('Claude Code input passes through', () => {
		const raw = { session_id: 's', transcript_path: '/t', cwd: '/v', hook_event_name: 'PostToolUse', tool_name: 'Edit', tool_input: { file_path: '/v/CLAUDE.md', old_string: 'a', new_string: 'b' } };
		expect(translateHookInput('claude-code', raw)).toEqual({ session_id: 's', cwd: '/v', hook_event_name: 'PostToolUse', tool_name: 'Edit', tool_input: raw.tool_input });
		expect(translateHookInput('claude-code', { hook_event_name: 'SessionStart', source: 'compact' }).source).toBe('compact');
	});

	it('Codex: same names; apply_patch edits become Edit with the patched paths', () => {
		expect(translateHookInput('codex', { session_id: 's', cwd: '/v', hook_event_name: 'SessionStart', source: 'resume', model: 'gpt-5' })).toEqual({ session_id: 's', cwd: '/v', hook_event_name: 'SessionStart', source: 'resume' });
		const patch = '*** Begin Patch\n*** Update File: AI/Regelwerk/a.md\n@@\n-x\n+y\n*** Add File: CLAUDE.md\n+z\n*** End Patch';
		const t = translateHookInput('codex', { hook_event_name: 'PostToolUse', tool_name: 'apply_patch', tool_input: { command: patch } });
		expect(t.tool_name).toBe('Edit');
		expect(t.tool_input?.file_path).toBe('AI/Regelwerk/a.md');
		expect(t.tool_input?.file_paths).toEqual(['AI/Regelwerk/a.md', 'CLAUDE.md']);
		expect(patchPaths('*** Delete File: x.md\n*** Update File: a.md\n*** Move to: b.md')).toEqual(['x.md', 'a.md', 'b.md']);
	});

	it('Gemini CLI: AfterTool is PostToolUse, write_file/replace are Write/Edit, trigger is source', () => {
		expect(translateHookInput('gemini', { session_id: 's', cwd: '/v', hook_event_name: 'SessionStart', timestamp: '2026-11-29T10:00:00Z', source: 'clear' }).source).toBe('clear');
		expect(translateHookInput('gemini', { hook_event_name: 'SessionStart', trigger: 'resume' }).source).toBe('resume');
		const t = translateHookInput('gemini', { hook_event_name: 'AfterTool', tool_name: 'replace', tool_input: { file_path: '/v/CLAUDE.md' } });
		// The host's own name is kept beside Claude Code's, for the review trail.
		expect(t).toEqual({ hook_event_name: 'PostToolUse', tool_name: 'Edit', host_tool_name: 'replace', tool_input: { file_path: '/v/CLAUDE.md' } });
		expect(translateHookInput('gemini', { tool_name: 'write_file', tool_input: { file_path: '/v/a.md' } }).tool_name).toBe('Write');
	});

	it('Qwen Code: Claude-shaped fields, its own tool names', () => {
		const t = translateHookInput('qwen', { session_id: 's', cwd: '/v', hook_event_name: 'SessionStart', source: 'startup', permission_mode: 'default', model: 'qwen3' });
		expect(t).toEqual({ session_id: 's', cwd: '/v', hook_event_name: 'SessionStart', source: 'startup' });
		expect(translateHookInput('qwen', { hook_event_name: 'PostToolUse', tool_name: 'edit', tool_input: { file_path: '/v/x.md' } }).tool_name).toBe('Edit');
	});

	it('Qwen Code 0.24.4: the inputs the real CLI sent (tests/clients), read as Claude Code\'s', () => {
		const base = { session_id: 'a18b6846-3cfb-481c-ab2e-5069d115f602', transcript_path: '/h/.qwen/projects/-v/chats/a18b6846-3cfb-481c-ab2e-5069d115f602.jsonl', cwd: '/v', timestamp: '2026-12-01T20:30:11.661Z', permission_mode: 'yolo' };
		expect(translateHookInput('qwen', { ...base, hook_event_name: 'SessionStart', source: 'startup', model: 'qwen-stand-in' })).toEqual({ session_id: base.session_id, cwd: '/v', hook_event_name: 'SessionStart', source: 'startup' });
		const edit = { file_path: '/v/CLAUDE.md', old_string: '## Self-maintenance', new_string: 'See [[No such note]].\n\n## Self-maintenance' };
		const after = { ...base, hook_event_name: 'PostToolUse', prompt_id: `${base.session_id}########0`, tool_name: 'edit', tool_input: edit, tool_response: { llmContent: 'The file: /v/CLAUDE.md has been updated.', returnDisplay: '' }, tool_use_id: 'toolu_1796157013404_4zkua0vf8', tool_call_id: 'call_000016', duration_ms: 8 };
		expect(translateHookInput('qwen', after)).toEqual({ session_id: base.session_id, cwd: '/v', hook_event_name: 'PostToolUse', tool_name: 'Edit', host_tool_name: 'edit', tool_input: edit });
		const write = translateHookInput('qwen', { ...after, tool_name: 'write_file', tool_input: { file_path: '/v/Notes/From Qwen.md', content: '# From Qwen\n' } });
		expect([write.tool_name, write.tool_input?.file_path]).toEqual(['Write', '/v/Notes/From Qwen.md']);
		// Its shell tool is no edit: the session net at Stop covers it.
		expect(translateHookInput('qwen', { ...after, tool_name: 'run_shell_command', tool_input: { command: 'ls' } }).tool_name).toBe('run_shell_command');
		const stop = { ...base, hook_event_name: 'Stop', stop_hook_active: false, last_assistant_message: 'Edited.', background_tasks: [], crons: [], context_usage: 0.00004, context_limit: 262144, input_tokens: 10 };
		expect(translateHookInput('qwen', stop)).toEqual({ session_id: base.session_id, cwd: '/v', hook_event_name: 'Stop' });
	});

	it('Cursor: camelCase events, conversation id, workspace_roots for cwd, no source', () => {
		const raw = { conversation_id: 'c1', generation_id: 'g', model: 'm', hook_event_name: 'sessionStart', cursor_version: '3.13.10', workspace_roots: ['/v'], user_email: 'x', transcript_path: null, is_background_agent: false, composer_mode: 'agent' };
		expect(translateHookInput('cursor', raw)).toEqual({ hook_event_name: 'SessionStart', session_id: 'c1', cwd: '/v', source: 'startup' });
		const edit = translateHookInput('cursor', { hook_event_name: 'afterFileEdit', file_path: '/v/CLAUDE.md', edits: [], workspace_roots: ['/v'] });
		expect(edit).toMatchObject({ hook_event_name: 'PostToolUse', tool_name: 'Edit', tool_input: { file_path: '/v/CLAUDE.md' } });
	});

	it('Copilot CLI: camelCase fields, source "new" is startup, toolArgs as a JSON string', () => {
		expect(translateHookInput('copilot', { sessionId: 's', timestamp: 1764410400000, cwd: '/v', source: 'new', initialPrompt: 'hi' })).toEqual({ session_id: 's', cwd: '/v', source: 'startup' });
		const t = translateHookInput('copilot', { sessionId: 's', cwd: '/v', toolName: 'edit', toolArgs: '{"path":"/v/CLAUDE.md","old_str":"a"}', toolResult: { resultType: 'success' } });
		expect(t.tool_name).toBe('Edit');
		expect(t.tool_input?.file_path).toBe('/v/CLAUDE.md');
		expect(translateHookInput('copilot', { hook_event_name: 'SessionStart', session_id: 's', source: 'resume' }).source).toBe('resume');
	});

	it('anything that is not an object translates to nothing, never throws', () => {
		for (const agent of AGENT_IDS) {
			for (const raw of [null, undefined, 'x', 42, [1], { toolArgs: '{broken' }]) expect(() => translateHookInput(agent, raw)).not.toThrow();
			expect(translateHookInput(agent, null)).toEqual({});
		}
	});
});

describe('pre-tool input', () => {
	it("reads Gemini CLI's BeforeTool: the event, its edit tools under Claude Code's names, its shell as Bash", () => {
		const edit = translateHookInput('gemini', { hook_event_name: 'BeforeTool', session_id: 'g', cwd: '/v', tool_name: 'replace', tool_input: { file_path: '/v/Notes/a.md', old_string: 'a', new_string: 'b' } });
		expect(edit).toMatchObject({ hook_event_name: 'PreToolUse', session_id: 'g', cwd: '/v', tool_name: 'Edit', tool_input: { file_path: '/v/Notes/a.md' } });
		expect(translateHookInput('gemini', { hook_event_name: 'BeforeTool', tool_name: 'write_file', tool_input: { file_path: '/v/b.md', content: 'x' } }).tool_name).toBe('Write');
		const shell = translateHookInput('gemini', { hook_event_name: 'BeforeTool', cwd: '/v', tool_name: 'run_shell_command', tool_input: { command: "sed -i 's/a/b/' a.md" } });
		expect(shell).toMatchObject({ tool_name: 'Bash', cwd: '/v', tool_input: { command: "sed -i 's/a/b/' a.md" } });
	});

	it("reads Gemini CLI's shell folder (dir_path) as the command's working folder", () => {
		const run = (dir: string): string | undefined => translateHookInput('gemini', { hook_event_name: 'BeforeTool', cwd: '/v/', tool_name: 'run_shell_command', tool_input: { command: 'rm a.md', dir_path: dir } }).cwd;
		expect(run('Notes')).toBe('/v/Notes');
		expect(run('/elsewhere')).toBe('/elsewhere');
		expect(run('C:\\w')).toBe('C:\\w');
		expect(run('')).toBe('/v/');
		// Only the shell tool's dir_path moves the folder.
		expect(translateHookInput('gemini', { cwd: '/v', tool_name: 'replace', tool_input: { file_path: 'a.md', dir_path: 'x' } }).cwd).toBe('/v');
	});

	it("reads Codex's PreToolUse: apply_patch as Edit with every file of the patch, its shell as Bash", () => {
		const patch = ['*** Begin Patch', '*** Update File: Notes/a.md', '@@', '-a', '+b', '*** Add File: Notes/b.md', '+b', '*** End Patch'].join('\n');
		const edit = translateHookInput('codex', { hook_event_name: 'PreToolUse', session_id: 'c', cwd: '/v', tool_name: 'apply_patch', tool_input: { command: patch } });
		expect(edit).toMatchObject({ hook_event_name: 'PreToolUse', tool_name: 'Edit', tool_input: { file_path: 'Notes/a.md', file_paths: ['Notes/a.md', 'Notes/b.md'] } });
		expect(translateHookInput('codex', { hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'rm a.md' } })).toMatchObject({ tool_name: 'Bash', tool_input: { command: 'rm a.md' } });
		// A shell tool under its own name, with its command line as `cmd`.
		expect(translateHookInput('codex', { hook_event_name: 'PreToolUse', tool_name: 'exec_command', tool_input: { cmd: 'rm a.md' } })).toMatchObject({ tool_name: 'Bash', tool_input: { command: 'rm a.md' } });
	});
});

describe('output envelopes', () => {
	it('each host gets the shape its docs read', () => {
		expect(hookEnvelope('claude-code', 'SessionStart', 't')).toEqual({ hookSpecificOutput: { hookEventName: 'SessionStart', additionalContext: 't' } });
		expect(hookEnvelope('codex', 'SessionStart', 't')).toEqual({ hookSpecificOutput: { hookEventName: 'SessionStart', additionalContext: 't' } });
		expect(hookEnvelope('qwen', 'SessionStart', 't')).toEqual({ hookSpecificOutput: { hookEventName: 'SessionStart', additionalContext: 't' } });
		expect(hookEnvelope('gemini', 'SessionStart', 't')).toEqual({ hookSpecificOutput: { hookEventName: 'SessionStart', additionalContext: 't' } });
		expect(hookEnvelope('gemini', 'PostToolUse', 't')).toEqual({ hookSpecificOutput: { hookEventName: 'AfterTool', additionalContext: 't' } });
		expect(hookEnvelope('cursor', 'SessionStart', 't')).toEqual({ additional_context: 't' });
		expect(hookEnvelope('copilot', 'SessionStart', 't')).toEqual({ additionalContext: 't' });
	});

	it.each(AGENT_IDS)('%s: one ASCII JSON line, cut at the host limit, that the host parser accepts', (agent) => {
		const long = Array.from({ length: 3000 }, (_, i) => `Inbox/Überprüfung ${i}.md`).join('\n');
		const out = sessionStartOutput(agent, long, 'en');
		expect(out.endsWith('\n')).toBe(true);
		expect(out.trim().includes('\n')).toBe(false);
		expect(out).not.toMatch(/[\u0080-\uffff]/);
		const parsed = parseHookOutput(agent, 'SessionStart', out);
		expect(parsed.ok, parsed.problem).toBe(true);
		expect(parsed.text?.length).toBeLessThanOrEqual(hostOf(agent).limit);
		expect(parsed.text).toContain('Überprüfung 0');
		expect(parsed.text).toMatch(/\[cut at \d+ characters/);
		expect(parseHookOutput(agent, 'SessionStart', sessionStartOutput(agent, 'short', 'de')).text).toBe('short');
	});

	it('an unknown or missing agent gets the Claude Code envelope (a hook never fails its host)', () => {
		expect(JSON.parse(sessionStartOutput(undefined, 'x', 'en'))).toEqual(hookEnvelope('claude-code', 'SessionStart', 'x'));
		expect(JSON.parse(sessionStartOutput('nonsense', 'x', 'en'))).toEqual(hookEnvelope('claude-code', 'SessionStart', 'x'));
	});

	it('the output check rejects what a host would drop', () => {
		expect(parseHookOutput('claude-code', 'SessionStart', '').ok).toBe(false);
		expect(parseHookOutput('claude-code', 'SessionStart', 'echo\n{"a":1}').problem).toMatch(/not one JSON object/);
		expect(parseHookOutput('claude-code', 'SessionStart', '{"additionalContext":"x"}').problem).toMatch(/hookSpecificOutput/);
		expect(parseHookOutput('claude-code', 'SessionStart', '{"hookSpecificOutput":{"hookEventName":"PostToolUse","additionalContext":"x"}}').problem).toMatch(/hookEventName/);
		expect(parseHookOutput('cursor', 'SessionStart', '{"additionalContext":"x"}').problem).toMatch(/additional_context/);
		expect(parseHookOutput('codex', 'SessionStart', JSON.stringify(hookEnvelope('codex', 'SessionStart', 'x'.repeat(7001)))).ok).toBe(false);
	});
});
