/**
 * Atomic replacement of a file in the plugin folder. `DataAdapter.rename` refuses an existing
 * target, so the desktop writes through src/node/state-file.ts; any other adapter removes then
 * renames, and a reader that finds no file for a moment takes it as a cache miss, never a wrong brief.
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
