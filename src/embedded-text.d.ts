/**
 * `.cjs` files imported by the plugin and src/node are embedded as their text: esbuild's `text` loader in the
 * plugin build (esbuild.config.mjs) and a matching loader in the plugin tests (vitest.config.ts).
 */
declare module '*.cjs' {
	const text: string;
	export default text;
}
