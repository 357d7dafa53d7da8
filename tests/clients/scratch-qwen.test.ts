import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'vitest';
import { binary, qwenEnv, qwenSettings } from './support/clients';
import { startTerminal } from './support/terminal';
import { clientSuite } from './support/suite';

const s = clientSuite();
test('qwen tui', async () => {
	const ws = s.ws();
	qwenSettings(ws);
	const file = path.join(ws.home, '.qwen', 'settings.json');
	const cur = JSON.parse(fs.readFileSync(file, 'utf8'));
	const log = path.join(ws.home, 'q.log');
	fs.writeFileSync(file, JSON.stringify({ ...cur, ui: { statusLine: { type: 'command', command: `cat >> '${log}'; echo; echo QWEN-STATUS-MARK` } } }, null, 2));
	s.api.script([{ text: 'QWEN-ANSWER' }]);
	const env = { ...qwenEnv(ws, s.api, s.guard), TERM: 'xterm-256color' };
	const t = startTerminal(binary('qwen'), [], { cwd: ws.vault, env });
	try {
		await new Promise((r) => setTimeout(r, 12000));
		console.log('SCREEN1\n' + (await t.screen()).join('\n'));
		t.type('hello'); await new Promise((r) => setTimeout(r, 300)); t.type('\r');
		await new Promise((r) => setTimeout(r, 8000));
		console.log('SCREEN2\n' + (await t.screen()).join('\n'));
		console.log('LOG', fs.existsSync(log) ? fs.readFileSync(log, 'utf8').slice(0, 600) : 'none');
	} finally { t.kill(); await t.exited; }
});
