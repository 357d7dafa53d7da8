// Types for eslint.languages.mjs, which tests/lint/languages.test.ts imports.
import type { ESLint, Linter } from 'eslint';

export declare const plugin: ESLint.Plugin;
declare const languages: Linter.Config[];
export default languages;
