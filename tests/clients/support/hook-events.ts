/**
 * The hook event names inside the pinned Claude Code binary: its settings schema lists every event
 * as one array of strings starting `["PreToolUse","PostToolUse",`. Read as bytes (the binary is
 * some 400 MB), so the rule check's list (src/core/rules/settings/hook-events.ts) can be compared with the
 * release the client tests run.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { binary, CLIENTS_DIR } from './clients';

const START = Buffer.from('["PreToolUse","PostToolUse",', 'latin1');

/** The event names of the first such array in `file`, or null when it has none. */
export function eventsInBinary(file: string): string[] | null {
	const bytes = fs.readFileSync(file);
	const at = bytes.indexOf(START);
	if (at < 0) return null;
	const end = bytes.indexOf(']', at);
	if (end < 0) return null;
	const list = JSON.parse(bytes.subarray(at, end + 1).toString('latin1')) as unknown;
	return Array.isArray(list) && list.every((e) => typeof e === 'string') ? list : null;
}

/** The installed Claude Code's executable: the package's own, or its platform package's. */
export function claudeExecutables(): string[] {
	const out: string[] = [];
	try {
		out.push(fs.realpathSync(binary('claude')));
	} catch {
		// Not installed: the suite skips.
	}
	const platform = path.join(CLIENTS_DIR, 'node_modules', '@anthropic-ai', `claude-code-${process.platform}-${process.arch}`, process.platform === 'win32' ? 'claude.exe' : 'claude');
	if (fs.existsSync(platform)) out.push(platform);
	return out;
}
