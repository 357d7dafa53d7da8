/**
 * The real Codex CLI (`codex exec`) against the model-API stand-in, as an OpenAI Responses API
 * provider: project hooks load only in a trusted project, and a hook nobody reviewed is skipped
 * silently unless `--dangerously-bypass-hook-trust`.
 */
import { describe, expect, test } from 'vitest';
import { bridge, bridgeOk, codexConfig, codexHome, expectClean, probe, reportLines, runCodex, skipReason, type Session, type Workspace } from './support/clients';
import { codexBriefs, countBriefHeaders, excerpt } from './support/requests';
import { briefBody, clientSuite } from './support/suite';

const client = await probe('codex');
const skip = skipReason('codex', client);

interface DoctorJson {
	ok: boolean;
	checks: { id: string; status: string; message: string; fix?: string }[];
}

describe.skipIf(skip !== undefined)(`Codex CLI ${client.version || `(skipped: ${skip ?? ''})`}`, () => {
	const s = clientSuite();

	async function session(ws: Workspace, bypassHookTrust: boolean): Promise<Session> {
		const run = await runCodex(ws, s.api, s.guard, 'What is the state of the vault?', { bypassHookTrust });
		expectClean('codex', run);
		return run;
	}

	function noBrief(run: Session): void {
		expect(run.conversation.flatMap((q) => codexBriefs(q))).toEqual([]);
		expect(run.requests.map((q) => countBriefHeaders(q))).toEqual(run.requests.map(() => 0));
	}

	test('contacts nothing but 127.0.0.1', async () => {
		const ws = s.ws();
		await bridgeOk(ws, ['install', '--agent', 'codex']);
		codexConfig(ws, s.api, { trustProject: true });
		const run = await session(ws, true);
		expect(run.requests.length).toBeGreaterThan(0);
		for (const q of run.requests) expect(q.headers.host).toBe(`127.0.0.1:${s.api.port}`);
		expect(s.guard.attempts).toEqual([]);
	});

	test('install --agent codex, a trusted project, hook trust bypassed: the brief reaches the model as report prints it', async () => {
		const ws = s.ws();
		await bridgeOk(ws, ['install', '--agent', 'codex']);
		codexConfig(ws, s.api, { trustProject: true });
		const run = await session(ws, true);
		const briefs = codexBriefs(run.conversation[0]!);
		expect(briefs, excerpt(run.conversation[0], 'Session brief')).toHaveLength(1);
		expect(briefs[0]).toMatch(/^Session brief for vault "vault"/);
		expect(briefBody(briefs[0] ?? '')).toEqual(await reportLines(ws));
	});

	test('a hook nobody reviewed: Codex skips it silently (exit 0, no brief)', async () => {
		const ws = s.ws();
		await bridgeOk(ws, ['install', '--agent', 'codex']);
		codexConfig(ws, s.api, { trustProject: true });
		const run = await session(ws, false);
		noBrief(run);
	});

	test('an untrusted project: no project hook runs, even with hook trust bypassed', async () => {
		const ws = s.ws();
		await bridgeOk(ws, ['install', '--agent', 'codex']);
		codexConfig(ws, s.api, { trustProject: false });
		const run = await session(ws, true);
		noBrief(run);
	});

	test('doctor --agent codex reports the pending trust of an unreviewed hook', async () => {
		const ws = s.ws();
		await bridgeOk(ws, ['install', '--agent', 'codex']);
		codexConfig(ws, s.api, { trustProject: true });
		const r = await bridge(ws, ['doctor', '--agent', 'codex', '--json'], { env: { PATH: process.env.PATH ?? '', HOME: ws.home, CODEX_HOME: codexHome(ws) } });
		const report = JSON.parse(r.stdout) as DoctorJson;
		const pending = report.checks.filter((c) => (c.status === 'warn' || c.status === 'fail') && /trust/i.test(c.message));
		expect(pending, JSON.stringify(report.checks, null, 2)).toHaveLength(1);
		expect(`${pending[0]?.message ?? ''} ${pending[0]?.fix ?? ''}`).toMatch(/\/hooks/);
	});
});
