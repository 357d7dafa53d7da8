/** The argument that makes the bundled bridge run as a scan worker (scan-parallel.ts) instead of a command. */
export const WORKER_FLAG = '--session-brief-scan-worker';
