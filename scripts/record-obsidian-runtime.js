/*
 * Session Brief: record what this Obsidian does at runtime, for the checks listed in
 * docs/obsidian-runtime.md. Paste the whole file into Obsidian's developer console (Ctrl+Shift+I,
 * or Cmd+Option+I on macOS, then the Console tab) with a TEST vault open, and press Enter.
 *
 * It creates a folder `session-brief-probe/` with a few notes, edits and deletes them again, opens
 * and closes one popout window, and writes what it saw to `<config folder>/session-brief-recordings/`:
 *   - one `<probe>.json` per note, in the format of tests/fixtures/obsidian-recorded/*.json
 *     (cachedMetadata, fileContents, filePath, getAllTags, parseFrontMatterTags, resolveLinkToPath);
 *   - `obsidian-runtime.json`, the answers (format described in docs/obsidian-runtime.md).
 * The same JSON is printed to the console and copied to the clipboard. Nothing is sent anywhere.
 *
 * Plain JavaScript on purpose (no build step, nothing to install). Every probe is guarded: one
 * that fails records `{ "error": "…" }` and the others still run.
 */
window.sessionBriefRecording = (async (app, options) => {
	const FOLDER = options.folder ?? 'session-brief-probe';
	const OUT = `${app.vault.configDir}/session-brief-recordings`;
	const WAIT_MS = options.waitMs ?? 5000;
	let obsidian = null;
	try {
		obsidian = require('obsidian');
	} catch {
		// Without the module the tag helpers are recorded as null; the cache entries still are.
	}
	const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
	const errorText = (e) => String((e && e.message) || e).split('\n')[0];

	/** Resolves with the events of `names` seen until `until()` holds or the wait runs out. */
	function watch(source, names) {
		const seen = [];
		const refs = names.map((name) => source.on(name, (file) => seen.push({ event: name, path: file && file.path, at: Date.now() })));
		return {
			seen,
			async until(test) {
				const end = Date.now() + WAIT_MS;
				while (!test(seen) && Date.now() < end) await sleep(20);
				return test(seen);
			},
			stop() {
				for (const ref of refs) source.offref(ref);
			},
		};
	}

	async function probe(fn) {
		try {
			return await fn();
		} catch (e) {
			return { error: errorText(e) };
		}
	}

	const notes = {
		frontmatter_tags_list: '---\ntags:\n  - needs-review\n  - review\n---\n# Listed\n',
		frontmatter_tags_string: '---\ntags: needs-review, review\n---\nA comma string\n',
		frontmatter_broken_yaml: '---\ntags: [needs-review, x\n---\nBroken YAML\n',
		inline_tags_and_code: 'Text #needs-review\n\n```\n#in-code\n```\n\n`#inline-code` and %% #in-comment %%\n',
		crlf_and_bom: '\uFEFF---\r\ntags: [pending-review]\r\n---\r\nWindows line ends #review\r\n',
		links: 'See [[frontmatter_tags_list]] and [[missing note]].\n',
	};

	/** One note as tests/fixtures/obsidian-recorded records it. */
	function recording(file, text) {
		const cache = app.metadataCache.getFileCache(file);
		const links = [...((cache && cache.links) || []), ...((cache && cache.frontmatterLinks) || [])];
		const resolveLinkToPath = {};
		for (const l of links) {
			const dest = app.metadataCache.getFirstLinkpathDest(l.link, file.path);
			if (dest) resolveLinkToPath[l.link] = dest.path;
		}
		return {
			cachedMetadata: cache,
			fileContents: text,
			filePath: file.path,
			getAllTags: obsidian && cache ? obsidian.getAllTags(cache) : null,
			parseFrontMatterTags: obsidian && cache ? obsidian.parseFrontMatterTags(cache.frontmatter) : null,
			resolveLinkToPath,
		};
	}

	const answers = {
		format: 'session-brief-obsidian-runtime',
		formatVersion: 1,
		recordedAt: new Date().toISOString(),
		obsidian: await probe(async () => ({
			apiVersion: (obsidian && obsidian.apiVersion) || null,
			platform: (obsidian && obsidian.Platform && { isDesktopApp: obsidian.Platform.isDesktopApp, isMobileApp: obsidian.Platform.isMobileApp }) || null,
			userAgent: typeof navigator === 'undefined' ? null : navigator.userAgent,
		})),
	};
	const recorded = {};

	if (app.vault.getAbstractFileByPath(FOLDER)) throw new Error(`${FOLDER} exists already; rename or delete it first`);
	await app.vault.createFolder(FOLDER);
	const files = {};
	try {
		// 1. Parsing: each probe note as the metadata cache reads it, once `changed` has come.
		for (const [name, text] of Object.entries(notes)) {
			recorded[name] = await probe(async () => {
				const w = watch(app.metadataCache, ['changed']);
				const file = await app.vault.create(`${FOLDER}/${name}.md`, text);
				files[name] = file;
				await w.until((seen) => seen.some((s) => s.path === file.path));
				w.stop();
				return recording(file, text);
			});
		}
		const file = files.links;

		// 2. mtime precision (index rows carry whole ms), and how this start went for the plugin: which
		// came first, `resolved` or layout ready, and what ended start-up (src/plugin/index/index-sync.ts).
		answers.mtime = await probe(async () => {
			const stat = await app.vault.adapter.stat(file.path);
			return { tfileMtime: file.stat.mtime, adapterMtime: stat ? stat.mtime : null, mtimeIsWholeMs: Number.isInteger(file.stat.mtime) };
		});
		answers.startup = await probe(async () => {
			const plugin = app.plugins && app.plugins.plugins && app.plugins.plugins['session-brief'];
			const sync = plugin && plugin.sync;
			if (!sync) return { pluginLoaded: false };
			return { pluginLoaded: true, ready: sync.ready, ...sync.startup, indexCurrentAt: app.loadLocalStorage('session-brief-index-current-at') };
		});

		// 3. An edit from outside Obsidian (the adapter writes like another program would): the order of
		// events, and whether getFileCache answers from the old entry until the re-parse.
		answers.externalEdit = await probe(async () => {
			const vaultEvents = watch(app.vault, ['modify']);
			const metaEvents = watch(app.metadataCache, ['changed', 'resolved']);
			const before = app.metadataCache.getFileCache(file);
			await app.vault.adapter.write(file.path, 'Now #needs-review from outside\n');
			const staleRightAfter = app.metadataCache.getFileCache(file) === before;
			const ok = await metaEvents.until((seen) => seen.some((s) => s.event === 'changed' && s.path === file.path));
			await sleep(300);
			vaultEvents.stop();
			metaEvents.stop();
			const order = [...vaultEvents.seen, ...metaEvents.seen].sort((a, b) => a.at - b.at).map((s) => s.event);
			return { changedArrived: ok, order, staleRightAfter };
		});

		// 4. Vault.process with a function that changes nothing: is the file written (mtime, events)?
		answers.processUnchanged = await probe(async () => {
			await sleep(50);
			const before = file.stat.mtime;
			const w = watch(app.vault, ['modify']);
			await app.vault.process(file, (text) => text);
			await sleep(300);
			w.stop();
			return { mtimeChanged: file.stat.mtime !== before, modifyEvents: w.seen.length };
		});

		// 5. The locale the plugin reads (moment's, used for the daily note name) and the UI language.
		answers.locale = await probe(async () => ({
			moment: obsidian && obsidian.moment ? obsidian.moment.locale() : window.moment ? window.moment.locale() : null,
			language: obsidian && obsidian.getLanguage ? obsidian.getLanguage() : null,
			navigator: typeof navigator === 'undefined' ? null : navigator.language,
		}));

		// 6. Popout windows: elements there fail a plain instanceof; instanceOf() and targetNode work.
		answers.popout = await probe(async () => {
			const leaf = app.workspace.openPopoutLeaf();
			try {
				await leaf.setViewState({ type: 'empty', active: true });
				const el = leaf.view.containerEl;
				let targetNodeWorks = null;
				el.addEventListener('click', (evt) => (targetNodeWorks = evt.targetNode === el), { once: true });
				el.click();
				return {
					sameDocument: el.ownerDocument === document,
					plainInstanceof: el instanceof HTMLElement,
					crossWindowInstanceOf: typeof el.instanceOf === 'function' ? el.instanceOf(HTMLElement) : null,
					targetNodeWorks,
				};
			} finally {
				leaf.detach();
			}
		});

		// 7. Deferred views: put the file explorer in a background tab first to see it deferred.
		answers.deferredExplorer = await probe(async () => {
			const leaf = app.workspace.getLeavesOfType('file-explorer')[0];
			if (!leaf) return { present: false };
			const state = { present: true, isDeferred: leaf.isDeferred, viewType: leaf.view.getViewType(), canReveal: typeof leaf.view.revealInFolder === 'function' };
			await leaf.loadIfDeferred();
			return { ...state, afterLoad: { isDeferred: leaf.isDeferred, canReveal: typeof leaf.view.revealInFolder === 'function' } };
		});

		// 8. Where Obsidian loaded this plugin from (internal `app.plugins`, read only).
		answers.pluginFolder = await probe(async () => {
			const plugins = app.plugins;
			const manifest = plugins && plugins.manifests && plugins.manifests['session-brief'];
			if (!manifest) return { installed: false };
			return { installed: true, dir: manifest.dir || null, default: `${app.vault.configDir}/plugins/session-brief`, enabled: Boolean(plugins.plugins && plugins.plugins['session-brief']) };
		});

		// 9. The agent-hook commands' desktop part (src/plugin/hosts/agent-hooks.ts): loaded, and
		// the clipboard its dialogs copy the bridge command to.
		answers.agentHooks = await probe(async () => {
			const clipboard = typeof navigator.clipboard?.writeText === 'function';
			const plugin = app.plugins && app.plugins.plugins && app.plugins.plugins['session-brief'];
			const hooks = plugin && plugin.desktop && plugin.desktop.hooks;
			if (!hooks) return { clipboard, pluginLoaded: false };
			return { clipboard, pluginLoaded: true, scopes: hooks.scopesOf('claude-code') };
		});
	} finally {
		for (const f of Object.values(files)) await probe(() => app.vault.delete(f));
		const folder = app.vault.getAbstractFileByPath(FOLDER);
		if (folder) await probe(() => app.vault.delete(folder, true));
	}

	const adapter = app.vault.adapter;
	if (!(await adapter.exists(OUT))) await adapter.mkdir(OUT);
	for (const [name, r] of Object.entries(recorded)) await adapter.write(`${OUT}/${name}.json`, `${JSON.stringify(r, null, 2)}\n`);
	await adapter.write(`${OUT}/obsidian-runtime.json`, `${JSON.stringify(answers, null, 2)}\n`);
	const all = { answers, notes: recorded };
	const text = JSON.stringify(all, null, 2);
	console.log(`Session Brief: recorded to ${OUT}/\n${text}`);
	try {
		await navigator.clipboard.writeText(text);
	} catch {
		// The files are the record; the clipboard is a convenience.
	}
	return all;
})(window.app, window.sessionBriefProbeOptions || {});
