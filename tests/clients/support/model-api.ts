/**
 * A local stand-in for the model APIs the agent CLIs call: the Anthropic Messages API (Claude Code),
 * Gemini's generateContent / streamGenerateContent (Gemini CLI), the OpenAI Responses API
 * (Codex) and OpenAI Chat Completions (Qwen Code). Loopback only, on a random port. It records every request and answers with scripted
 * turns, so a test can make an agent edit a file and then read what the agent sent next.
 *
 * A turn is chosen from the conversation itself, not from a counter: the n-th answer of the
 * conversation is the script's n-th turn, n being the number of model turns already in the
 * request's history. Requests without tools (titles, summaries, quota probes) are side requests and
 * get a short plain text, so they never consume a scripted turn.
 */
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';

export type Api = 'anthropic' | 'gemini' | 'openai' | 'chat' | 'unknown';

/**
 * A scripted answer: text, a function call, or (Responses API only) a call of a freeform custom
 * tool, whose input is plain text (Codex's `apply_patch` for the models it knows).
 */
export type Turn = { text: string } | { tool: string; input: Record<string, unknown> } | { customTool: string; input: string };

export interface RecordedRequest {
	api: Api;
	method: string;
	/** Path and query, as received. */
	url: string;
	headers: http.IncomingHttpHeaders;
	/** The parsed JSON body, or the raw text when it is not JSON. */
	body: unknown;
	/** The raw body text, for searching what reached the model. */
	text: string;
	/** True when the request carried the agent's tools (a turn of the conversation). */
	conversation: boolean;
}

export interface ModelApi {
	url: string;
	port: number;
	requests: RecordedRequest[];
	/** The turns the next conversation plays; the answer after the last is `Done.` */
	script(turns: Turn[]): void;
	/** Only the conversation requests (with tools), in order. */
	conversation(): RecordedRequest[];
	reset(): void;
	close(): Promise<void>;
}

type Json = Record<string, unknown>;

function isObj(v: unknown): v is Json {
	return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function apiOf(url: string): Api {
	if (url.startsWith('/v1/messages')) return 'anthropic';
	if (/\/models\/[^/:]+:(stream)?[gG]enerateContent/.test(url) || /:countTokens/.test(url)) return 'gemini';
	if (url.startsWith('/v1/responses') || url.startsWith('/responses')) return 'openai';
	if (url.startsWith('/v1/chat/completions') || url.startsWith('/chat/completions')) return 'chat';
	return 'unknown';
}

/** Model turns already in the history: the index of the turn to play now. */
function modelTurns(api: Api, body: Json): number {
	if (api === 'anthropic') return Array.isArray(body.messages) ? body.messages.filter((m) => isObj(m) && m.role === 'assistant').length : 0;
	if (api === 'gemini') return Array.isArray(body.contents) ? body.contents.filter((c) => isObj(c) && c.role === 'model' && Array.isArray(c.parts) && c.parts.some((p) => isObj(p) && (p.functionCall !== undefined || typeof p.text === 'string'))).length : 0;
	if (api === 'chat') return chatTurns(Array.isArray(body.messages) ? body.messages.filter(isObj) : []);
	if (api === 'openai') {
		// A turn is a run of output items (reasoning, message, function_call) between inputs.
		let turns = 0;
		let inTurn = false;
		for (const item of Array.isArray(body.input) ? body.input : []) {
			const out = isObj(item) && (item.type === 'function_call' || item.type === 'custom_tool_call' || (item.type === 'message' && item.role === 'assistant'));
			if (out && !inTurn) turns++;
			inTurn = out;
		}
		return turns;
	}
	return 0;
}

/**
 * Chat Completions: the assistant messages, less Qwen Code's preamble (its environment as a user
 * message answered by a canned assistant text, both before the first prompt).
 */
function chatTurns(messages: Json[]): number {
	const chat = messages.filter((m) => m.role !== 'system');
	const assistants = chat.filter((m) => m.role === 'assistant').length;
	const [first, second, third] = chat;
	const preamble = first?.role === 'user' && second?.role === 'assistant' && second.tool_calls === undefined && third?.role === 'user';
	return preamble ? assistants - 1 : assistants;
}

function hasTools(api: Api, body: Json): boolean {
	if (api === 'gemini') return Array.isArray(body.tools) && body.tools.some((t) => isObj(t) && Array.isArray(t.functionDeclarations) && t.functionDeclarations.length > 0);
	return Array.isArray(body.tools) && body.tools.length > 0;
}

/** The turns every API plays. */
type FunctionTurn = Exclude<Turn, { customTool: string }>;

let ids = 0;
const nextId = (prefix: string): string => `${prefix}_${String(++ids).padStart(6, '0')}`;

function sse(res: http.ServerResponse, events: { event?: string; data: unknown }[]): void {
	res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
	for (const e of events) res.write(`${e.event !== undefined ? `event: ${e.event}\n` : ''}data: ${JSON.stringify(e.data)}\n\n`);
	res.end();
}

function json(res: http.ServerResponse, status: number, value: unknown): void {
	res.writeHead(status, { 'content-type': 'application/json' });
	res.end(JSON.stringify(value));
}

function anthropic(res: http.ServerResponse, body: Json, turn: FunctionTurn): void {
	const model = typeof body.model === 'string' ? body.model : 'claude-stand-in';
	const usage = { input_tokens: 10, output_tokens: 5, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 };
	const block = 'text' in turn ? { type: 'text', text: turn.text } : { type: 'tool_use', id: nextId('toolu'), name: turn.tool, input: turn.input };
	const stop = 'text' in turn ? 'end_turn' : 'tool_use';
	const id = nextId('msg');
	if (body.stream !== true) {
		json(res, 200, { id, type: 'message', role: 'assistant', model, content: [block], stop_reason: stop, stop_sequence: null, usage });
		return;
	}
	const start = block.type === 'text' ? { type: 'text', text: '' } : { ...block, input: {} };
	const delta = block.type === 'text' ? { type: 'text_delta', text: (block as { text: string }).text } : { type: 'input_json_delta', partial_json: JSON.stringify((block as { input: unknown }).input) };
	sse(res, [
		{ event: 'message_start', data: { type: 'message_start', message: { id, type: 'message', role: 'assistant', model, content: [], stop_reason: null, stop_sequence: null, usage } } },
		{ event: 'content_block_start', data: { type: 'content_block_start', index: 0, content_block: start } },
		{ event: 'content_block_delta', data: { type: 'content_block_delta', index: 0, delta } },
		{ event: 'content_block_stop', data: { type: 'content_block_stop', index: 0 } },
		{ event: 'message_delta', data: { type: 'message_delta', delta: { stop_reason: stop, stop_sequence: null }, usage: { output_tokens: 5 } } },
		{ event: 'message_stop', data: { type: 'message_stop' } },
	]);
}

function gemini(res: http.ServerResponse, url: string, turn: FunctionTurn): void {
	if (url.includes(':countTokens')) {
		json(res, 200, { totalTokens: 10 });
		return;
	}
	const part = 'text' in turn ? { text: turn.text } : { functionCall: { name: turn.tool, args: turn.input } };
	const chunk = {
		candidates: [{ content: { role: 'model', parts: [part] }, finishReason: 'STOP', index: 0 }],
		usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 5, totalTokenCount: 15 },
		modelVersion: 'gemini-stand-in',
	};
	if (url.includes(':streamGenerateContent')) sse(res, [{ data: chunk }]);
	else json(res, 200, chunk);
}

function openai(res: http.ServerResponse, body: Json, turn: Turn): void {
	const id = nextId('resp');
	const model = typeof body.model === 'string' ? body.model : 'gpt-stand-in';
	const item =
		'text' in turn
			? { type: 'message', id: nextId('msg'), role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: turn.text, annotations: [] }] }
			: 'customTool' in turn
				? { type: 'custom_tool_call', id: nextId('ctc'), call_id: nextId('call'), name: turn.customTool, input: turn.input, status: 'completed' }
				: { type: 'function_call', id: nextId('fc'), call_id: nextId('call'), name: turn.tool, arguments: JSON.stringify(turn.input), status: 'completed' };
	const usage = { input_tokens: 10, input_tokens_details: { cached_tokens: 0 }, output_tokens: 5, output_tokens_details: { reasoning_tokens: 0 }, total_tokens: 15 };
	const response = { id, object: 'response', created_at: Math.floor(Date.now() / 1000), status: 'completed', model, output: [item], usage };
	if (body.stream !== true) {
		json(res, 200, response);
		return;
	}
	const events: { event: string; data: Json }[] = [
		{ event: 'response.created', data: { type: 'response.created', response: { ...response, status: 'in_progress', output: [] } } },
		{ event: 'response.output_item.added', data: { type: 'response.output_item.added', output_index: 0, item: { ...item, status: 'in_progress' } } },
	];
	if ('text' in turn) events.push({ event: 'response.output_text.delta', data: { type: 'response.output_text.delta', item_id: item.id, output_index: 0, content_index: 0, delta: turn.text } });
	events.push(
		{ event: 'response.output_item.done', data: { type: 'response.output_item.done', output_index: 0, item } },
		{ event: 'response.completed', data: { type: 'response.completed', response } },
	);
	sse(res, events);
}

/**
 * OpenAI Chat Completions: one choice with the text or one `tool_calls` entry; streamed as
 * `chat.completion.chunk` deltas (role, then the content or the call, then the finish reason and
 * the usage) ending with `data: [DONE]`.
 */
function chat(res: http.ServerResponse, body: Json, turn: FunctionTurn): void {
	const id = nextId('chatcmpl');
	const model = typeof body.model === 'string' ? body.model : 'qwen-stand-in';
	const created = Math.floor(Date.now() / 1000);
	const call = 'text' in turn ? undefined : { id: nextId('call'), type: 'function', function: { name: turn.tool, arguments: JSON.stringify(turn.input) } };
	const finish = call === undefined ? 'stop' : 'tool_calls';
	const usage = { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 };
	if (body.stream !== true) {
		const message = call === undefined ? { role: 'assistant', content: (turn as { text: string }).text } : { role: 'assistant', content: null, tool_calls: [call] };
		json(res, 200, { id, object: 'chat.completion', created, model, choices: [{ index: 0, message, finish_reason: finish }], usage });
		return;
	}
	const chunk = (delta: Json, finishReason: string | null, extra: Json = {}): Json => ({ id, object: 'chat.completion.chunk', created, model, choices: [{ index: 0, delta, finish_reason: finishReason }], ...extra });
	const chunks: Json[] = [chunk({ role: 'assistant', content: '' }, null)];
	if (call === undefined) chunks.push(chunk({ content: (turn as { text: string }).text }, null));
	else {
		// The call's name first, its arguments in a second delta, as real servers split them.
		chunks.push(chunk({ tool_calls: [{ index: 0, id: call.id, type: 'function', function: { name: call.function.name, arguments: '' } }] }, null));
		chunks.push(chunk({ tool_calls: [{ index: 0, function: { arguments: call.function.arguments } }] }, null));
	}
	chunks.push(chunk({}, finish));
	chunks.push({ id, object: 'chat.completion.chunk', created, model, choices: [], usage });
	res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
	for (const c of chunks) res.write(`data: ${JSON.stringify(c)}\n\n`);
	res.end('data: [DONE]\n\n');
}

/** The text side requests get (titles, summaries, probes). */
const SIDE_TEXT = 'Stand-in reply.';
const LAST_TEXT = 'Done.';

export async function startModelApi(): Promise<ModelApi> {
	const requests: RecordedRequest[] = [];
	let turns: Turn[] = [];
	const server = http.createServer((req, res) => {
		const chunks: Buffer[] = [];
		req.on('data', (c: Buffer) => chunks.push(c));
		req.on('end', () => {
			const url = req.url ?? '/';
			const text = Buffer.concat(chunks).toString('utf8');
			let body: unknown = text;
			try {
				body = text === '' ? {} : (JSON.parse(text) as unknown);
			} catch {
				// not JSON: kept as text
			}
			const api = apiOf(url);
			const b = isObj(body) ? body : {};
			const conversation = req.method === 'POST' && hasTools(api, b);
			requests.push({ api, method: req.method ?? '', url, headers: req.headers, body, text, conversation });
			if (req.method !== 'POST' || api === 'unknown') {
				// Model lists and anything else: an empty but valid answer, recorded for the network check.
				json(res, url.includes('/models') ? 200 : 404, url.includes('/models') ? { data: [], models: [] } : { error: { message: `stand-in: no route for ${req.method ?? ''} ${url}` } });
				return;
			}
			if (api === 'anthropic' && url.startsWith('/v1/messages/count_tokens')) {
				json(res, 200, { input_tokens: 10 });
				return;
			}
			const turn: Turn = conversation ? (turns[modelTurns(api, b)] ?? { text: LAST_TEXT }) : { text: SIDE_TEXT };
			// Only the Responses API has freeform tools; elsewhere the script is wrong, and says so to the client.
			const played: FunctionTurn = 'customTool' in turn ? { text: `stand-in: ${turn.customTool} is a Responses API custom tool` } : turn;
			if (api === 'anthropic') anthropic(res, b, played);
			else if (api === 'gemini') gemini(res, url, played);
			else if (api === 'chat') chat(res, b, played);
			else openai(res, b, turn);
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const port = (server.address() as AddressInfo).port;
	return {
		url: `http://127.0.0.1:${port}`,
		port,
		requests,
		script(next) {
			turns = next;
		},
		conversation: () => requests.filter((r) => r.conversation),
		reset() {
			requests.length = 0;
			turns = [];
		},
		close: () =>
			new Promise<void>((resolve) => {
				server.closeAllConnections();
				server.close(() => resolve());
			}),
	};
}
