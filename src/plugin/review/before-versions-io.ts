/**
 * The before-versions as the plugin reads them (src/node/review/before-versions.ts writes and reads the
 * files, through the state-file module). Desktop only: the hooks that keep them run there, and a
 * phone has no Node to read them safely; there `beforeVersionsIo` answers null and the diff view
 * says the before-version is not kept.
 */
import { FileSystemAdapter, type App } from 'obsidian';
import type { BeforeHeader } from '../../core/trail/before-versions';
import { dropBeforeVersion, listBeforeHeaders, readBeforeVersion, restoreBeforeVersion, type BeforePlace, type BeforeVersion } from '../../node/review/before-versions';
import { sha256 } from '../../node/review/sha256';

export type { BeforeVersion };

export interface BeforeVersionsIo {
	read(path: string, session: string | null): BeforeVersion | null;
	/** Which notes and sessions have one, without their bytes. */
	headers(): BeforeHeader[];
	drop(path: string, session: string | null): void;
	restore(v: BeforeVersion): void;
}

/** `folder` is the plugin's folder, vault-relative. */
export function beforeVersionsIo(app: App, folder: string): BeforeVersionsIo | null {
	const adapter = app.vault.adapter;
	if (!(adapter instanceof FileSystemAdapter)) return null;
	const place: BeforePlace = { root: adapter.getBasePath(), pluginDir: adapter.getFullPath(folder) };
	return {
		read: (p, session) => readBeforeVersion(place, p, session, sha256),
		headers: () => listBeforeHeaders(place),
		drop: (p, session) => dropBeforeVersion(place, p, session),
		restore: (v) => restoreBeforeVersion(place, v),
	};
}
