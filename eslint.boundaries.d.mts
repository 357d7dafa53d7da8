// Types for eslint.boundaries.mjs, which tests/lint/boundaries.test.ts imports.
import type { Linter } from 'eslint';

export declare const LAYERS: { name: string; files: string[]; forbidden: string[] }[];
declare const boundaries: (Linter.Config & { rules: Linter.RulesRecord })[];
export default boundaries;
