// Run by `npm version <new>` (the "version" script): copies package.json's new version into
// manifest.json and records it in versions.json with the current minAppVersion, the way the
// Obsidian sample plugin does, and into the agent plugin's manifests (Claude Code, Codex) and marketplace entry.
// The bridge takes its version from package.json at build time.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

const target = process.env.npm_package_version ?? JSON.parse(readFileSync('package.json', 'utf8')).version;

const manifest = JSON.parse(readFileSync('manifest.json', 'utf8'));
const { minAppVersion } = manifest;
manifest.version = target;
writeFileSync('manifest.json', `${JSON.stringify(manifest, null, '\t')}\n`);

const versions = JSON.parse(readFileSync('versions.json', 'utf8'));
if (!Object.values(versions).includes(minAppVersion) || versions[target] === undefined) {
	versions[target] = minAppVersion;
	writeFileSync('versions.json', `${JSON.stringify(versions, null, '\t')}\n`);
}
// The Claude Code plugin (claude-plugin/) and its marketplace entry; 2-space JSON, as written.
for (const file of ['claude-plugin/.claude-plugin/plugin.json', 'claude-plugin/.codex-plugin/plugin.json', '.claude-plugin/marketplace.json']) {
	if (!existsSync(file)) continue;
	const json = JSON.parse(readFileSync(file, 'utf8'));
	if (Array.isArray(json.plugins)) for (const p of json.plugins) p.version = target;
	else json.version = target;
	writeFileSync(file, `${JSON.stringify(json, null, 2)}\n`);
}
console.log(`manifest.json and versions.json now at ${target} (minAppVersion ${minAppVersion})`);
