/**
 * Stands in for `ajv` and `ajv-formats` in the bridge bundle (esbuild.config.mjs). The SDK's server
 * builds an ajv validator only to check answers to elicitation questions, which this server never
 * asks (server.ts passes its own validator). Leaving ajv out keeps the bundle smaller and free of
 * code generated at run time from strings.
 */
export default function noAjv(): never {
	throw new Error('JSON Schema compilation (ajv) is not part of the Session Brief bridge');
}
export const Ajv = noAjv;
