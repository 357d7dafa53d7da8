/**
 * How long a test waits for something that must happen (a child process to exit, a file to appear,
 * a socket to close): far above any machine's slowness, so only a hang reaches it. A passing wait
 * returns as soon as its condition holds. Tests assert what happened, never how long it took.
 */
export const HANG_MS = 120_000;
