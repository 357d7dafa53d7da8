/** Our Claude Code entries carry a statusMessage (the spinner text while the hook runs), and the rule check accepts them. */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bareEnv, exampleVault, removeTempDirs, runBridge, tempDir } from '../../helpers/rule-vault';

afterAll(removeTempDirs, 60_000);

interface Handler {
	command: string;
	statusMessage?: string;
}

describe('statusMessage on our entries', () => {
	it('install writes "Reading the vault\'s brief…" and "Checking the rule set…"; check finds nothing wrong with them', () => {
		const vault = exampleVault();
		const home = tempDir('sb-home-');
		expect(runBridge(vault, 'install', '', { args: ['--vault', vault], env: bareEnv({ HOME: home }) }).code).toBe(0);
		const hooks = (JSON.parse(fs.readFileSync(path.join(vault, '.claude', 'settings.json'), 'utf8')) as { hooks: Record<string, Array<{ hooks: Handler[] }>> }).hooks;
		const ours = (event: string) => hooks[event]?.flatMap((g) => g.hooks).find((h) => h.command.includes('session-brief.cjs'));
		expect(ours('SessionStart')?.statusMessage).toBe("Reading the vault's brief…");
		expect(ours('PostToolUse')?.statusMessage).toBe('Checking the rule set…');
		const check = runBridge(vault, 'check', '', { env: bareEnv({ HOME: home }) });
		expect(check.text).toMatch(/^None of the \d+ checks that ran found anything\.\n$/);
		expect(check.code).toBe(0);
	});
});
