/**
 * The reference the frontmatter line reader is checked against: the `yaml` package's reading of
 * `tags`, `type` and `status` (any case of the key), flattened to strings as the reader gives them.
 * Null when the YAML does not parse.
 */
import { parse } from 'yaml';

function strings(value: unknown): string[] {
	if (typeof value === 'string') return [value];
	if (typeof value === 'number' || typeof value === 'boolean') return [String(value)];
	if (Array.isArray(value)) return value.flatMap((v) => (Array.isArray(v) ? [] : strings(v)));
	return [];
}

export function viaParser(yaml: string): { tags: string[]; type: string[]; status: string[] } | null {
	let d: unknown;
	try {
		d = parse(yaml, { uniqueKeys: false, prettyErrors: false });
	} catch {
		return null;
	}
	const out = { tags: [] as string[], type: [] as string[], status: [] as string[] };
	if (d === null || typeof d !== 'object' || Array.isArray(d)) return out;
	for (const [k, v] of Object.entries(d as Record<string, unknown>)) {
		const key = k.toLowerCase();
		if (key === 'tags' || key === 'type' || key === 'status') out[key].push(...strings(v));
	}
	return out;
}
