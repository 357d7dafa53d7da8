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
	'tests/bridge/trail/agent-fence-shell.test.ts',
	'tests/bridge/trail/agent-fence.test.ts',
	'tests/bridge/trail/agent-summary-tier1.test.ts',
	'tests/bridge/cli/check.test.ts',
	'tests/bridge/cli/cli.test.ts',
	'tests/bridge/install/doctor-hook-mistakes.test.ts',
	'tests/bridge/trail/edit-attribution.test.ts',
	'tests/bridge/hooks/edit-file.test.ts',
	'tests/bridge/trail/large-changes.test.ts',
	'tests/bridge/live/live-abuse.test.ts',
	'tests/bridge/live/live-tier.test.ts',
	'tests/bridge/install/mcp-install.test.ts',
	'tests/bridge/mcp-trust.test.ts',
	'tests/bridge/install/readable-install.test.ts',
	'tests/bridge/cli/report-cache.test.ts',
	'tests/bridge/live/scan-parallel.test.ts',
	'tests/bridge/live/scan-thread-trace.test.ts',
	'tests/bridge/live/serve-cache.test.ts',
	'tests/bridge/live/symlink-scope.test.ts',
	'tests/bridge/install/trust-doctor.test.ts',
	'tests/bridge/trail/what-changed.test.ts',
	'tests/bridge/install/write-guard-install.test.ts',
	'tests/plugin/review/review-row-cap.test.ts',
	'tests/plugin/review/session-net.test.ts',
	'tests/plugin/index/unload-during-start.test.ts',
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
	'tests/core/notes/frontmatter-fast-path.test.ts',
	'tests/core/notes/frontmatter-shortcuts.test.ts',
	'tests/core/notes/mask-differential.test.ts',
	'tests/reliability/fs-faults.test.ts',
	'tests/reliability/parity.test.ts',
	'tests/reliability/settings-roundtrip.test.ts',
];
