/**
 * The record of the last rule check's findings, `last-check.json` in the plugin's folder, so the
 * next check can tell which findings are new (docs/design.md, "Findings after an edit").
 * Written atomically; read as untrusted (anyone can edit the file): anything unexpected means no
 * record. Kept only where the plugin's folder exists, so a vault without the plugin gets no
 * folder made for it.
 */
import * as path from 'node:path';
import type { Lang } from '../../core/i18n';
import { checkSummary, parseLastCheck, rulesOfFiles, type LastCheck } from '../../core/rules/last-check-record';
import type { RulesState } from '../../core/status/status-line';
import { diffFindings, recordedFinding, RECORDED_FINDINGS_MAX, type FindingDiff } from '../../core/rules/finding-diff';
import type { Finding } from '../../core/rules/types';
import { isStateFolder, readStateJson, writeStateFile } from '../state-file';
import { LAST_CHECK_FILE, LAST_CHECK_SUMMARY_FILE } from '../state-registry';

/** A record larger than this is not read (it cannot be one this code wrote). */
const MAX_BYTES = 4 * 1024 * 1024;

export type { LastCheck };

export function readLastCheck(root: string, pluginDir: string): LastCheck | null {
	try {
		return parseLastCheck(readStateJson(root, path.join(pluginDir, LAST_CHECK_FILE), MAX_BYTES));
	} catch {
		return null;
	}
}

export function writeLastCheck(root: string, pluginDir: string, lang: Lang, findings: readonly Finding[], now: Date): void {
	const kept = findings.slice(0, RECORDED_FINDINGS_MAX).map(recordedFinding);
	const record = { schema: 1, writtenAt: now.toISOString(), lang, complete: kept.length === findings.length, findings: kept };
	writeStateFile(root, path.join(pluginDir, LAST_CHECK_FILE), `${JSON.stringify(record)}\n`);
	// Every finding counted, also past the ones the record keeps.
	writeStateFile(root, path.join(pluginDir, LAST_CHECK_SUMMARY_FILE), `${JSON.stringify(checkSummary({ complete: true, findings }))}\n`);
}

/** The last check's counts for the status line: the summary file, or, where an earlier version left none, the record. */
export function readCheckSummary(root: string, pluginDir: string): RulesState | null {
	// Through the state-file module: a planted link, FIFO or folder reads as no file.
	try {
		const summary = readStateJson(root, path.join(pluginDir, LAST_CHECK_SUMMARY_FILE), 64 * 1024);
		return rulesOfFiles(summary, () => readStateJson(root, path.join(pluginDir, LAST_CHECK_FILE), MAX_BYTES));
	} catch {
		return null;
	}
}

/**
 * The record to compare `findings` with (null: none, or one in another language, whose messages
 * differ), and, when `record` is true, records them as the last check. Never throws: a record that
 * cannot be read or written only costs the comparison.
 */
export function previousCheck(root: string, pluginDir: string | null, lang: Lang, findings: readonly Finding[], now: Date, record = true): LastCheck | null {
	// Only an existing folder of the vault (never one reached through a link): a vault without the plugin gets none made.
	if (pluginDir === null || !isStateFolder(root, pluginDir)) return null;
	const previous = readLastCheck(root, pluginDir);
	if (record) {
		try {
			writeLastCheck(root, pluginDir, lang, findings, now);
		} catch {
			// Read-only vault or full disk: the check itself still reports.
		}
	}
	return previous !== null && previous.lang === lang ? previous : null;
}

/** `findings` compared with the record (`previousCheck`), which they then replace when `record` is true. */
export function attributeFindings(root: string, pluginDir: string | null, lang: Lang, findings: readonly Finding[], now: Date, record = true): FindingDiff {
	return diffFindings(previousCheck(root, pluginDir, lang, findings, now, record), findings);
}
