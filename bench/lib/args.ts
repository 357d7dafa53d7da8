// Command-line arguments of the bench scripts: `--name value` flags and bare numbers (vault sizes).

/** The value after `--name`, or undefined when the flag is absent. */
export function flag(argv: readonly string[], name: string): string | undefined {
	const i = argv.indexOf(`--${name}`);
	return i >= 0 ? argv[i + 1] : undefined;
}

/** The bare numbers among the arguments that are not a flag's value (`bench/x.ts 1000 10000 --runs 5`). */
export function positionalNumbers(argv: readonly string[]): number[] {
	return argv.filter((a, i) => /^\d+$/.test(a) && !(argv[i - 1]?.startsWith('--') ?? false)).map(Number);
}
