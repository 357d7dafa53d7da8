/** The session mark's file name (src/node/session-record.ts): 64-bit FNV-1a of the key, in hex. */
import { describe, expect, it } from 'vitest';
import { markName } from '../../src/node/session-record';
import { builtinOnDemand } from '../../src/node/builtin-on-demand';

describe('markName', () => {
	it('is 64-bit FNV-1a: the published test vectors', () => {
		expect(markName('')).toBe('cbf29ce484222325');
		expect(markName('a')).toBe('af63dc4c8601ec8c');
		expect(markName('foobar')).toBe('85944171f73967e8');
	});

	it('hashes the UTF-8 bytes, so any session id gives a safe, fixed-length file name', () => {
		for (const key of ['claude-code\u0000s1', '../../etc/passwd', 'Sitzung \u00fc\u{1F600}', 'x'.repeat(10_000)]) {
			expect(markName(key)).toMatch(/^[0-9a-f]{16}$/);
		}
		expect(markName('\u00fc')).not.toBe(markName('\u00c3\u00bc'));
		expect(markName('claude-code\u0000s1')).not.toBe(markName('claude-code\u0000s2'));
	});
});

describe('builtinOnDemand', () => {
	it('loads the built-in with and without process.getBuiltinModule', () => {
		expect(typeof builtinOnDemand<typeof import('node:child_process')>('node:child_process').execFileSync).toBe('function');
		const proc = process as { getBuiltinModule?: unknown };
		const saved = proc.getBuiltinModule;
		proc.getBuiltinModule = undefined;
		try {
			expect(typeof builtinOnDemand<typeof import('node:os')>('node:os').hostname).toBe('function');
		} finally {
			proc.getBuiltinModule = saved;
		}
	});
});
