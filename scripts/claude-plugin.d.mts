// Types for scripts/claude-plugin.mjs, which the tests import.
export declare const CLAUDE_PLUGIN_DIR: string;
export declare const PLUGIN_BRANCH: string;
export declare const CLAUDE_PLUGIN_COPIES: [string, string][];
export declare function writeClaudePluginFiles(): string[];
export declare function assemblePlugin(out: string): string[];
export declare function hookFilesNamed(dir: string): string[];
export declare function filesUnder(dir: string): string[];
