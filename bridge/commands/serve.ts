/**
 * `serve`: the live channel run by the bridge itself, for a vault used without Obsidian open (a
 * synced vault on a dev box). It answers from its own scan, kept current by a file watcher, and
 * uses the plugin's discovery file, so hooks find it the same way.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { UsageError, type Args } from '../args';
import { isoDate } from '../../src/core/brief/dates';
import { DISCOVERY_FILE, type LiveBrief, type LiveCheck } from '../../src/core/live-protocol';
import { liveCheckOf, ruleCheckReport } from '../../src/core/rules/finish';
import { readDiscovery } from '../../src/node/live/discovery';
import { startLiveServer, type LiveHandlers } from '../../src/node/live/server';
import { getBrief } from '../../src/node/tiers/brief-pipeline';
import { processAlive, type SourcedBrief } from '../../src/node/tiers/brief-source';
import { clock, contextFor } from '../context';
import { checkVault } from '../../src/node/check/rule-files';
import { ServeCache } from '../../src/node/tiers/serve-cache';
import { summarizeFiles } from '../../src/node/journal/agent-summary';
import type { VaultContext } from '../../src/node/vault-config';
import { quoteName } from '../../src/core/quote';

/** A full stat walk at most this often even without watcher events: watchers can miss some. */
const VERIFY_MS = 5000;

export class BriefKeeper {
	private current: SourcedBrief | null = null;
	private dirty = true;
	private verifiedAt = 0;

	constructor(
		private readonly ctx: VaultContext,
		private readonly env: NodeJS.ProcessEnv,
	) {}

	markDirty(): void {
		this.dirty = true;
	}

	private pending: Promise<SourcedBrief> | null = null;

	/** Requests that arrive while a brief is being made wait for that one instead of making another. */
	async get(): Promise<SourcedBrief> {
		const now = clock(this.env);
		const stale = this.current === null || this.dirty || now.getTime() - this.verifiedAt > VERIFY_MS || this.current.brief.date !== isoDate(now);
		if (!stale && this.current !== null) return this.current;
		if (this.pending === null) {
			this.dirty = false;
			// Every tier but the live channel: this process is the live channel.
			this.pending = getBrief(this.ctx, 'local', now)
				.then((s) => {
					this.current = s;
					this.verifiedAt = now.getTime();
					return s;
				})
				.finally(() => {
					this.pending = null;
				});
		}
		return await this.pending;
	}

	async answer(): Promise<LiveBrief> {
		const s = await this.get();
		return { key: this.ctx.key, date: s.brief.date, generatedAt: s.generatedAt, brief: s.brief, lang: this.ctx.lang };
	}
}

/**
 * `check` over the channel: the built-in checks as `check --json` reports them. The user's external
 * checker is left out on purpose: nothing that arrives over the channel starts a program.
 */
export async function liveCheck(ctx: VaultContext, env: NodeJS.ProcessEnv): Promise<LiveCheck> {
	return liveCheckOf(ruleCheckReport(await checkVault(ctx, { env, lang: ctx.lang, external: false }), ctx.lang));
}

/** Notes only: the cache files this process writes into the config folder must not wake it. */
function ignored(relative: string): boolean {
	return relative.split(/[\\/]/).some((part) => part.startsWith('.') || part === 'node_modules');
}

export function serve(args: Args, scriptPath: string, env: NodeJS.ProcessEnv): Promise<number> {
	const ctx = contextFor(args, scriptPath, env);
	if (ctx.pluginDir === null) throw new UsageError(`no Obsidian config folder in ${ctx.root}; pass --config-dir NAME`);
	const discoveryFile = path.join(ctx.pluginDir, DISCOVERY_FILE);
	const existing = readDiscovery(ctx.root, discoveryFile);
	if (existing !== null && existing.pid !== process.pid && processAlive(existing.pid)) {
		throw new UsageError(`a live channel already runs for this vault (process ${existing.pid}: Obsidian or another "serve")`);
	}
	const keeper = new BriefKeeper(ctx, env);
	// Tier 1 for hooks: the cache names this process while a watcher reports every change.
	const cache = new ServeCache(ctx.root, ctx.pluginDir, ctx.key, () => keeper.get(), () => clock(env));
	const pluginDir = ctx.pluginDir;
	cache.summarize = (now) => summarizeFiles({ root: ctx.root, pluginDir, excludedRootFolders: ctx.settings.excludedRootFolders }, now, ctx.settings.maxNamesPerItem);
	let watcher: fs.FSWatcher | null = null;
	try {
		watcher = fs.watch(ctx.root, { recursive: true }, (_event, name) => {
			if (name === null || !ignored(String(name))) {
				keeper.markDirty();
				cache.changed();
			}
		});
		watcher.on('error', () => {
			keeper.markDirty();
			// A watcher that failed reports nothing more: the file must not claim to be current.
			void cache.stop();
		});
	} catch {
		// No recursive watching here: the periodic verification keeps answers current, and the
		// cache never claims to be (hooks verify it by their stat walk, tier 3).
		void cache.stop();
	}
	const dateCheck = setInterval(() => cache.checkDate(), 60_000);
	const handlers: LiveHandlers = {
		brief: () => keeper.answer(),
		review: () => keeper.answer(),
		check: () => liveCheck(ctx, env),
	};
	return startLiveServer(handlers, { vaultRoot: ctx.root, discoveryFile }).then(
		(server) =>
			new Promise<number>((resolve) => {
				process.stderr.write(`Serving the live channel for ${quoteName(ctx.root)} on 127.0.0.1:${server.port}. Stop with Ctrl+C.\n`);
				void cache.flush();
				const stop = (): void => {
					watcher?.close();
					clearInterval(dateCheck);
					void Promise.all([cache.stop(), server.close()]).then(() => resolve(0));
				};
				process.once('SIGINT', stop);
				process.once('SIGTERM', stop);
			}),
	);
}
