/**
 * The repository stands on its own: no file reads or cites anything outside it (the documents it was
 * planned from are not part of a user's clone), and the recordings it tests against are its own copy.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO } from '../helpers/bridge';

const SKIP_DIRS = new Set(['node_modules', '.git', 'dist', 'release', 'coverage', 'fixtures', 'tmp']);
const SKIP_FILES = new Set(['main.js', 'package-lock.json', 'results.json']);
const TEXT = /\.(ts|mts|mjs|cjs|js|json|md|css|yml|yaml|sh)$|^run$/;

function files(dir: string, out: string[] = []): string[] {
	for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
		if (entry.isDirectory()) {
			if (!SKIP_DIRS.has(entry.name) && entry.name !== 'example-vault') files(path.join(dir, entry.name), out);
		} else if (TEXT.test(entry.name) && !SKIP_FILES.has(entry.name)) out.push(path.join(dir, entry.name));
	}
	return out;
}

/** Pointers to documents that are not in the repository. */
// The planning folder's name is spelled with a class so this file does not itself point at it.
const OUTSIDE = [/\.\.\/s[h]ared\b/, /\bs[h]ared\/(data|seeds|research|SPEC)/, /\bSPEC(\.md| ?§)/, /\bseed \d{3}\b/, /\bissue \d+ item\b/i, /\(issue \d+[),;]/i];

describe('self-contained repository', () => {
	it('no file points to documents outside the repository', () => {
		const hits: string[] = [];
		const all = files(REPO);
		expect(all.length).toBeGreaterThan(100);
		for (const file of all) {
			const lines = fs.readFileSync(file, 'utf8').split('\n');
			lines.forEach((text, i) => {
				if (OUTSIDE.some((re) => re.test(text))) hits.push(`${path.relative(REPO, file)}:${i + 1}: ${text.trim().slice(0, 120)}`);
			});
		}
		expect(hits).toEqual([]);
	});

	it('the pattern list catches what it is for', () => {
		for (const bad of ['see SPEC §3', `path.resolve(__dirname, "../${'sha'}red/data")`, '(seed 000, finding 1)', '(issue 5 item 2)', 'a rule (issue 7)']) {
			expect(OUTSIDE.some((re) => re.test(bad)), bad).toBe(true);
		}
		for (const good of ['prng(seed)', 'docs/design.md, "What counts"', 'a shared loopback server']) {
			expect(OUTSIDE.some((re) => re.test(good)), good).toBe(false);
		}
	});

	it('keeps its own copy of the Obsidian recordings, with their license', () => {
		const dir = path.join(REPO, 'tests', 'fixtures', 'obsidian-recorded');
		expect(fs.readdirSync(dir).filter((f) => f.endsWith('.json')).length).toBeGreaterThan(80);
		expect(fs.readFileSync(path.join(dir, 'LICENSE.obsidian-tasks'), 'utf8')).toContain('MIT License');
	});
});
