// Types for scripts/built-hook-hashes.mjs, which vitest.config.ts imports.
export declare const HOOK_FILES: Record<'entry' | 'start' | 'edit' | 'bridge' | 'mcp', string>;
export declare function builtHookHashesModule(root: string): string;
