/**
 * The pictures in docs/ stay true: every PNG that README.md or a page under docs/ shows is one
 * `npm run screenshots` draws again (tests/browser/screenshot-list.ts), and no picture lies in docs/
 * that no page shows or no test draws. Reads the Markdown as it is now, so moved sections count.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO } from '../helpers/bridge';
import { SCREENSHOTS } from '../browser/screenshot-list';

const DOCS = path.join(REPO, 'docs');

function markdownFiles(dir: string): string[] {
	return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
		const full = path.join(dir, e.name);
		if (e.isDirectory()) return markdownFiles(full);
		return e.name.endsWith('.md') ? [full] : [];
	});
}

function pngsUnder(dir: string): string[] {
	return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
		const full = path.join(dir, e.name);
		if (e.isDirectory()) return pngsUnder(full);
		return e.name.endsWith('.png') ? [path.relative(DOCS, full).split(path.sep).join('/')] : [];
	});
}

/** The PNGs a Markdown text points to (inline `](x.png)`, `<img src="x.png">`, `[ref]: x.png`), resolved from its folder. */
function pngLinks(text: string, fromDir: string): string[] {
	const found = [...text.matchAll(/\]\(\s*<?([^)\s>]+\.png)>?(?:\s+"[^"]*")?\s*\)|src=["']([^"']+\.png)["']|^\s*\[[^\]]+\]:\s*<?(\S+?\.png)>?/gim)];
	return found.map((m) => path.resolve(fromDir, decodeURI(m[1] ?? m[2] ?? m[3] ?? '')));
}

/** Every docs/ picture the Markdown shows, as a path inside docs/, with the files that show it. */
function shownPictures(): Map<string, string[]> {
	const shown = new Map<string, string[]>();
	for (const file of [path.join(REPO, 'README.md'), ...markdownFiles(DOCS)]) {
		for (const target of pngLinks(fs.readFileSync(file, 'utf8'), path.dirname(file))) {
			const rel = path.relative(DOCS, target).split(path.sep).join('/');
			if (rel.startsWith('..') || path.isAbsolute(rel)) continue;
			shown.set(rel, [...(shown.get(rel) ?? []), path.relative(REPO, file)]);
		}
	}
	return shown;
}

describe('the pictures in docs/', () => {
	it('finds the links the way Markdown writes them', () => {
		const md = '![a](sidebar-light.png) ![b](<sub/x.png> "t") <img src="../docs/doctor-dark.png">\n[ref]: ./setup-light.png\n[no](notes.md)';
		expect(pngLinks(md, '/r/docs')).toEqual(['/r/docs/sidebar-light.png', '/r/docs/sub/x.png', '/r/docs/doctor-dark.png', '/r/docs/setup-light.png']);
	});

	it('every picture the docs show is drawn by `npm run screenshots`, and exists', () => {
		const shown = shownPictures();
		expect(shown.size).toBeGreaterThan(0);
		const notDrawn = [...shown].filter(([name]) => !(SCREENSHOTS as readonly string[]).includes(name)).map(([name, by]) => `${name} (shown by ${by.join(', ')})`);
		expect(notDrawn).toEqual([]);
		const missing = [...shown.keys()].filter((name) => !fs.existsSync(path.join(DOCS, name)));
		expect(missing).toEqual([]);
	});

	it('no picture in docs/ that no page shows, and none that no test draws', () => {
		const shown = shownPictures();
		const onDisk = pngsUnder(DOCS).sort();
		expect(onDisk.filter((name) => !shown.has(name))).toEqual([]);
		expect(onDisk).toEqual([...SCREENSHOTS].sort());
	});

	it('each browser test that saves a picture does so at the fixed instant, through screenshots.ts', () => {
		const dir = path.join(REPO, 'tests', 'browser');
		const files = fs.readdirSync(dir).filter((f) => f.endsWith('.test.ts'));
		const saving = files.filter((f) => /\.screenshot\(|\bshoot\(/.test(fs.readFileSync(path.join(dir, f), 'utf8')));
		expect(saving.length).toBeGreaterThan(0);
		const wrong = saving.filter((f) => {
			const text = fs.readFileSync(path.join(dir, f), 'utf8');
			return !/^fixedClock\(\);$/m.test(text) || /\.screenshot\(/.test(text) || /new Date\(\)|Date\.now\(\)/.test(text);
		});
		expect(wrong).toEqual([]);
	});

	it('`npm run screenshots` builds, then runs the browser tests into docs/', () => {
		const pkg = JSON.parse(fs.readFileSync(path.join(REPO, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
		expect(pkg.scripts.screenshots).toBe('npm run build && node scripts/screenshots.mjs');
		const script = fs.readFileSync(path.join(REPO, 'scripts', 'screenshots.mjs'), 'utf8');
		expect(script).toContain("SESSION_BRIEF_SCREENSHOTS: '1'");
		expect(script).toContain("'--project', 'browser'");
	});
});
