// The example vault as the repository holds it: its notes (every `.md` file outside the config folder)
// and its three settings files, never what
// a run of the plugin or the bridge wrote beside them (caches, session records, installed hooks).
// `npm start` and every test that needs the example vault take a copy through this file, so nothing
// a demo or an earlier run left in example-vault/ can reach them, and example-vault/ itself is only
// ever read.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

export const EXAMPLE_VAULT = path.join(path.dirname(path.dirname(fileURLToPath(import.meta.url))), 'example-vault');

/** The settings files the repository keeps, relative to the vault (its config folder is `.obsidian`). */
export const EXAMPLE_SETTINGS = ['.obsidian/app.json', '.obsidian/daily-notes.json', '.obsidian/plugins/session-brief/data.json'];

/** Every file of the example vault (or a copy of it at `source`) as the repository holds it, relative and with `/`, sorted. */
export function exampleVaultFiles(source = EXAMPLE_VAULT) {
	const notes = [];
	const walk = (dir, rel) => {
		for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
			// The config folder holds settings and run-time files, never notes; nothing a run writes
			// elsewhere (installed hooks, agents' settings) is a note either.
			if (rel === '' && entry.name === '.obsidian') continue;
			const childRel = rel === '' ? entry.name : `${rel}/${entry.name}`;
			if (entry.isDirectory()) walk(path.join(dir, entry.name), childRel);
			else if (entry.isFile() && entry.name.endsWith('.md')) notes.push(childRel);
		}
	};
	walk(source, '');
	return [...notes, ...EXAMPLE_SETTINGS].sort();
}

/** Copies the example vault (as the repository holds it) into `dest`, which may exist; returns `dest`. */
export function copyExampleVault(dest, source = EXAMPLE_VAULT) {
	for (const rel of exampleVaultFiles(source)) {
		const to = path.join(dest, ...rel.split('/'));
		fs.mkdirSync(path.dirname(to), { recursive: true });
		fs.copyFileSync(path.join(source, ...rel.split('/')), to);
	}
	return dest;
}
