/** An MCP client of `session-brief mcp` (the built bridge as a child process), closed after each test. */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterEach } from 'vitest';
import { BUNDLE } from './bridge';

/** `connect` for a test file: every client it made is closed after each test. */
export function mcpClients(): (vault: string, env: Record<string, string>, args?: string[]) => Promise<Client> {
	const clients: Client[] = [];
	afterEach(async () => {
		for (const c of clients.splice(0)) await c.close();
	});
	return async (vault, env, args = [BUNDLE, 'mcp', '--vault', vault]) => {
		const transport = new StdioClientTransport({ command: process.execPath, args, cwd: vault, env, stderr: 'pipe' });
		const client = new Client({ name: 'test', version: '1.0.0' });
		await client.connect(transport);
		clients.push(client);
		return client;
	};
}
