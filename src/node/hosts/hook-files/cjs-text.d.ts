/**
 * `.cjs` files the bridge imports are embedded as their text (esbuild's `text` loader in the
 * bridge build, esbuild.config.mjs; a matching loader in the tests, vitest.config.ts): install
 * writes them into the vault (bridge/hook-file-texts.ts). The plugin build refuses them.
 */
declare module '*.cjs' {
	const text: string;
	export default text;
}
