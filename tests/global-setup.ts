// Builds the bridge bundle and its MCP server file when one is missing, so `npx vitest` works without `npm run build`.
// (`npm test` always builds first.)
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

export default function setup(): void {
	const root = path.resolve(__dirname, '..');
	if (['session-brief.cjs', 'session-brief.start.cjs', 'session-brief.edit.cjs', 'session-brief.mcp.cjs'].some((f) => !fs.existsSync(path.join(root, 'bridge', 'dist', f)))) {
		execFileSync(process.execPath, ['esbuild.config.mjs', 'production'], { cwd: root, stdio: 'inherit' });
	}
}
