/**
 * The record of the last rule check (`last-check.json` in the plugin's folder): its shape, read as
 * untrusted (anyone can edit the file), so anything unexpected means no record. The bridge writes
 * it (src/node/check/last-check.ts); the status line and the status bar read it.
 */
import { isLang, type Lang } from '../i18n';
import type { RecordedFinding } from './finding-diff';
import type { RulesState } from '../status/status-line';

export interface LastCheck {
	lang: Lang;
	complete: boolean;
	findings: RecordedFinding[];
}

function isRecorded(v: unknown): v is RecordedFinding {
	if (typeof v !== 'object' || v === null) return false;
	const r = v as Record<string, unknown>;
	return typeof r.check === 'string' && typeof r.path === 'string' && typeof r.message === 'string';
}

/** The record in `data` (the file's parsed JSON), or null when it is not one this code wrote. */
export function parseLastCheck(data: unknown): LastCheck | null {
	if (typeof data !== 'object' || data === null) return null;
	const r = data as Record<string, unknown>;
	if (r.schema !== 1 || !isLang(r.lang) || typeof r.complete !== 'boolean') return null;
	if (!Array.isArray(r.findings) || !r.findings.every(isRecorded)) return null;
	return { lang: r.lang, complete: r.complete, findings: r.findings.map((f) => ({ check: f.check, path: f.path, message: f.message })) };
}

/** What the status line says about findings: how many and of which checks. */
export function rulesState(record: { complete: boolean; findings: readonly { check: string }[] }): RulesState {
	return { findings: record.findings.length, complete: record.complete, checks: [...new Set(record.findings.map((f) => f.check))] };
}

/** The summary file's content for a check's findings: their counts, without the findings. */
export function checkSummary(record: { complete: boolean; findings: readonly { check: string }[] }): Record<string, unknown> {
	return { schema: 1, ...rulesState(record) };
}

/** The summary file read as untrusted: counts that are plain numbers and check ids that are short words, or no summary. */
export function parseCheckSummary(data: unknown): RulesState | null {
	if (typeof data !== 'object' || data === null) return null;
	const r = data as Record<string, unknown>;
	if (r.schema !== 1 || typeof r.complete !== 'boolean' || typeof r.findings !== 'number' || !Number.isSafeInteger(r.findings) || r.findings < 0) return null;
	if (!Array.isArray(r.checks) || r.checks.length > 100 || !r.checks.every((c) => typeof c === 'string' && c.length <= 100)) return null;
	return { findings: r.findings, complete: r.complete, checks: r.checks as string[] };
}

/**
 * The last check's counts from the files as parsed (undefined: missing or unreadable): the summary
 * where there is one, else the whole record, which is all an earlier version wrote.
 */
export function rulesOfFiles(summary: unknown, record: () => unknown): RulesState | null {
	if (summary !== undefined) return parseCheckSummary(summary);
	const parsed = parseLastCheck(record());
	return parsed === null ? null : rulesState(parsed);
}
