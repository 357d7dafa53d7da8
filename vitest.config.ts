import { defineConfig } from 'vitest/config';

export default defineConfig({
	test: {
		include: ['tests/**/*.test.ts'],
		testTimeout: 30_000,
		globalSetup: ['tests/global-setup.ts'],
		// The bridge tests run the built bundle as child processes; two cores, so keep workers few.
		maxWorkers: 2,
	},
});
