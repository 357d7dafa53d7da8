import { defineConfig } from 'vitest/config';

// The real agent CLIs against the local model-API stand-in. Each case starts a CLI (a few
// seconds each); two workers, so two clients run side by side on a two-core machine.
export default defineConfig({
	test: {
		root: __dirname,
		include: ['**/*.test.ts'],
		exclude: ['**/node_modules/**'],
		testTimeout: 120_000,
		hookTimeout: 120_000,
		maxWorkers: 2,
	},
});
