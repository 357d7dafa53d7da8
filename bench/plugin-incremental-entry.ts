// Entry of the small bundle bench/plugin-incremental.mjs builds at bench time: the plugin's index
// pieces (as main.ts wires them, without the UI) and the test stand-in for `obsidian`, which the
// bundle resolves through esbuild's `alias` (obsidian → tests/obsidian-stub/obsidian.ts).
export { App, Plugin } from 'obsidian';
export { IndexSync } from '../src/plugin/index-sync';
export { BriefService } from '../src/plugin/brief-service';
export { resolveSettings } from '../src/core/settings';
