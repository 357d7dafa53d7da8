#!/usr/bin/env node
// Turns the client suite's vitest JSON report into the drift watch's job summary (Markdown): the
// CLI version under test next to the pinned one, and each failing case with its first error line.
// Usage: node scripts/clients-drift-report.mjs claude|gemini|codex|qwen <report.json>
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const PACKAGES = { claude: '@anthropic-ai/claude-code', gemini: '@google/gemini-cli', codex: '@openai/codex', qwen: '@qwen-code/qwen-code' };
const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'tests', 'clients');
const [id, reportFile] = process.argv.slice(2);
const pkg = PACKAGES[id];
if (pkg === undefined || reportFile === undefined) {
	console.error('usage: clients-drift-report.mjs claude|gemini|codex|qwen <vitest JSON report>');
	process.exit(2);
}

const read = (file) => {
	try {
		return JSON.parse(fs.readFileSync(file, 'utf8'));
	} catch {
		return undefined;
	}
};
const pinned = read(path.join(dir, 'package.json'))?.dependencies?.[pkg] ?? '?';
const tested = read(path.join(dir, 'node_modules', pkg, 'package.json'))?.version ?? '(not installed)';
const report = read(reportFile);

const out = [`## ${pkg} ${tested} (pinned: ${pinned}${tested === pinned ? ', no newer release' : ''})`, ''];
if (report === undefined) {
	out.push(`No test report (${reportFile}): the install or the suite's start failed; see the log.`);
} else {
	const cases = (report.testResults ?? []).flatMap((file) => (file.assertionResults ?? []).map((a) => ({ ...a, file: path.basename(file.name ?? '') })));
	const failed = cases.filter((c) => c.status === 'failed');
	const passed = cases.filter((c) => c.status === 'passed').length;
	const skipped = cases.filter((c) => c.status !== 'passed' && c.status !== 'failed').length;
	for (const file of report.testResults ?? []) {
		if ((file.assertionResults ?? []).length === 0 && file.status === 'failed') failed.push({ file: path.basename(file.name ?? ''), fullName: '(the file did not load)', failureMessages: [file.message ?? ''] });
	}
	out.push(`${passed} passed, ${failed.length} failed, ${skipped} skipped.`, '');
	if (failed.length > 0) {
		out.push(`${pkg} ${tested} broke:`, '');
		for (const f of failed) {
			const first = String(f.failureMessages?.[0] ?? '').split('\n').find((l) => l.trim() !== '') ?? '';
			out.push(`- **${f.file}: ${f.fullName}**: ${first.replace(/\x1b\[[0-9;]*m/g, '').slice(0, 300)}`);
			// An annotation on the run as well, so the failure shows without opening the summary.
			console.error(`::error title=${pkg} ${tested}::${f.fullName}`);
		}
	}
}
console.log(out.join('\n'));
