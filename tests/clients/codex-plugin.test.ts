/**
 * The same plugin as a Codex plugin, through the real Codex CLI: Codex reads the repository's
 * marketplace file (.claude-plugin/marketplace.json), clones the plugin from the branch its entry
 * names (here from a local repository the release script committed) and reads the plugin's
 * .codex-plugin/plugin.json, whose
 * `hooks` names claude-plugin/hooks/codex-hooks.json (the session start, with `--agent codex`).
 * Plugin hooks go through Codex's hook trust like any other hook.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { binary, bridgeOk, codexConfig, codexEnv, codexHome, expectClean, localMarketplace, probe, reportLines, run, runCodex, skipReason, type Session, type Workspace } from './support/clients';
import { codexBriefs, countBriefHeaders, excerpt } from './support/requests';
import { briefBody, clientSuite } from './support/suite';

const client = await probe('codex');
const skip = skipReason('codex', client);

describe.skipIf(skip !== undefined)(`Codex CLI ${client.version || `(skipped: ${skip ?? ''})`} with the Session Brief plugin`, () => {
	const s = clientSuite();
	/**
	 * With plugins on (Codex's default; the other Codex tests turn them off), Codex tries at every
	 * start to sync OpenAI's curated plugin list: git over github.com, then api.github.com, then
	 * chatgpt.com. No setting of 0.171 turns that off. The guard refuses them and Codex goes on;
	 * exactly these are let pass the suite's check (registered after it, so it runs first), no other.
	 */
	const CURATED_SYNC = ['CONNECT github.com:443 HTTP/1.1', 'CONNECT api.github.com:443 HTTP/1.1', 'CONNECT chatgpt.com:443 HTTP/1.1'];
	afterEach(() => {
		const others = s.guard.attempts.filter((a) => !CURATED_SYNC.includes(a));
		s.guard.attempts.splice(0, s.guard.attempts.length, ...others);
	});

	/** The repository's marketplace, its plugin branch in a local repository, added and the plugin installed with `codex plugin` (plugins turned on). */
	async function installPlugin(ws: Workspace): Promise<void> {
		codexConfig(ws, s.api, { trustProject: true });
		const config = path.join(codexHome(ws), 'config.toml');
		fs.writeFileSync(config, fs.readFileSync(config, 'utf8').replace('plugins = false', 'plugins = true'));
		const dir = path.join(path.dirname(ws.home), 'marketplace');
		localMarketplace(dir);
		for (const args of [
			['plugin', 'marketplace', 'add', dir],
			['plugin', 'add', 'session-brief@session-brief'],
		]) {
			const r = await run(binary('codex'), args, { cwd: ws.vault, env: codexEnv(ws, s.guard), timeoutMs: 60_000 });
			if (r.status !== 0) throw new Error(`codex ${args.join(' ')} exited ${String(r.status)}: ${r.stderr}${r.stdout}`);
		}
	}

	async function session(ws: Workspace, bypassHookTrust: boolean): Promise<Session> {
		const r = await runCodex(ws, s.api, s.guard, 'What is the state of the vault?', { bypassHookTrust });
		expectClean('codex', r);
		return r;
	}

	for (const withInstall of [false, true]) {
		test(`${withInstall ? 'with install --agent codex too' : 'alone'}, hook trust bypassed: the brief reaches the model exactly once, as report prints it`, async () => {
			const ws = s.ws();
			await installPlugin(ws);
			if (withInstall) await bridgeOk(ws, ['install', '--agent', 'codex']);
			const r = await session(ws, true);
			const first = r.conversation[0]!;
			const briefs = codexBriefs(first);
			expect(briefs, excerpt(first, 'Session brief')).toHaveLength(1);
			expect(countBriefHeaders(first)).toBe(1);
			expect(briefs[0]).toMatch(/^Session brief for vault "vault"/);
			expect(briefBody(briefs[0] ?? '')).toEqual(await reportLines(ws));
			// One entry answered: the plugin's stayed silent, not "already given".
			expect(first.text).not.toContain('already given');
		});
	}

	test('a plugin hook nobody reviewed: Codex skips it as it skips any hook (exit 0, no brief)', async () => {
		const ws = s.ws();
		await installPlugin(ws);
		const r = await session(ws, false);
		expect(r.conversation.flatMap((q) => codexBriefs(q))).toEqual([]);
	});
});
