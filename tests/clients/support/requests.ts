/**
 * Where each client puts hook output in the request it sends to the model, read from the recorded
 * request bodies. Each reader states the shape it expects; when a client moves the text, the reader
 * finds nothing and the test fails with the request excerpt.
 */
import type { RecordedRequest } from './model-api';

type Json = Record<string, unknown>;

function isObj(v: unknown): v is Json {
	return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export interface Entry {
	role: string;
	/** The text of one content block (text, tool_result content). */
	text: string;
	kind: 'text' | 'tool_use' | 'tool_result';
}

/** Anthropic Messages: every content block of every message, in order (system entries included). */
export function anthropicEntries(q: RecordedRequest): Entry[] {
	const out: Entry[] = [];
	const body = isObj(q.body) ? q.body : {};
	for (const m of Array.isArray(body.messages) ? body.messages : []) {
		if (!isObj(m)) continue;
		const role = String(m.role);
		if (typeof m.content === 'string') {
			out.push({ role, text: m.content, kind: 'text' });
			continue;
		}
		for (const b of Array.isArray(m.content) ? m.content : []) {
			if (!isObj(b)) continue;
			if (b.type === 'text') out.push({ role, text: String(b.text), kind: 'text' });
			else if (b.type === 'tool_use') out.push({ role, text: JSON.stringify(b.input), kind: 'tool_use' });
			else if (b.type === 'tool_result') {
				const c = b.content;
				const text = typeof c === 'string' ? c : Array.isArray(c) ? c.map((x) => (isObj(x) && typeof x.text === 'string' ? x.text : '')).join('\n') : '';
				out.push({ role, text, kind: 'tool_result' });
			}
		}
	}
	return out;
}

export const CLAUDE_SESSION_START = 'SessionStart hook additional context: ';

/**
 * Claude Code: each SessionStart context is a system entry in `messages` beginning with
 * CLAUDE_SESSION_START; Claude Code appends its own "# Environment" section after a blank line,
 * and the brief has none, so the brief ends at the first blank line.
 */
export function claudeBriefs(q: RecordedRequest): string[] {
	return anthropicEntries(q)
		.filter((e) => e.kind === 'text' && e.text.startsWith(CLAUDE_SESSION_START))
		.map((e) => e.text.slice(CLAUDE_SESSION_START.length).split('\n\n')[0] ?? '');
}

/** Claude Code: the text that follows the last tool result (where PostToolUse context lands). */
export function claudeAfterLastToolResult(q: RecordedRequest): Entry[] {
	const entries = anthropicEntries(q);
	let last = -1;
	entries.forEach((e, i) => {
		if (e.kind === 'tool_result') last = i;
	});
	return last < 0 ? [] : entries.slice(last + 1);
}

export function claudeLastToolResult(q: RecordedRequest): Entry | undefined {
	return anthropicEntries(q)
		.filter((e) => e.kind === 'tool_result')
		.pop();
}

/** Gemini CLI: the parts of `contents`; a SessionStart context is wrapped in `<hook_context>`. */
export function geminiTexts(q: RecordedRequest): string[] {
	const body = isObj(q.body) ? q.body : {};
	const out: string[] = [];
	for (const c of Array.isArray(body.contents) ? body.contents : []) {
		if (!isObj(c)) continue;
		for (const p of Array.isArray(c.parts) ? c.parts : []) if (isObj(p) && typeof p.text === 'string') out.push(p.text);
	}
	return out;
}

/**
 * Gemini CLI: the output of every function response; an AfterTool context is appended to the
 * tool's output, wrapped in `<hook_context>`.
 */
export function geminiToolOutputs(q: RecordedRequest): string[] {
	const body = isObj(q.body) ? q.body : {};
	const out: string[] = [];
	for (const c of Array.isArray(body.contents) ? body.contents : []) {
		if (!isObj(c)) continue;
		for (const p of Array.isArray(c.parts) ? c.parts : []) {
			const response = isObj(p) && isObj(p.functionResponse) && isObj(p.functionResponse.response) ? p.functionResponse.response : undefined;
			if (response !== undefined && typeof response.output === 'string') out.push(response.output);
		}
	}
	return out;
}

export function geminiBriefs(q: RecordedRequest): string[] {
	const out: string[] = [];
	for (const t of geminiTexts(q)) for (const m of t.matchAll(/<hook_context>([\s\S]*?)<\/hook_context>/g)) out.push(m[1] ?? '');
	return out;
}

/** OpenAI Responses (Codex): the `input_text` of every message item, with its role. */
export function responsesTexts(q: RecordedRequest): { role: string; text: string }[] {
	const body = isObj(q.body) ? q.body : {};
	const out: { role: string; text: string }[] = [];
	for (const item of Array.isArray(body.input) ? body.input : []) {
		if (!isObj(item) || item.type !== 'message') continue;
		for (const c of Array.isArray(item.content) ? item.content : []) {
			if (isObj(c) && typeof c.text === 'string') out.push({ role: String(item.role), text: c.text });
		}
	}
	return out;
}

/** Codex: SessionStart output arrives as a developer message of its own. */
export function codexBriefs(q: RecordedRequest): string[] {
	return responsesTexts(q)
		.filter((m) => m.role === 'developer' && m.text.startsWith('Session brief for vault '))
		.map((m) => m.text);
}

/** Every occurrence of the brief's first line anywhere in the request (a duplicate shows up here). */
export function countBriefHeaders(q: RecordedRequest): number {
	return (q.text.match(/Session brief for vault \\"/g) ?? []).length;
}

/** A short excerpt of a request around `needle` (or its start), for failure messages and the report. */
export function excerpt(q: RecordedRequest | undefined, needle?: string, width = 400): string {
	if (q === undefined) return '(no request)';
	const at = needle === undefined ? 0 : Math.max(0, q.text.indexOf(needle));
	return `${q.method} ${q.url}: …${q.text.slice(Math.max(0, at - 80), at + width)}…`;
}

/** OpenAI Chat Completions (Qwen Code): every message's text, with its role (`tool` for a tool result). */
export function chatTexts(q: RecordedRequest): { role: string; text: string }[] {
	const body = isObj(q.body) ? q.body : {};
	const out: { role: string; text: string }[] = [];
	for (const m of Array.isArray(body.messages) ? body.messages : []) {
		if (!isObj(m)) continue;
		const role = String(m.role);
		if (typeof m.content === 'string') out.push({ role, text: m.content });
		else for (const c of Array.isArray(m.content) ? m.content : []) if (isObj(c) && typeof c.text === 'string') out.push({ role, text: c.text });
	}
	return out;
}

/**
 * Qwen Code: a SessionStart context is appended to the system prompt between its hidden
 * `<qwen:session-start-context>` markers, after a "SessionStart additional context:" line.
 */
export function qwenBriefs(q: RecordedRequest): string[] {
	const out: string[] = [];
	for (const m of chatTexts(q).filter((t) => t.role === 'system')) {
		for (const b of m.text.matchAll(/<qwen:session-start-context hidden="true">\nSessionStart additional context:\n([\s\S]*?)\n<\/qwen:session-start-context>/g)) out.push(b[1] ?? '');
	}
	return out;
}

/** Qwen Code: the last tool result, where a PostToolUse context is appended after a blank line. */
export function qwenLastToolResult(q: RecordedRequest): string {
	return chatTexts(q)
		.filter((t) => t.role === 'tool')
		.map((t) => t.text)
		.pop() ?? '';
}
