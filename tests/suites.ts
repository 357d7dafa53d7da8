/**
 * Which test files run where (vitest.config.ts). `npm test` runs every test file but LONG_ONLY;
 * `npm run test:full` runs `npm test`, then the long projects (LONG_ONLY, and LONG_VARIANTS in full)
 * and the browser project, then the real agent CLIs. A new test file lands in the fast run unless
 * it is listed here; tests/release/test-commands.test.ts checks the lists.
 */

/**
 * The costliest files (child processes by the hundred, whole sessions, fuzzing), each area keeping
 * a faster test of its own in `npm test` (tests/README.md). Run only by `npm run test:full`, with
 * SESSION_BRIEF_LONG=1; alone with `npx vitest run <file>` (`--mode full` for every case).
 */
export const LONG_ONLY: readonly string[] = [
	'tests/bridge/agent-fence-shell.test.ts',
	'tests/bridge/agent-fence.test.ts',
	'tests/bridge/agent-summary-tier1.test.ts',
	'tests/bridge/check.test.ts',
	'tests/bridge/cli.test.ts',
	'tests/bridge/doctor-hook-mistakes.test.ts',
	'tests/bridge/edit-attribution.test.ts',
	'tests/bridge/edit-file.test.ts',
	'tests/bridge/large-changes.test.ts',
	'tests/bridge/live-abuse.test.ts',
	'tests/bridge/live-tier.test.ts',
	'tests/bridge/mcp-install.test.ts',
	'tests/bridge/mcp-trust.test.ts',
	'tests/bridge/readable-install.test.ts',
	'tests/bridge/report-cache.test.ts',
	'tests/bridge/scan-parallel.test.ts',
	'tests/bridge/scan-thread-trace.test.ts',
	'tests/bridge/serve-cache.test.ts',
	'tests/bridge/symlink-scope.test.ts',
	'tests/bridge/trust-doctor.test.ts',
	'tests/bridge/what-changed.test.ts',
	'tests/bridge/write-guard-install.test.ts',
	'tests/plugin/review-row-cap.test.ts',
	'tests/plugin/session-net.test.ts',
	'tests/plugin/unload-during-start.test.ts',
	'tests/release/npm-package.test.ts',
	'tests/release/quick-start.test.ts',
	'tests/release/tarball.test.ts',
	'tests/reliability/cache-atomicity.test.ts',
	'tests/reliability/fuzz-cache-shapes.test.ts',
	'tests/reliability/fuzz-post-tool-use.test.ts',
	'tests/reliability/fuzz-session-start.test.ts',
	'tests/reliability/hostile-names.test.ts',
	'tests/reliability/hostile-vault.test.ts',
	'tests/reliability/install-concurrency.test.ts',
	'tests/reliability/state-paths.test.ts',
	'tests/reliability/trail-net-blind.test.ts',
	'tests/reliability/trail-sessions.test.ts',
	'tests/reliability/trail-state-folder.test.ts',
	'tests/reliability/trail-views.test.ts',
];

/**
 * Files with a long variant (more cases, bigger inputs; `LONG` in tests/helpers/random.ts): a seeded
 * sample in `npm test`, every case in the `long` project of `npm run test:full`.
 */
export const LONG_VARIANTS: readonly string[] = [
	'tests/core/frontmatter-fast-path.test.ts',
	'tests/core/frontmatter-shortcuts.test.ts',
	'tests/core/mask-differential.test.ts',
	'tests/reliability/fs-faults.test.ts',
	'tests/reliability/parity.test.ts',
	'tests/reliability/settings-roundtrip.test.ts',
];
