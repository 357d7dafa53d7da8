// Types for scripts/example-vault.mjs, which the tests and the bench import.
export declare const EXAMPLE_VAULT: string;
export declare const EXAMPLE_SETTINGS: string[];
export declare function exampleVaultFiles(source?: string): string[];
export declare function copyExampleVault(dest: string, source?: string): string;
