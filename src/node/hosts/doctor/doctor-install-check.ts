/** Judges what install put in the vault: the hook entry, the files beside it and the install record. */
import * as path from 'node:path';
import { exists } from './doctor-files';
import type { Check, DoctorOptions } from './doctor-report';
import { readIfExists, sha256, WriteError } from '../install/files';
import { readManifest } from '../install/manifest';
import { MANIFEST_NAME } from '../../state-registry';
import { bridgeTarget, editTarget, scriptTarget, startTarget } from '../install/options';

/** The file's bytes; null when missing or damaged (a planted link or FIFO: the state-files check names it). */
function readOurs(vault: string, file: string): Buffer | null {
	try {
		return readIfExists(vault, file);
	} catch (error) {
		if (error instanceof WriteError) return null;
		throw error;
	}
}

export function checkScript(o: DoctorOptions, checks: Check[]): void {
	const script = scriptTarget(o.vault);
	if (!exists(script)) {
		checks.push({ id: 'script', status: 'fail', message: `The bridge is not in the vault (${script} is missing).`, fix: 'Run "install" (or the Obsidian command "Install agent hooks").' });
		return;
	}
	const bridge = bridgeTarget(o.vault);
	if (!exists(bridge)) {
		checks.push({ id: 'script', status: 'fail', message: `${script} is there but the bridge it runs is not (${bridge} is missing); it may be the single-file bridge of an earlier version.`, fix: 'Run "install" again to update it.' });
		return;
	}
	if (sha256(readOurs(o.vault, script) ?? '') !== o.hookFileHashes.entry) {
		checks.push({ id: 'script', status: 'fail', message: `${script} is not the hook entry of this version (${o.version}): an older or changed copy.`, fix: 'Run "install" again to update it.' });
		return;
	}
	const small = [
		{ file: startTarget(o.vault), hash: o.hookFileHashes.start, runsFor: 'a session start' },
		{ file: editTarget(o.vault), hash: o.hookFileHashes.edit, runsFor: 'the hooks around an edit' },
	];
	for (const { file, hash, runsFor } of small) {
		if (!exists(file) || sha256(readOurs(o.vault, file) ?? '') !== hash) {
			const what = exists(file) ? 'is not the one of this version' : 'is missing';
			checks.push({ id: 'script', status: 'fail', message: `${file}, which the hook entry runs for ${runsFor}, ${what} (${o.version}).`, fix: 'Run "install" again to update it.' });
			return;
		}
	}
	const running = o.scriptSource !== undefined ? sha256(o.scriptSource) : o.hookFileHashes.bridge;
	if (running !== undefined && sha256(readOurs(o.vault, bridge) ?? '') !== running) {
		checks.push({ id: 'script', status: 'fail', message: `${bridge} differs from this bridge (version ${o.version}): it is an older or changed copy.`, fix: 'Run "install" again to update it.' });
		return;
	}
	checks.push({ id: 'script', status: 'ok', message: `${script} and the bridge it runs (${path.basename(bridge)}) are present and current (version ${o.version}).` });
	const manifest = readManifest(o.vault);
	if (manifest === null) checks.push({ id: 'record', status: 'warn', message: `${MANIFEST_NAME} (what install recorded) is missing or unreadable.`, fix: 'Run "install" again.' });
	else if (manifest.configDir === undefined || !exists(path.join(o.vault, manifest.configDir))) {
		checks.push({ id: 'record', status: 'warn', message: `The recorded Obsidian config folder ${manifest.configDir ?? '(none)'} does not exist; the bridge looks for one itself.`, fix: 'Run "install" again after opening the vault in Obsidian once.' });
	} else checks.push({ id: 'record', status: 'ok', message: `The bridge reads the vault's settings from ${manifest.configDir}.` });
}
