// A small hand-made SVG chart: the bridge's full scan against rg and a plain Node read, by vault
// size, on a log time axis. Input: results.json's `raw.scan` ({ [n]: { scan, rg, readAll } }).

/** One size's medians, keyed like `raw.scan[n]` in results.json. */
export type ScanSeries = Partial<Record<'scan' | 'rg' | 'rgSingleThread' | 'readAll', { median: number } | undefined>>;

const SERIES: readonly [keyof ScanSeries, string, string][] = [
	['scan', 'bridge full scan', '#3b6fd6'],
	['rg', 'rg (all cores)', '#e07b39'],
	['rgSingleThread', 'rg -j1', '#f2b48a'],
	['readAll', 'plain Node read', '#8a8f98'],
];

function esc(s: string | number): string {
	return String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;');
}

function fmt(ms: number): string {
	return ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${Math.round(ms)} ms`;
}

function tick(ms: number): string {
	return ms >= 1000 ? `${ms / 1000} s` : `${ms} ms`;
}

export function scanChartSvg(scan: Record<number, ScanSeries>): string {
	const sizes = Object.keys(scan).map(Number).sort((a, b) => a - b);
	const at = (n: number): ScanSeries => scan[n] ?? {};
	const series = SERIES.filter(([key]) => sizes.some((n) => at(n)[key] !== undefined));
	const W = 640;
	const H = 340;
	const left = 60;
	const right = 44;
	const top = 40;
	const bottom = 60;
	const plotH = H - top - bottom;
	const values = sizes.flatMap((n) => series.map(([k]) => at(n)[k]?.median).filter((v): v is number => v !== undefined));
	const lo = Math.pow(10, Math.floor(Math.log10(Math.min(...values))));
	const hi = Math.pow(10, Math.ceil(Math.log10(Math.max(...values, 5000))));
	const y = (ms: number): number => top + plotH * (1 - (Math.log10(ms) - Math.log10(lo)) / (Math.log10(hi) - Math.log10(lo)));
	const groupW = (W - left - right) / sizes.length;
	const barW = Math.min(34, (groupW - 30) / series.length);
	const out: string[] = [];
	out.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="system-ui, sans-serif" font-size="11">`);
	out.push(`<rect width="${W}" height="${H}" fill="#fff"/>`);
	out.push(`<text x="${left}" y="20" font-size="14" font-weight="600">Full scan time by vault size (log scale; lower is better)</text>`);
	for (let d = lo; d <= hi; d *= 10) {
		const yy = y(d).toFixed(1);
		out.push(`<line x1="${left}" x2="${W - right}" y1="${yy}" y2="${yy}" stroke="#ddd"/>`);
		out.push(`<text x="${left - 6}" y="${yy}" text-anchor="end" dominant-baseline="middle" fill="#555">${esc(tick(d))}</text>`);
	}
	// The 5 s target line.
	const y5 = y(5000).toFixed(1);
	out.push(`<line x1="${left}" x2="${W - right}" y1="${y5}" y2="${y5}" stroke="#c0392b" stroke-dasharray="5 4"/>`);
	out.push(`<text x="${W - right}" y="${Number(y5) - 4}" text-anchor="end" fill="#c0392b">5 s target (100k)</text>`);
	sizes.forEach((n, g) => {
		const x0 = left + g * groupW + (groupW - barW * series.length) / 2;
		series.forEach(([key, , color], s) => {
			const v = at(n)[key]?.median;
			if (v === undefined) return;
			const x = x0 + s * barW;
			const yy = y(v);
			out.push(`<rect x="${x.toFixed(1)}" y="${yy.toFixed(1)}" width="${(barW - 3).toFixed(1)}" height="${(top + plotH - yy).toFixed(1)}" fill="${color}"><title>${esc(`${n} notes, ${key}: ${fmt(v)}`)}</title></rect>`);
			out.push(`<text x="${(x + (barW - 3) / 2).toFixed(1)}" y="${(yy - 3).toFixed(1)}" text-anchor="middle" font-size="9" fill="#333">${esc(fmt(v))}</text>`);
		});
		// The 3× rg target, as a dashed mark across the group.
		const rg = at(n).rg?.median;
		if (rg !== undefined) {
			const y3 = y(3 * rg).toFixed(1);
			out.push(`<line x1="${(x0 - 4).toFixed(1)}" x2="${(x0 + barW * series.length).toFixed(1)}" y1="${y3}" y2="${y3}" stroke="#333" stroke-dasharray="3 3"/>`);
			out.push(`<text x="${(x0 + barW * series.length + 2).toFixed(1)}" y="${y3}" dominant-baseline="middle" font-size="9" fill="#333">3× rg</text>`);
		}
		out.push(`<text x="${(left + g * groupW + groupW / 2).toFixed(1)}" y="${top + plotH + 16}" text-anchor="middle" fill="#333">${n.toLocaleString('en')} notes</text>`);
	});
	out.push(`<line x1="${left}" x2="${W - right}" y1="${top + plotH}" y2="${top + plotH}" stroke="#888"/>`);
	series.forEach(([, label, color], s) => {
		const x = left + s * 140;
		out.push(`<rect x="${x}" y="${H - 22}" width="12" height="12" fill="${color}"/><text x="${x + 16}" y="${H - 12}">${esc(label)}</text>`);
	});
	out.push('</svg>');
	return `${out.join('\n')}\n`;
}
