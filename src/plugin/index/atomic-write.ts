/**
 * Atomic replacement of a file in the plugin folder. Obsidian's `DataAdapter.rename` refuses an
 * existing target ("Destination file already exists!"), so on desktop (`FileSystemAdapter`; only
 * the desktop parts write these files) the write goes through the shared Node write
 * (src/node/state-file.ts), whose rename replaces the target in one step on every OS; a reader
 * sees the old file or the new one. Any other adapter gets write-temp, remove-target, rename: a
 * reader may then find no file for a moment, which the bridge treats as a cache miss, never as a
 * wrong brief.
 */
import * as path from 'path';
import { FileSystemAdapter, normalizePath, type DataAdapter } from 'obsidian';
import { writeStateFileAsync } from '../../node/state-file';

function tempName(target: string): string {
	return `${target}.${process.pid}.${Math.random().toString(16).slice(2, 10)}.tmp`;
}

export async function writeAtomic(adapter: DataAdapter, vaultPath: string, content: string): Promise<void> {
	const target = normalizePath(vaultPath);
	if (adapter instanceof FileSystemAdapter) {
		// Through the state-file module: never through a planted link, never outside the vault.
		await writeStateFileAsync(adapter.getBasePath(), path.join(adapter.getBasePath(), ...target.split('/')), content);
		return;
	}
	const dir = target.includes('/') ? target.slice(0, target.lastIndexOf('/')) : '';
	if (dir !== '' && !(await adapter.exists(dir))) await adapter.mkdir(dir);
	const tmp = tempName(target);
	await adapter.write(tmp, content);
	if (await adapter.exists(target)) await adapter.remove(target);
	await adapter.rename(tmp, target);
}
