// One *Needs review* section of many notes drawn in headless Chromium with the sidebar's own row
// code, with and without the row cap, in the same page and run; the numbers are for docs/speed.md.
// For happy-dom (the tests' DOM) see `npm run bench:render`.
//
//   npx tsx bench/render-rows.ts [-- --notes 10000 --repeat 5]
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { build } from 'esbuild';
import { CHROMIUM, CHROMIUM_ARGS, loadPlaywright, pageHtml } from '../stand-in/sidebar-page';

function arg(name: string, def: number): number {
	const i = process.argv.indexOf(`--${name}`);
	const v = i >= 0 ? Number(process.argv[i + 1]) : def;
	return Number.isFinite(v) && v > 0 ? v : def;
}

interface Timing {
	script: number;
	layout: number;
	rows: number;
}

async function main(): Promise<void> {
	const notes = arg('notes', 10_000);
	const repeat = arg('repeat', 5);
	const playwright = await loadPlaywright();
	if (typeof playwright === 'string') {
		console.log(`render-rows: skipped, ${playwright}`);
		return;
	}
	const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sb-render-rows-')), 'rows-page.js');
	const root = path.resolve(__dirname, '..');
	await build({
		entryPoints: [path.join(root, 'bench/browser/rows-page.ts')],
		bundle: true,
		platform: 'browser',
		format: 'iife',
		outfile: out,
		logLevel: 'warning',
		alias: { obsidian: path.join(root, 'bench/browser/obsidian-shim.ts'), 'happy-dom': path.join(root, 'bench/browser/no-popout.ts') },
	});
	const browser = await playwright.chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
	try {
		const page = await browser.newPage({ viewport: { width: 420, height: 800 } });
		await page.setContent(pageHtml('light', '<div class="view-content session-brief-view"></div>'));
		await page.addScriptTag({ content: fs.readFileSync(out, 'utf8') });
		const version = browser.version();
		const r = await page.evaluate(([n, k]) => (window as unknown as { runRows: (n: number, k: number) => Record<'capped' | 'uncapped', Timing> }).runRows(n, k), [notes, repeat] as const);
		const line = (t: Timing): string => `${t.rows} rows: ${t.script.toFixed(1)} ms script + ${t.layout.toFixed(1)} ms layout`;
		console.log(`render-rows: one section of ${notes} notes in Chromium ${version}, median of ${repeat} draws`);
		console.log(`  cap lifted: ${line(r.uncapped)}`);
		console.log(`  row cap:    ${line(r.capped)}  (${((r.uncapped.script + r.uncapped.layout) / (r.capped.script + r.capped.layout)).toFixed(0)}x less)`);
	} finally {
		await browser.close();
		fs.rmSync(path.dirname(out), { recursive: true, force: true });
	}
}

main().then(
	() => process.exit(0),
	(error: unknown) => {
		console.error(error);
		process.exit(1);
	},
);
