/**
 * The rule check from the file system: lists the vault, reads the rule files, runs the core's
 * checks and the external checker. Loaded only when an edit is in scope (see post-tool-use.ts).
 */
import * as fs from 'node:fs';
import { walkFolders } from '../scan/walk';
import * as path from 'node:path';
import type { Lang } from '../../core/i18n';
import { runRuleCheck } from '../../core/rules/engine';
import { externalStep, finishRuleCheck, type FinishedRuleCheck } from '../../core/rules/finish';
import { AGENT_FOLDER, checkScope, inScope } from '../../core/rules/scope';
import type { ExternalCheck } from '../../core/settings';
import { runExternalCheck } from './external-check';
import { openInVault } from '../real-path';
import type { VaultContext } from '../vault-config';

export interface VaultFiles {
	files: string[];
	/** Folders that could not be listed, vault-relative. */
	unreadable: string[];
}

/**
 * Every file Obsidian would index (no dot entries, no `node_modules`) plus everything under
 * `.claude/`, where the agent's rule files live. Symlinked folders are not followed, so a loop
 * cannot trap the walk. Throws only when the root itself cannot be listed.
 */
export function listVaultFiles(root: string): VaultFiles {
	const files: string[] = [];
	const unreadable: string[] = [];
	walkFolders(root, {
		entry(entry, child) {
			const hidden = entry.name.startsWith('.') && !(child === AGENT_FOLDER || child.startsWith(`${AGENT_FOLDER}/`));
			if (hidden || entry.name === 'node_modules') return false;
			if (entry.isDirectory()) return true;
			if (entry.isFile() || entry.isSymbolicLink()) files.push(child);
			return false;
		},
		unreadable(rel, error) {
			if (rel === '') throw error;
			unreadable.push(rel);
		},
	});
	return { files, unreadable };
}

const decoder = new TextDecoder('utf-8', { fatal: false });

/** A rule file larger than this is not read (none is near it; a planted one must not fill memory). */
const MAX_RULE_FILE_BYTES = 16 * 1024 * 1024;
// O_NONBLOCK: a FIFO named like a rule file must not hang the hook; regular files ignore it.
const READ_FLAGS = fs.constants.O_RDONLY | (fs.constants.O_NONBLOCK ?? 0);

/**
 * A rule file's text, or null when it cannot be read: a link out of the vault, a FIFO or anything
 * but a regular file, a file too large (docs/design.md, "Links do not open doors").
 */
function readText(root: string, rel: string): string | null {
	let fd: number;
	try {
		fd = openInVault(root, path.join(root, rel), READ_FLAGS);
	} catch {
		return null;
	}
	try {
		const st = fs.fstatSync(fd);
		if (!st.isFile() || st.size > MAX_RULE_FILE_BYTES) return null;
		const data = Buffer.alloc(st.size);
		let got = 0;
		while (got < data.length) {
			const n = fs.readSync(fd, data, got, data.length - got, got);
			if (n === 0) break;
			got += n;
		}
		// Invalid UTF-8 becomes U+FFFD: a garbled byte must not stop the check of the rest.
		return decoder.decode(data.subarray(0, got));
	} catch {
		return null;
	} finally {
		fs.closeSync(fd);
	}
}

export interface VaultCheckOptions {
	/** Files to check instead of the rule scope (vault-relative). */
	targets?: string[];
	env: NodeJS.ProcessEnv;
	externalTimeoutMs?: number;
	lang: Lang;
	/** False: never start the user's external checker (the MCP tool runs only the built-in checks). */
	external?: boolean;
}

/**
 * The listing indexed once, lower-cased and sorted, so each given path costs a binary search and
 * its own matches: N explicit paths stay linear in N plus the listing, not N times the listing.
 */
function listingIndex(files: readonly string[]): { lower: string[]; original: string[] } {
	const order = files.map((f, i) => [f.toLowerCase(), i] as const).sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
	return { lower: order.map((o) => o[0]), original: order.map((o) => files[o[1]] ?? '') };
}

function firstAtLeast(sorted: string[], key: string): number {
	let lo = 0;
	let hi = sorted.length;
	while (lo < hi) {
		const mid = (lo + hi) >>> 1;
		if ((sorted[mid] ?? '') < key) lo = mid + 1;
		else hi = mid;
	}
	return lo;
}

/** Every listed file equal to `rel` or under it (case-insensitive), from the index. */
function matchesOf(index: ReturnType<typeof listingIndex>, rel: string): string[] {
	const key = rel.toLowerCase();
	const out: string[] = [];
	for (let i = firstAtLeast(index.lower, key); i < index.lower.length && (index.lower[i] ?? '') === key; i++) out.push(index.original[i] ?? '');
	if (key === '') return index.original;
	const prefix = `${key}/`;
	for (let i = firstAtLeast(index.lower, prefix); i < index.lower.length && (index.lower[i] ?? '').startsWith(prefix); i++) out.push(index.original[i] ?? '');
	return out;
}

/**
 * The files under the given vault-relative paths (files or folders; '' is the whole vault), matched
 * case-insensitively against the listing (`check PATHS…` and the MCP tool alike). A file the
 * listing leaves out (in a dot folder) is still checked when named explicitly.
 */
export function targetsUnder(root: string, rels: readonly string[], files: readonly string[] = listVaultFiles(root).files): string[] {
	const index = listingIndex(files);
	const targets = new Set<string>();
	for (const rel of rels) {
		const matches = matchesOf(index, rel);
		if (matches.length === 0 && rel !== '' && isFile(path.join(root, rel))) targets.add(rel);
		for (const m of matches) targets.add(m);
	}
	return [...targets];
}

function isFile(p: string): boolean {
	try {
		return fs.statSync(p).isFile();
	} catch {
		return false;
	}
}

/** The I/O of the rule check with Node; the core's finisher adds the unlisted folders and the external run. */
export async function checkVault(ctx: VaultContext, options: VaultCheckOptions): Promise<FinishedRuleCheck> {
	const listing = listVaultFiles(ctx.root);
	const scope = checkScope(ctx.settings);
	const targets = options.targets ?? listing.files.filter((f) => inScope(f, scope));
	const result = runRuleCheck({
		files: listing.files,
		targets,
		read: (rel) => readText(ctx.root, rel),
		exists: (rel) => fs.existsSync(path.join(ctx.root, rel)),
		vaultRoot: ctx.root.replace(/\\/g, '/'),
		lang: options.lang,
	});
	const runner = options.external === false ? undefined : (config: ExternalCheck) => runExternalCheck(config, ctx.root, options.env, options.externalTimeoutMs);
	return finishRuleCheck(result, listing.unreadable, await externalStep(ctx.settings.externalCheck, runner), options.lang);
}
