/**
 * The real eslint.config.mjs validates manifest.json with eslint-plugin-obsidianmd's
 * `validate-manifest` (the community directory's checks): the repository's manifest passes, and a
 * planted mistake in the id or an unknown key fails `npm run lint`.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const REPO = path.resolve(__dirname, '../..');
const MANIFEST = path.join(REPO, 'manifest.json');
const real = new ESLint({ cwd: REPO });

async function errorsFor(text: string): Promise<string[]> {
	const [result] = await real.lintText(text, { filePath: MANIFEST });
	return (result?.messages ?? []).filter((m) => m.severity === 2).map((m) => `${m.ruleId ?? 'parse'}: ${m.message}`);
}

describe('manifest.json under the official lint config', () => {
	it('the repository\'s manifest passes', async () => {
		expect(await errorsFor(fs.readFileSync(MANIFEST, 'utf8'))).toEqual([]);
	});

	it('an id with "plugin" in it, an unknown key and a missing key fail', async () => {
		const manifest = JSON.parse(fs.readFileSync(MANIFEST, 'utf8')) as Record<string, unknown>;
		const { author: _author, ...withoutAuthor } = manifest;
		const bad = { ...withoutAuthor, id: 'session-brief-plugin', homepage: 'https://example.com' };
		expect(await errorsFor(JSON.stringify(bad, null, '\t'))).toEqual([
			"obsidianmd/validate-manifest: The manifest is missing the required 'author' property.",
			"obsidianmd/validate-manifest: The 'id' property cannot contain 'plugin'.",
			"obsidianmd/validate-manifest: The 'homepage' property is not allowed in the manifest.",
		]);
	}, 60_000);
});
