// Run by `npm version <new>` (the "version" script): copies package.json's new version into
// manifest.json and records it in versions.json with the current minAppVersion, the way the
// Obsidian sample plugin does. The bridge takes its version from package.json at build time.
import { readFileSync, writeFileSync } from 'node:fs';

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
console.log(`manifest.json and versions.json now at ${target} (minAppVersion ${minAppVersion})`);
