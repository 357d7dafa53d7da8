// Types for scripts/claude-plugin.mjs, which the tests import.
export declare const CLAUDE_PLUGIN_DIR: string;
export declare const CLAUDE_PLUGIN_COPIES: [string, string][];
export declare function writeClaudePluginFiles(): string[];
