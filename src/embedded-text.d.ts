/**
 * `.cjs` files imported by the plugin and src/node are embedded as their text: esbuild's `text` loader in the
 * plugin build (esbuild.config.mjs) and a matching loader in the plugin tests (vitest.config.ts).
 */
declare module '*.cjs' {
	const text: string;
	export default text;
}

/**
 * `.cjs` files imported with `?gzip` are embedded gzip-compressed as base64 in a comment of a
 * function that is never called (esbuild.config.mjs, `gzipEmbedded`; vitest.config.ts does the
 * same): src/plugin/hosts/bridge-source.ts reads them back from the function's source text on use.
 */
declare module '*.cjs?gzip' {
	const holder: () => unknown;
	export default holder;
}
