/**
 * The real Gemini CLI (headless, `-p`) against the model-API stand-in: it runs the project's hooks
 * only in a trusted folder.
 */
import { describe, expect, test } from 'vitest';
import { bridge, bridgeOk, geminiTrustFolder, expectClean, probe, reportLines, runGemini, skipReason, type Session, type Workspace } from './support/clients';
import { countBriefHeaders, excerpt, geminiBriefs } from './support/requests';
import { briefBody, clientSuite } from './support/suite';

const client = await probe('gemini');
const skip = skipReason('gemini', client);

interface DoctorJson {
	ok: boolean;
	checks: { id: string; status: string; message: string; fix?: string }[];
}

describe.skipIf(skip !== undefined)(`Gemini CLI ${client.version || `(skipped: ${skip ?? ''})`}`, () => {
	const s = clientSuite();

	async function session(ws: Workspace, trustWorkspace: boolean): Promise<Session> {
		const run = await runGemini(ws, s.api, s.guard, 'What is the state of the vault?', { trustWorkspace });
		expectClean('gemini', run);
		return run;
	}

	function briefs(run: Session): string[] {
		return geminiBriefs(run.conversation[0]!);
	}

	async function doctor(ws: Workspace): Promise<DoctorJson> {
		const r = await bridge(ws, ['doctor', '--agent', 'gemini', '--json']);
		return JSON.parse(r.stdout) as DoctorJson;
	}

	test('contacts nothing but 127.0.0.1', async () => {
		const ws = s.ws();
		await bridgeOk(ws, ['install', '--agent', 'gemini']);
		const run = await session(ws, true);
		expect(run.requests.length).toBeGreaterThan(0);
		for (const q of run.requests) expect(q.headers.host).toBe(`127.0.0.1:${s.api.port}`);
		expect(s.guard.attempts).toEqual([]);
	});

	test('install --agent gemini, a session in a trusted folder: the brief reaches the model as report prints it', async () => {
		const ws = s.ws();
		await bridgeOk(ws, ['install', '--agent', 'gemini']);
		const run = await session(ws, true);
		const found = briefs(run);
		expect(found, excerpt(run.conversation[0], 'hook_context')).toHaveLength(1);
		expect(found[0]).toMatch(/^Session brief for vault "vault"/);
		expect(briefBody(found[0] ?? '')).toEqual(await reportLines(ws));
	});

	test('trusted through trustedFolders.json (what doctor can see): the brief', async () => {
		const ws = s.ws();
		await bridgeOk(ws, ['install', '--agent', 'gemini']);
		geminiTrustFolder(ws);
		const found = briefs(await session(ws, false));
		expect(found).toHaveLength(1);
		expect(briefBody(found[0] ?? '')).toEqual(await reportLines(ws));
	});

	test('an untrusted folder: headless Gemini CLI stops before the model, and --skip-trust runs without the brief', async () => {
		const ws = s.ws();
		await bridgeOk(ws, ['install', '--agent', 'gemini']);
		const refused = await runGemini(ws, s.api, s.guard, 'What is the state of the vault?');
		expect(refused.status, refused.stderr).not.toBe(0);
		expect(refused.stderr).toMatch(/not running in a trusted directory/i);
		expect(refused.requests).toEqual([]);
		const skipped = await runGemini(ws, s.api, s.guard, 'What is the state of the vault?', { skipTrust: true });
		expect(skipped.status, skipped.stderr.slice(-1500)).toBe(0);
		expect(skipped.conversation.length).toBeGreaterThan(0);
		expect(skipped.requests.flatMap((q) => geminiBriefs(q))).toEqual([]);
		expect(skipped.requests.map((q) => countBriefHeaders(q))).toEqual(skipped.requests.map(() => 0));
	});

	test('doctor --agent gemini flags an untrusted folder, and not a trusted one', async () => {
		const ws = s.ws();
		await bridgeOk(ws, ['install', '--agent', 'gemini']);
		const untrusted = await doctor(ws);
		const flagged = untrusted.checks.filter((c) => (c.status === 'warn' || c.status === 'fail') && /trust/i.test(c.message));
		expect(flagged, JSON.stringify(untrusted.checks, null, 2)).toHaveLength(1);
		geminiTrustFolder(ws);
		const trusted = await doctor(ws);
		expect(trusted.checks.filter((c) => (c.status === 'warn' || c.status === 'fail') && /trust/i.test(c.message))).toEqual([]);
	});
});
