import type { Linter } from 'eslint';
export const STATE_FILE_EXCEPTIONS: string[];
declare const config: Linter.Config[];
export default config;
