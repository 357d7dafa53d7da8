/** post-tool-use reads its input and writes its output through the host's descriptor (agent-contracts.ts). */
import { describe, expect, it } from 'vitest';
import { editedPath, postToolUseEnvelope } from '../../../bridge/commands/post-tool-use';

const input = (value: unknown): Buffer => Buffer.from(JSON.stringify(value));

describe('post-tool-use per host', () => {
	it("reads Claude Code's file_path and notebook_path as before", () => {
		expect(editedPath(input({ tool_name: 'Edit', tool_input: { file_path: '/v/CLAUDE.md' } }))).toBe('/v/CLAUDE.md');
		expect(editedPath(input({ tool_name: 'NotebookEdit', tool_input: { notebook_path: '/v/a.ipynb' } }))).toBe('/v/a.ipynb');
		expect(editedPath(input({ tool_name: 'Edit' }))).toBeNull();
		expect(editedPath(Buffer.from('not json'))).toBeNull();
	});

	it("maps other hosts' inputs: Copilot's JSON-string toolArgs, Cursor's top-level file_path, Codex's patch", () => {
		expect(editedPath(input({ toolName: 'edit', toolArgs: JSON.stringify({ path: '/v/AI/r.md' }) }), 'copilot')).toBe('/v/AI/r.md');
		expect(editedPath(input({ hook_event_name: 'afterFileEdit', file_path: '/v/CLAUDE.md' }), 'cursor')).toBe('/v/CLAUDE.md');
		expect(editedPath(input({ tool_name: 'apply_patch', tool_input: { command: '*** Update File: CLAUDE.md\n' } }), 'codex')).toBe('CLAUDE.md');
	});

	it("writes the host's envelope, with the user message only where the host has one", () => {
		expect(JSON.parse(postToolUseEnvelope('ctx', 'a\n  b'))).toEqual({ hookSpecificOutput: { hookEventName: 'PostToolUse', additionalContext: 'ctx' }, systemMessage: 'a b' });
		expect(JSON.parse(postToolUseEnvelope('ctx', 'm', 'gemini'))).toEqual({ hookSpecificOutput: { hookEventName: 'AfterTool', additionalContext: 'ctx' } });
		expect(JSON.parse(postToolUseEnvelope('ctx', 'm', 'cursor'))).toEqual({ additional_context: 'ctx' });
	});
});
