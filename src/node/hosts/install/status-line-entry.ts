/**
 * Our status line in a host's settings file (`install --statusline`): added where there is none,
 * kept current where it is ours, chained after the user's own only when asked (`--chain`), and on
 * uninstall taken out again, the user's own command put back as the very text it was.
 */
import * as path from 'node:path';
import { findNodeAtLocation, parseTree } from 'jsonc-parser';
import type { HostShell } from '../../../core/hosts/agent-contracts';
import { isOwnCommand, parseOwnCommand } from '../command-line/command-line';
import { chainedCommand, ownStatusLine, type OwnStatusLine } from '../command-line/status-line-command';
import { editJson, parseJsonDoc, type JsonDoc } from '../../check/settings-json';
import { SCOPES, statusLineIn, type HostPaths, type HostSpec, type ReadFile, type Scope } from '../host-spec';
import { isRecord } from '../../../core/schemas/shape';

export type StatusLineOutcome =
	/** Not asked for and none of ours there: nothing to do. */
	| { kind: 'none' }
	| { kind: 'added' }
	| { kind: 'current'; chained: boolean }
	/** Ours, with another command line (a moved vault, another node): brought up to date. */
	| { kind: 'updated'; old: string; chained: boolean }
	| { kind: 'chained'; theirs: string }
	/** The user's own, left as it is: `chain` was not asked for, it runs ours itself, or it is no command. */
	| { kind: 'theirs'; why: 'no-chain' | 'runs-ours' | 'not-a-command'; shown: string };

export interface StatusLineWish {
	/** `--statusline`: add ours where there is none (or replace another vault's). */
	add: boolean;
	/** `--chain`: run the user's own first, then ours. */
	chain: boolean;
	/** The hook entry our line runs: a line of ours running another vault's is replaced only when asked. */
	script: string;
}

/** The file with our status line as wished; ours is kept current even when not asked for again. */
export function applyStatusLine(doc: JsonDoc, spec: HostSpec, ours: string, shell: HostShell, wish: StatusLineWish, file: string): { doc: JsonDoc; outcome: StatusLineOutcome } {
	const sl = spec.statusLine;
	if (sl === undefined) return { doc, outcome: { kind: 'none' } };
	const current = statusLineIn(doc.value, sl);
	if (current === undefined) {
		if (!wish.add) return { doc, outcome: { kind: 'none' } };
		return { doc: editJson(doc, [...sl.path], sl.entry(ours), file), outcome: { kind: 'added' } };
	}
	const command = isRecord(current) ? current.command : undefined;
	const own = ownStatusLine(command);
	const thisVault = own !== null && path.resolve(parseOwnCommand(own.ours)?.script ?? '') === path.resolve(wish.script);
	if (own !== null && typeof command === 'string' && (thisVault || wish.add)) {
		const want = own.before === undefined ? ours : chainedCommand(ours, own.before, shell);
		const chained = own.before !== undefined;
		if (want === command) return { doc, outcome: { kind: 'current', chained } };
		return { doc: editJson(doc, [...sl.path, 'command'], want, file), outcome: { kind: 'updated', old: command, chained } };
	}
	if (!wish.add || own !== null) return { doc, outcome: { kind: 'none' } };
	if (typeof command !== 'string') return { doc, outcome: { kind: 'theirs', why: 'not-a-command', shown: JSON.stringify(current) } };
	if (isOwnCommand(command)) return { doc, outcome: { kind: 'theirs', why: 'runs-ours', shown: command } };
	if (!wish.chain) return { doc, outcome: { kind: 'theirs', why: 'no-chain', shown: command } };
	return { doc: editJson(doc, [...sl.path, 'command'], chainedCommand(ours, command, shell), file), outcome: { kind: 'chained', theirs: command } };
}

/** Whether the file's status line is one install wrote (this vault's or another's). */
export function holdsOwnStatusLine(value: Record<string, unknown>, spec: HostSpec): boolean {
	const sl = spec.statusLine;
	const current = sl === undefined ? undefined : statusLineIn(value, sl);
	return isRecord(current) && ownStatusLine(current.command) !== null;
}

/** The JSON text of the string at `path` in `text`, when it holds exactly `value`. */
function rawString(text: string, at: string[], value: string): string | undefined {
	const node = findNodeAtLocation(parseTree(text) ?? { type: 'null', offset: 0, length: 0 }, at);
	return node?.type === 'string' && node.value === value ? text.slice(node.offset, node.offset + node.length) : undefined;
}

export type StatusLineRemoval = { kind: 'none' } | { kind: 'removed' } | { kind: 'restored'; theirs: string };

/**
 * Takes our status line out: the whole entry where it was ours alone; where we chained, only our
 * part of the command, so the user's command is back as it was. Its text is taken from `backup`
 * (the file before install, beside it) when that holds the very same command, so escapes the user
 * wrote stay; the command itself only ever comes from our own line in this file.
 */
export function removeStatusLine(doc: JsonDoc, spec: HostSpec, backup: string | null, file: string): { doc: JsonDoc; outcome: StatusLineRemoval } {
	const sl = spec.statusLine;
	if (sl === undefined) return { doc, outcome: { kind: 'none' } };
	const current = statusLineIn(doc.value, sl);
	const own = isRecord(current) ? ownStatusLine(current.command) : null;
	if (own === null) return { doc, outcome: { kind: 'none' } };
	if (own.before === undefined) return { doc: editJson(doc, [...sl.path], undefined, file), outcome: { kind: 'removed' } };
	const at = [...sl.path, 'command'];
	const node = findNodeAtLocation(parseTree(doc.text) ?? { type: 'null', offset: 0, length: 0 }, at);
	if (node === undefined) return { doc, outcome: { kind: 'none' } };
	let fromBackup: string | undefined;
	try {
		fromBackup = backup === null ? undefined : rawString(parseJsonDoc(backup, file).text, at, own.before);
	} catch {
		fromBackup = undefined;
	}
	const text = `${doc.text.slice(0, node.offset)}${fromBackup ?? JSON.stringify(own.before)}${doc.text.slice(node.offset + node.length)}`;
	return { doc: { ...parseJsonDoc(text, file), bom: doc.bom, format: doc.format }, outcome: { kind: 'restored', theirs: own.before } };
}

/** What install says about the status line; `chainCommand` is the install command line that chains. */
export function statusLineReport(outcome: StatusLineOutcome, file: string, hostName: string, chainCommand: string): { text: string; warning?: boolean } | null {
	switch (outcome.kind) {
		case 'none':
			return null;
		case 'added':
			return { text: `Registered ${hostName}'s status line in ${file}: the vault's state under the prompt` };
		case 'current':
			return { text: `${file} already has our status line${outcome.chained ? ' (chained after yours)' : ''}; left unchanged` };
		case 'updated':
			return { text: `Updated our status line in ${file}${outcome.chained ? ' (still chained after yours)' : ''}; it ran: ${outcome.old}` };
		case 'chained':
			return { text: `Chained the status line in ${file}: yours (${outcome.theirs}) runs first with the same input, then ours on the line below; uninstall gives yours back as it was` };
		case 'theirs':
			if (outcome.why === 'no-chain') {
				return { text: `Left your status line in ${file} as it is (it runs: ${outcome.shown}). To show both, run: ${chainCommand} (yours runs first with the same input ${hostName} sends, ours on the line below; uninstall gives yours back as it was)` };
			}
			return {
				text: `Left the status line in ${file} as it is (${outcome.why === 'runs-ours' ? `it runs Session Brief's among other things: ${outcome.shown}` : `it is not a command line: ${outcome.shown}`}); our status line is not registered. Edit it by hand, or remove it and run install --statusline again`,
				warning: true,
			};
	}
}

/** A status line in one of the files the host reads, and whether install wrote it (any vault's). */
export interface FoundStatusLine {
	where: ReadFile;
	value: unknown;
	own: OwnStatusLine | null;
}

/** The status line of every file the host reads that has one; a file that cannot be read or parsed counts as none. */
export function statusLinesOf(spec: HostSpec, p: HostPaths, read: (file: string) => Buffer | null): FoundStatusLine[] {
	const sl = spec.statusLine;
	if (sl === undefined) return [];
	const out: FoundStatusLine[] = [];
	for (const where of spec.readFiles(p)) {
		try {
			const data = read(where.file);
			const value = data === null ? undefined : statusLineIn(JSON.parse(data.toString('utf8').replace(/^\uFEFF/, '')) as unknown, sl);
			if (value !== undefined) out.push({ where, value, own: isRecord(value) ? ownStatusLine(value.command) : null });
		} catch {
			// Unreadable or not JSON: doctor names such a file among the registrations.
		}
	}
	return out;
}

/**
 * What the other files the host reads mean for our new status line: one of the user's in a file
 * that wins hides ours, one in a file ours wins over is hidden by it. Each gets the command that
 * chains ours after it in its own file (a managed one only a note).
 */
export function otherStatusLines(spec: HostSpec, p: HostPaths, scope: Scope, read: (file: string) => Buffer | null, chainIn: (scope: Scope) => string): string[] {
	const sl = spec.statusLine;
	if (sl === undefined) return [];
	const rank = (label: string): number => sl.precedence.indexOf(label);
	const lines: string[] = [];
	for (const { where, own } of statusLinesOf(spec, p, read)) {
		if (where.label === scope || rank(where.label) < 0 || own !== null) continue;
		const other = SCOPES.find((s) => s === where.label);
		const fix = other === undefined ? 'managed settings cannot be changed here' : `to show both, run: ${chainIn(other)}`;
		lines.push(rank(where.label) < rank(scope) ? `Your status line in ${where.file} wins over ours, so that one is shown alone; ${fix}` : `Your status line in ${where.file} is not shown where ours is read (ours wins); ${fix}`);
	}
	return lines;
}
