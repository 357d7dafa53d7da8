/**
 * Per test file: one model-API stand-in and one network guard, a fresh vault and home per test, and
 * after every test the check that the client reached nothing but the loopback.
 */
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { startModelApi, type ModelApi } from './model-api';
import { startNetworkGuard, type NetworkGuard } from './network-guard';
import { workspace, type Workspace } from './clients';

export interface Suite {
	api: ModelApi;
	guard: NetworkGuard;
	/** A fresh vault (copy of example-vault) and home, removed after the test. */
	ws(): Workspace;
}

export function clientSuite(): Suite {
	const made: Workspace[] = [];
	const suite = {
		api: undefined as unknown as ModelApi,
		guard: undefined as unknown as NetworkGuard,
		ws(): Workspace {
			const w = workspace();
			made.push(w);
			return w;
		},
	};
	beforeAll(async () => {
		suite.api = await startModelApi();
		// The stand-in is the one place a client that proxies everything (Qwen Code) may tunnel to.
		suite.guard = await startNetworkGuard({ allow: [`127.0.0.1:${suite.api.port}`] });
	});
	afterEach(() => {
		const attempts = suite.guard.attempts.splice(0);
		suite.guard.tunnels.length = 0;
		const foreign = suite.api.requests.filter((q) => q.headers.host !== `127.0.0.1:${suite.api.port}`).map((q) => `${q.method} ${q.url} (Host ${String(q.headers.host)})`);
		suite.api.reset();
		for (const w of made.splice(0)) w.cleanup();
		expect(attempts, 'the client tried to reach something beyond the loopback (through the proxy variables)').toEqual([]);
		expect(foreign, 'requests the stand-in received for another host').toEqual([]);
	});
	afterAll(async () => {
		await suite.api?.close();
		await suite.guard?.close();
	});
	return suite;
}

/** The brief's lines after its header (the header names the source: cache, scan, plugin). */
export function briefBody(brief: string): string[] {
	return brief.trimEnd().split('\n').slice(1);
}
