/**
 * Atomic replacement of a file in the plugin folder. Obsidian's `DataAdapter.rename` refuses an
 * existing target ("Destination file already exists!"), so on desktop (`FileSystemAdapter`, the
 * only adapter this desktop-only plugin meets) the temp file is renamed with Node's `fs.rename`,
 * which replaces the target in one step on every OS; a reader sees the old file or the new one.
 * Any other adapter gets write-temp, remove-target, rename: a reader may then find no file for a
 * moment, which the bridge treats as a cache miss, never as a wrong brief.
 */
import { promises as fs } from 'fs';
import * as path from 'path';
import { FileSystemAdapter, normalizePath, type DataAdapter } from 'obsidian';

function tempName(target: string): string {
	return `${target}.${process.pid}.${Math.random().toString(16).slice(2, 10)}.tmp`;
}

export async function writeAtomic(adapter: DataAdapter, vaultPath: string, content: string): Promise<void> {
	const target = normalizePath(vaultPath);
	const dir = target.includes('/') ? target.slice(0, target.lastIndexOf('/')) : '';
	if (adapter instanceof FileSystemAdapter) {
		const full = path.join(adapter.getBasePath(), ...target.split('/'));
		await fs.mkdir(path.dirname(full), { recursive: true });
		const tmp = tempName(full);
		try {
			await fs.writeFile(tmp, content, 'utf8');
			await fs.rename(tmp, full);
		} catch (error) {
			await fs.rm(tmp, { force: true });
			throw error;
		}
		return;
	}
	if (dir !== '' && !(await adapter.exists(dir))) await adapter.mkdir(dir);
	const tmp = tempName(target);
	await adapter.write(tmp, content);
	if (await adapter.exists(target)) await adapter.remove(target);
	await adapter.rename(tmp, target);
}
