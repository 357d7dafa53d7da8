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

	test('OpenAI Chat Completions: tool_calls deltas streamed, then [DONE]; JSON when not streamed; Qwen Code\'s preamble is no turn', async () => {
		api.reset();
		api.script([{ tool: 'edit', input: { file_path: '/v/CLAUDE.md' } }, { text: 'Edited.' }]);
		const chatTools = [{ type: 'function', function: { name: 'edit', parameters: { type: 'object' } } }];
		// Qwen Code opens with its environment and a canned answer before the prompt: not a model turn.
		const preamble = [{ role: 'system', content: 'sys' }, { role: 'user', content: 'env' }, { role: 'assistant', content: 'Got it.' }, { role: 'user', content: 'go' }];
		const text = await post('/v1/chat/completions', { stream: true, stream_options: { include_usage: true }, tools: chatTools, messages: preamble });
		expect(text.trimEnd().endsWith('data: [DONE]')).toBe(true);
		const chunks = events(text.replace('data: [DONE]', ''));
		const calls = chunks.flatMap((c) => ((c.choices as { delta: { tool_calls?: { index: number; id?: string; function: { name?: string; arguments: string } }[] } }[] | undefined) ?? []).flatMap((ch) => ch.delta.tool_calls ?? []));
		expect(calls.map((c) => c.index)).toEqual([0, 0]);
		expect(calls[0]?.id).toMatch(/^call_/);
		expect(calls[0]?.function).toEqual({ name: 'edit', arguments: '' });
		expect(JSON.parse(calls.map((c) => c.function.arguments).join(''))).toEqual({ file_path: '/v/CLAUDE.md' });
		expect(chunks.map((c) => (c.choices as { finish_reason: string | null }[])[0]?.finish_reason ?? null)).toContain('tool_calls');
		expect(chunks.at(-1)).toMatchObject({ choices: [], usage: { total_tokens: 15 } });
		const history = [...preamble, { role: 'assistant', content: null, tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'edit', arguments: '{}' } }] }, { role: 'tool', tool_call_id: 'call_1', content: 'ok' }];
		const plain = JSON.parse(await post('/chat/completions', { tools: chatTools, messages: history })) as Record<string, unknown>;
		expect(plain).toMatchObject({ object: 'chat.completion', choices: [{ message: { role: 'assistant', content: 'Edited.' }, finish_reason: 'stop' }] });
		const side = JSON.parse(await post('/v1/chat/completions', { messages: [{ role: 'user', content: 'title?' }] })) as { choices: { message: { content: string } }[] };
		expect(side.choices[0]?.message.content).toBe('Stand-in reply.');
		expect(api.requests.map((q) => [q.api, q.conversation])).toEqual([['chat', true], ['chat', true], ['chat', false]]);
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

	test('tunnels a CONNECT to an allowed loopback address (the stand-in), and records one to any other', async () => {
		const guard = await startNetworkGuard({ allow: [`127.0.0.1:${api.port}`, 'example.com:443'] });
		try {
			const { port } = new URL(guard.url);
			const connect = (target: string): Promise<{ status: number; body: string }> =>
				new Promise((resolve) => {
					const req = http.request({ host: '127.0.0.1', port: Number(port), method: 'CONNECT', path: target });
					let connected = false;
					req.on('connect', (res, socket) => {
						connected = true;
						socket.on('error', () => resolve({ status: 0, body: '' }));
						if (res.statusCode !== 200) {
							socket.destroy();
							resolve({ status: res.statusCode ?? 0, body: '' });
							return;
						}
						let body = '';
						socket.setEncoding('utf8').on('data', (c: string) => (body += c));
						socket.on('end', () => resolve({ status: 200, body }));
						socket.write(`GET /v1/models HTTP/1.1\r\nHost: ${target}\r\nConnection: close\r\n\r\n`);
					});
					req.on('error', () => resolve({ status: 0, body: '' }));
					req.on('close', () => {
						if (!connected) resolve({ status: 0, body: '' });
					});
					req.end();
				});
			const through = await connect(`127.0.0.1:${api.port}`);
			expect(through.status).toBe(200);
			expect(through.body).toMatch(/^HTTP\/1\.1 200/);
			// Only loopback targets are ever allowed, whatever the list says.
			expect((await connect('example.com:443')).status).toBe(0);
			expect(guard.tunnels).toEqual([`127.0.0.1:${api.port}`]);
			expect(guard.attempts).toEqual(['CONNECT example.com:443 HTTP/1.1']);
		} finally {
			await guard.close();
		}
	});
});
