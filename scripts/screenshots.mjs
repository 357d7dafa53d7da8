#!/usr/bin/env node
// `npm run screenshots`: the browser tests draw every docs/*.png again (tests/browser/screenshot-list.ts
// names them). Same instant, language, time zone and fonts on every machine, so a second run changes
// no byte; fails when a picture in docs/ was not drawn again.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const docs = path.join(root, 'docs');

// Only DejaVu (Debian's fonts-dejavu-core, as CI installs it): a font the machine has besides it
// (Inter, Segoe UI…) would otherwise take its place in the theme's font list.
const DEJAVU = ['/usr/share/fonts/truetype/dejavu', '/usr/share/fonts/dejavu-sans-fonts', '/usr/share/fonts/TTF', '/usr/share/fonts/dejavu'];
const fontDir = DEJAVU.find((d) => fs.existsSync(path.join(d, 'DejaVuSans.ttf')));
if (fontDir === undefined) {
	console.error(`screenshots: DejaVu Sans not found in ${DEJAVU.join(', ')} (Debian: apt-get install fonts-dejavu-core)`);
	process.exit(1);
}
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-screenshots-'));
const fontsConf = path.join(work, 'fonts.conf');
fs.writeFileSync(
	fontsConf,
	[
		'<?xml version="1.0"?>',
		'<!DOCTYPE fontconfig SYSTEM "fonts.dtd">',
		'<fontconfig>',
		`\t<dir>${fontDir}</dir>`,
		`\t<cachedir>${path.join(work, 'cache')}</cachedir>`,
		// The math font of the same folder would otherwise answer for names it does not know.
		'\t<selectfont><rejectfont><glob>*/DejaVuMathTeXGyre.ttf</glob></rejectfont></selectfont>',
		'\t<alias><family>sans-serif</family><prefer><family>DejaVu Sans</family></prefer></alias>',
		'\t<alias><family>serif</family><prefer><family>DejaVu Serif</family></prefer></alias>',
		'\t<alias><family>monospace</family><prefer><family>DejaVu Sans Mono</family></prefer></alias>',
		'\t<match target="pattern"><edit name="family" mode="append_last"><string>sans-serif</string></edit></match>',
		'</fontconfig>',
		'',
	].join('\n'),
);

const pngs = () => fs.readdirSync(docs).filter((f) => f.endsWith('.png'));
const before = new Map(pngs().map((f) => [f, fs.statSync(path.join(docs, f)).mtimeMs]));
const started = Date.now();
const vitest = path.join(root, 'node_modules', 'vitest', 'vitest.mjs');
const run = spawnSync(process.execPath, [vitest, 'run', '--project', 'browser'], {
	cwd: root,
	stdio: 'inherit',
	env: { ...process.env, SESSION_BRIEF_SCREENSHOTS: '1', TZ: 'UTC', LANG: 'en_US.UTF-8', LC_ALL: 'en_US.UTF-8', FONTCONFIG_FILE: fontsConf },
});
fs.rmSync(work, { recursive: true, force: true });
if (run.status !== 0) process.exit(run.status ?? 1);

const stale = pngs().filter((f) => {
	const m = fs.statSync(path.join(docs, f)).mtimeMs;
	return m < started && m === before.get(f);
});
if (stale.length > 0) {
	console.error(`screenshots: not drawn again (skipped test, or a picture no test makes): ${stale.join(', ')}`);
	process.exit(1);
}
console.log(`screenshots: ${pngs().length} pictures in docs/ drawn again`);
