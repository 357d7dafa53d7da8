/**
 * An agent host that does not exist, added through the host tables alone by the tests that prove
 * the registries reach every place that lists hosts (tests/plugin/registries.test.ts,
 * extend-registries.test.ts). Loaded inside their `vi.mock` factories, which run before any import.
 */
import * as path from 'node:path';
import type { HostContract } from '../../src/core/hosts/host';
import type { HostSpec } from '../../src/node/hosts/host-spec';

const EVENTS = ['SessionStart', 'PostToolUse'] as const;

export const FAKE_HOST = {
	id: 'fake-host',
	name: 'Fake Agent CLI',
	cli: 'fake-agent',
	aliases: ['fakey'],
	events: { SessionStart: 'SessionStart', PostToolUse: 'PostToolUse' },
	limit: 10_000,
	docs: 'https://example.invalid/fake-agent/hooks',
	envelope: (event: string, text: string) => ({ hookSpecificOutput: { hookEventName: event, additionalContext: text } }),
	windowsShell: 'sh',
} satisfies HostContract;

/** The fake host's registration spec: Claude Code's (`base`), in `.fake-agent/settings.json`, project scope only. */
export function fakeHostSpec(base: HostSpec): HostSpec {
	return {
		...base,
		agent: 'fake-host' as HostSpec['agent'],
		scopes: ['project'],
		settingsFile: (_scope, p) => path.join(p.vault, '.fake-agent', 'settings.json'),
		readFiles: (p) => [{ file: path.join(p.vault, '.fake-agent', 'settings.json'), label: 'project' }],
		events: EVENTS,
		entries: (command) => EVENTS.map((event) => ({ event, handler: { type: 'command', command: command(event).native } })),
		notes: () => [],
		trust: undefined,
		machineChecks: undefined,
		mcp: undefined,
	};
}
