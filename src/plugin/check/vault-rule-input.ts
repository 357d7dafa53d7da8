/**
 * The rule check's input from Obsidian: the vault's files plus `.claude/` (a dot folder Obsidian
 * does not index) read through the adapter, targets read ahead because the engine is synchronous,
 * and links resolved as Obsidian resolves them, so the plugin and the bridge judge links alike.
 */
import { FileSystemAdapter, Platform, TFile, type App } from 'obsidian';
import type { Lang } from '../../core/i18n';
import { isReadable } from '../../core/rules/engine';
import { fileListResolver } from '../../core/rules/links';
import { AGENT_FOLDER, checkScope, inScope } from '../../core/rules/scope';
import type { LinkResolver, RuleInput } from '../../core/rules/types';
import type { Settings } from '../../core/settings';

/** A symlinked folder may loop back into itself; the bridge does not follow those at all. */
const MAX_FOLDERS = 2000;

export interface DotListing {
	files: string[];
	/** Folders that could not be listed (vault-relative). */
	unreadable: string[];
}

/** Every file under a dot folder, through the adapter (the vault index leaves dot folders out). */
export async function listDotFolder(app: App, folder: string): Promise<DotListing> {
	const adapter = app.vault.adapter;
	const out: DotListing = { files: [], unreadable: [] };
	if (!(await adapter.exists(folder))) return out;
	const pending = [folder];
	const seen = new Set<string>();
	while (pending.length > 0 && seen.size < MAX_FOLDERS) {
		const dir = pending.pop() ?? '';
		if (seen.has(dir)) continue;
		seen.add(dir);
		try {
			const listed = await adapter.list(dir);
			out.files.push(...listed.files);
			pending.push(...listed.folders);
		} catch {
			out.unreadable.push(dir);
		}
	}
	return out;
}

/**
 * The vault folder on disk with `/`, or undefined where there is none (not a desktop adapter). Mobile
 * is asked first: its adapter is no FileSystemAdapter, and the class is not looked at there.
 */
export function vaultBasePath(app: App): string | undefined {
	if (!Platform.isDesktopApp) return undefined;
	const adapter = app.vault.adapter;
	return adapter instanceof FileSystemAdapter ? adapter.getBasePath() : undefined;
}

/**
 * Obsidian's own verdict first: a link it lists as unresolved is not looked up again, any other
 * is resolved by `getFirstLinkpathDest`. Only what Obsidian cannot see (`.claude/` files) falls
 * back to the file-list resolver of the core, as the bridge resolves it.
 */
export function obsidianLinkResolver(app: App, hiddenFiles: readonly string[]): LinkResolver {
	const hidden = fileListResolver(hiddenFiles);
	const own = obsidianOwnResolver(app);
	return (linkpath, sourcePath) => own(linkpath, sourcePath) || hidden(linkpath, sourcePath);
}

/** Obsidian's verdict alone, over what it indexes (no dot folder): how a wikilink is judged. */
export function obsidianOwnResolver(app: App): LinkResolver {
	const cache = app.metadataCache;
	return (linkpath, sourcePath) => {
		const unresolved = cache.unresolvedLinks[sourcePath];
		const known = unresolved !== undefined && Object.prototype.hasOwnProperty.call(unresolved, linkpath);
		return !known && cache.getFirstLinkpathDest(linkpath, sourcePath) !== null;
	};
}

export interface VaultRuleInput {
	input: RuleInput;
	/** Dot folders that could not be listed: links into them count as broken, which the view says. */
	unreadable: string[];
}

/**
 * Builds the input, including answers to the engine's `exists` questions: the adapter answers
 * asynchronously, so `answerExists` runs the engine once to collect them (see rule-check-runner).
 */
export async function vaultRuleInput(app: App, settings: Settings, lang: Lang): Promise<VaultRuleInput> {
	const { vault } = app;
	const dot = await listDotFolder(app, AGENT_FOLDER);
	const files = [...vault.getFiles().map((f) => f.path), ...dot.files];
	const targets = files.filter((f) => inScope(f, checkScope(settings)));
	const texts = new Map<string, string | null>();
	await Promise.all(
		targets.filter(isReadable).map(async (path) => {
			const file = vault.getAbstractFileByPath(path);
			try {
				// Indexed notes through Obsidian's read cache; `.claude/` files only exist for the adapter.
				texts.set(path, file instanceof TFile ? await vault.cachedRead(file) : await vault.adapter.read(path));
			} catch {
				texts.set(path, null);
			}
		}),
	);
	const input: RuleInput = {
		files,
		targets,
		read: (path) => texts.get(path) ?? null,
		resolveLink: obsidianLinkResolver(app, dot.files),
		resolveIndexedLink: obsidianOwnResolver(app),
		vaultRoot: vaultBasePath(app)?.replace(/\\/g, '/'),
		lang,
	};
	return { input, unreadable: dot.unreadable };
}
