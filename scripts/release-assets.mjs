// Gathers the files a release attaches — main.js, manifest.json, styles.css (what Obsidian, BRAT
// and the community store install), the bridge session-brief.cjs and the MCP server file
// session-brief.mcp.cjs its `mcp` command loads from beside it — into release/ (or `--out DIR`),
// after checking that every place holding the version agrees. Run after `npm run build`; CI runs
// it too, so the release workflow's build step is exercised on every change.
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const read = (file) => JSON.parse(readFileSync(file, 'utf8'));
const pkg = read('package.json');
const manifest = read('manifest.json');
const versions = read('versions.json');
const bridge = 'bridge/dist/session-brief.cjs';
const mcpServer = 'bridge/dist/session-brief.mcp.cjs';
const bridgeVersion = execFileSync(process.execPath, [bridge, '--version'], { encoding: 'utf8' }).trim();

const problems = [];
if (manifest.version !== pkg.version) problems.push(`manifest.json has ${manifest.version}, package.json ${pkg.version}`);
if (versions[pkg.version] !== manifest.minAppVersion) problems.push(`versions.json maps ${pkg.version} to ${versions[pkg.version]}, manifest.json's minAppVersion is ${manifest.minAppVersion}`);
if (bridgeVersion !== pkg.version) problems.push(`the built bridge says ${bridgeVersion}, package.json ${pkg.version} (run npm run build)`);
// The bridge refuses a server file of another version; its banner names the version it was built with.
const mcpVersion = existsSync(mcpServer) ? (/^\/\*\n \* Session Brief MCP server (\S+),/.exec(readFileSync(mcpServer, 'utf8').slice(0, 200))?.[1] ?? 'no version') : pkg.version;
if (mcpVersion !== pkg.version) problems.push(`the built MCP server file says ${mcpVersion}, package.json ${pkg.version} (run npm run build)`);
const tag = process.env.RELEASE_TAG;
if (tag !== undefined && tag !== '' && tag !== pkg.version) problems.push(`the tag ${tag} is not the version ${pkg.version} (Obsidian expects the tag to be the bare version)`);
if (problems.length > 0) {
	console.error(`release-assets: versions disagree:\n  ${problems.join('\n  ')}`);
	process.exit(1);
}

const outAt = process.argv.indexOf('--out');
const out = outAt >= 0 ? process.argv[outAt + 1] : 'release';
// release/ is ours to empty; another folder only when it is new or empty.
if (out !== 'release' && existsSync(out) && readdirSync(out).length > 0) {
	console.error(`release-assets: ${out} is not empty; give a new or empty folder to --out`);
	process.exit(1);
}
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const files = ['main.js', 'manifest.json', 'styles.css', bridge, mcpServer];
for (const file of files) {
	if (!existsSync(file)) {
		console.error(`release-assets: ${file} is missing (run npm run build)`);
		process.exit(1);
	}
	copyFileSync(file, join(out, file.split('/').pop()));
}
console.log(`release ${pkg.version}: ${files.map((f) => join(out, f.split('/').pop())).join(', ')}`);
