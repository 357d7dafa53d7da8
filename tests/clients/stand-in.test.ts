/**
 * The suite's own machinery, without any CLI: the stand-in plays the scripted turn the history
 * calls for, in each API's streaming shape, and the network guard does catch a proxied request
 * (so "the guard saw nothing" in the client tests can fail).
 */
import * as http from 'node:http';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startModelApi, type ModelApi } from './support/model-api';
import { startNetworkGuard } from './support/network-guard';

let api: ModelApi;
beforeAll(async () => {
	api = await startModelApi();
});
afterAll(async () => {
	await api.close();
});

async function post(path: string, body: unknown): Promise<string> {
	const r = await fetch(`${api.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
	expect(r.status).toBe(200);
	return r.text();
}

/** The `data:` payloads of an SSE stream. */
function events(text: string): Record<string, unknown>[] {
	return text
		.split('\n')
		.filter((l) => l.startsWith('data: '))
		.map((l) => JSON.parse(l.slice(6)) as Record<string, unknown>);
}

describe('model-API stand-in', () => {
	const tools = [{ name: 'Edit', input_schema: { type: 'object' } }];

	test('Anthropic Messages: the turn is chosen by the assistant turns in the history, streamed as SSE', async () => {
		api.reset();
		api.script([{ tool: 'Edit', input: { file_path: '/v/CLAUDE.md' } }, { text: 'Second.' }]);
		const first = events(await post('/v1/messages?beta=true', { stream: true, tools, messages: [{ role: 'user', content: 'go' }] }));
		expect(first.map((e) => e.type)).toEqual(['message_start', 'content_block_start', 'content_block_delta', 'content_block_stop', 'message_delta', 'message_stop']);
		expect(first[1]).toMatchObject({ content_block: { type: 'tool_use', name: 'Edit' } });
		expect(JSON.parse((first[2] as { delta: { partial_json: string } }).delta.partial_json)).toEqual({ file_path: '/v/CLAUDE.md' });
		expect(first[4]).toMatchObject({ delta: { stop_reason: 'tool_use' } });
		const history = [{ role: 'user', content: 'go' }, { role: 'assistant', content: [{ type: 'tool_use' }] }, { role: 'user', content: [{ type: 'tool_result' }] }];
		const second = events(await post('/v1/messages', { stream: true, tools, messages: history }));
		expect(second[2]).toMatchObject({ delta: { type: 'text_delta', text: 'Second.' } });
		// Past the script: a final text. Without tools: a side request, which consumes no turn.
		const third = events(await post('/v1/messages', { stream: true, tools, messages: [...history, { role: 'assistant', content: 'x' }, { role: 'user', content: 'y' }] }));
		expect(third[2]).toMatchObject({ delta: { text: 'Done.' } });
		const side = JSON.parse(await post('/v1/messages', { messages: [{ role: 'user', content: 'title?' }] })) as { content: { text: string }[] };
		expect(side.content[0]?.text).toBe('Stand-in reply.');
		expect(api.requests.map((q) => q.conversation)).toEqual([true, true, true, false]);
	});

	test('Gemini: streamGenerateContent as SSE, generateContent as JSON, a functionCall from the script', async () => {
		api.reset();
		api.script([{ tool: 'write_file', input: { file_path: 'a.md' } }]);
		const body = { contents: [{ role: 'user', parts: [{ text: 'go' }] }], tools: [{ functionDeclarations: [{ name: 'write_file' }] }] };
		const streamed = events(await post('/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse', body));
		expect(streamed[0]).toMatchObject({ candidates: [{ content: { role: 'model', parts: [{ functionCall: { name: 'write_file', args: { file_path: 'a.md' } } }] } }] });
		const plain = JSON.parse(await post('/v1beta/models/gemini-2.5-flash:generateContent', { ...body, contents: [...body.contents, { role: 'model', parts: [{ functionCall: {} }] }] })) as Record<string, unknown>;
		expect(plain).toMatchObject({ candidates: [{ content: { parts: [{ text: 'Done.' }] } }] });
		expect(api.requests.map((q) => q.api)).toEqual(['gemini', 'gemini']);
	});

	test('OpenAI Responses: output items streamed, a function_call from the script, then text', async () => {
		api.reset();
		api.script([{ tool: 'shell', input: { command: ['ls'] } }, { text: 'Listed.' }]);
		const tool = events(await post('/v1/responses', { stream: true, tools: [{ type: 'function', name: 'shell' }], input: [{ type: 'message', role: 'user', content: [] }] }));
		expect(tool.map((e) => e.type)).toEqual(['response.created', 'response.output_item.added', 'response.output_item.done', 'response.completed']);
		expect(tool[2]).toMatchObject({ item: { type: 'function_call', name: 'shell', arguments: '{"command":["ls"]}' } });
		const input = [{ type: 'message', role: 'user', content: [] }, { type: 'function_call' }, { type: 'function_call_output' }];
		const text = events(await post('/v1/responses', { stream: true, tools: [{ type: 'function', name: 'shell' }], input }));
		expect(text.find((e) => e.type === 'response.output_text.delta')).toMatchObject({ delta: 'Listed.' });
	});
});

describe('network guard', () => {
	test('records a request sent through it as a proxy, and answers nothing', async () => {
		const guard = await startNetworkGuard();
		try {
			const { port } = new URL(guard.url);
			await new Promise<void>((resolve) => {
				const req = http.request({ host: '127.0.0.1', port: Number(port), method: 'CONNECT', path: 'telemetry.example.com:443' });
				req.on('error', () => resolve());
				req.on('connect', () => resolve());
				req.on('close', () => resolve());
				req.end();
			});
			expect(guard.attempts).toEqual(['CONNECT telemetry.example.com:443 HTTP/1.1']);
		} finally {
			await guard.close();
		}
	});
});
