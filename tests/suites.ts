/**
 * Which test files run where (vitest.config.ts). `npm test` runs every test file but these; `npm run
 * test:full` runs `npm test`, then the `long` project (these, and the long variants) and the
 * browser project, then the real agent CLIs. A new test file lands in the fast run unless it is
 * listed here; tests/release/test-commands.test.ts checks the lists.
 */

/** The slowest files (each minutes on a busy two-core machine), run only by `npm run test:full`. */
export const LONG_ONLY: readonly string[] = [];

/**
 * Files with a long variant (more cases, bigger inputs; `LONG` in tests/helpers/random.ts): a seeded
 * sample in `npm test`, every case in the `long` project, which sets SESSION_BRIEF_LONG=1.
 */
export const LONG_VARIANTS: readonly string[] = [
	'tests/core/frontmatter-fast-path.test.ts',
	'tests/core/frontmatter-shortcuts.test.ts',
	'tests/core/mask-differential.test.ts',
	'tests/reliability/cache-atomicity.test.ts',
	'tests/reliability/fs-faults.test.ts',
	'tests/reliability/fuzz-cache-shapes.test.ts',
	'tests/reliability/fuzz-post-tool-use.test.ts',
	'tests/reliability/fuzz-session-start.test.ts',
	'tests/reliability/parity.test.ts',
	'tests/reliability/settings-roundtrip.test.ts',
	'tests/reliability/state-paths.test.ts',
];
