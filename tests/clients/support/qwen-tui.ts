/**
 * Interactive Qwen Code (its terminal UI, not `-p`) against the model-API stand-in, for what only the
 * UI does, such as running the `ui.statusLine` command. The user settings are the headless runs'
 * (no usage statistics) plus no update check, which asks registry.npmjs.org at start otherwise.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { binary, qwenEnv, qwenSettings, type Workspace } from './clients';
import type { ModelApi } from './model-api';
import type { NetworkGuard } from './network-guard';
import { startTerminal, type Terminal } from './terminal';

export interface QwenTui {
	term: Terminal;
	/** Types a prompt once the input box is there, and sends it. */
	send(prompt: string): Promise<void>;
	/** Quits with `/quit`, and ends the program if it has not ended after a while. */
	quit(): Promise<number | null>;
}

export function startQwenTui(ws: Workspace, api: ModelApi, guard: NetworkGuard): QwenTui {
	qwenSettings(ws);
	const file = path.join(ws.home, '.qwen', 'settings.json');
	const settings = JSON.parse(fs.readFileSync(file, 'utf8')) as { general?: Record<string, unknown> };
	fs.writeFileSync(file, JSON.stringify({ ...settings, general: { ...settings.general, enableAutoUpdate: false } }, null, 2));
	const env: NodeJS.ProcessEnv = { ...qwenEnv(ws, api, guard), TERM: 'xterm-256color' };
	// The start default, auto, asks the model to judge each tool call.
	const term = startTerminal(binary('qwen'), ['--approval-mode', 'default'], { cwd: ws.vault, env });
	return {
		term,
		async send(prompt) {
			// Typed before the input box is there, the keys are lost.
			await term.waitFor('the input box', (rows) => rows.some((r) => r.includes('Type your message')));
			term.type(prompt);
			await new Promise((r) => setTimeout(r, 300));
			term.type('\r');
		},
		async quit() {
			term.type('/quit');
			setTimeout(() => term.type('\r'), 300);
			const timer = setTimeout(() => term.kill(), 20_000);
			const code = await term.exited;
			clearTimeout(timer);
			return code;
		},
	};
}
