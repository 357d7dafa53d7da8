/**
 * Adds, updates and removes our hook entries in a host's JSON file, one small edit at a time
 * (re-reading the document after each), so every entry and key of the operator stays as it was.
 * An entry is ours when one of its command fields runs `…/.claude/hooks/session-brief.cjs`, wherever
 * the vault lives now: a moved vault updates its entries instead of adding a second set.
 */
import type { JSONPath } from 'jsonc-parser';
import { editJson, parseJsonDoc, sameJson, serialize, UnparseableError, valueAt, type JsonDoc } from '../../check/settings-json';
import { isOwnCommand } from '../command-line/command-line';
import type { DesiredEntry, HostSpec } from '../host-spec';

type Raw = Record<string, unknown>;

function isObj(v: unknown): v is Raw {
	return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function isOwnHandler(spec: HostSpec, handler: unknown): boolean {
	return isObj(handler) && spec.commandFields.some((f) => isOwnCommand(handler[f]));
}

/** Where one of our handlers sits: the event array index, and for groups the handler index inside. */
interface Unit {
	index: number;
	inner?: number;
	/** The group holds nothing but our handlers (and a matcher), so it is ours as a whole. */
	wholeGroup: boolean;
}

function eventArray(doc: JsonDoc, event: string, file: string): unknown[] | undefined {
	const hooks = doc.value.hooks;
	if (hooks === undefined) return undefined;
	if (!isObj(hooks)) throw new UnparseableError(`${file}: "hooks" is not an object; it was left unchanged.`);
	const arr = hooks[event];
	if (arr === undefined) return undefined;
	if (!Array.isArray(arr)) throw new UnparseableError(`${file}: "hooks.${event}" is not an array; it was left unchanged.`);
	return arr as unknown[];
}

function ownUnits(spec: HostSpec, arr: unknown[]): Unit[] {
	const units: Unit[] = [];
	arr.forEach((item, index) => {
		if (spec.shape === 'flat') {
			if (isOwnHandler(spec, item)) units.push({ index, wholeGroup: true });
			return;
		}
		if (!isObj(item) || !Array.isArray(item.hooks)) return;
		const handlers = item.hooks as unknown[];
		const own = handlers.map((h, i) => (isOwnHandler(spec, h) ? i : -1)).filter((i) => i >= 0);
		const onlyOurs = own.length === handlers.length && Object.keys(item).every((k) => k === 'hooks' || k === 'matcher');
		for (const inner of own) units.push({ index, inner, wholeGroup: onlyOurs });
	});
	return units;
}

function desiredItem(spec: HostSpec, entry: DesiredEntry): unknown {
	if (spec.shape === 'flat') return entry.handler;
	return entry.matcher === undefined ? { hooks: [entry.handler] } : { matcher: entry.matcher, hooks: [entry.handler] };
}

export interface ApplyResult {
	doc: JsonDoc;
	/** Containers this run created (`hooks`, `hooks.<Event>`), so uninstall removes them once empty. */
	created: JSONPath[];
	/** Command lines of ours that pointed elsewhere (a moved vault, another vault in user scope). */
	replaced: string[];
}

function commandsOf(spec: HostSpec, handler: unknown): string[] {
	if (!isObj(handler)) return [];
	return spec.commandFields.map((f) => handler[f]).filter((c): c is string => typeof c === 'string');
}

/** One entry per event, exactly as desired; returns the document unchanged when it already is. */
export function applyRegistration(start: JsonDoc, spec: HostSpec, entries: DesiredEntry[], file: string): ApplyResult {
	let doc = start;
	const created: JSONPath[] = [];
	const replaced: string[] = [];
	for (const entry of entries) {
		const want = desiredItem(spec, entry);
		const wantCommands = commandsOf(spec, entry.handler);
		for (let guard = 0; guard < 100; guard++) {
			const arr = eventArray(doc, entry.event, file);
			if (arr === undefined) {
				if (doc.value.hooks === undefined) {
					doc = editJson(doc, ['hooks'], { [entry.event]: [want] }, file);
					created.push(['hooks'], ['hooks', entry.event]);
				} else {
					doc = editJson(doc, ['hooks', entry.event], [want], file);
					created.push(['hooks', entry.event]);
				}
				break;
			}
			const units = ownUnits(spec, arr);
			const first = units[0];
			if (first === undefined) {
				doc = editJson(doc, ['hooks', entry.event, -1], want, file);
				break;
			}
			// Duplicates first (last to first, so indices stay valid), then the one we keep.
			const extra = units[units.length - 1];
			if (units.length > 1 && extra !== undefined) {
				replaced.push(...commandsOf(spec, handlerAt(arr, extra)).filter((c) => !wantCommands.includes(c)));
				doc = removeUnit(doc, entry.event, extra, arr, file);
				continue;
			}
			const current = handlerAt(arr, first);
			if (first.wholeGroup) {
				if (!sameJson(arr[first.index], want)) {
					replaced.push(...commandsOf(spec, current).filter((c) => !wantCommands.includes(c)));
					doc = editJson(doc, ['hooks', entry.event, first.index], want, file);
				}
			} else if (!sameJson(current, entry.handler)) {
				// Our handler inside an operator's group: replace only the handler, keep their matcher.
				replaced.push(...commandsOf(spec, current).filter((c) => !wantCommands.includes(c)));
				doc = editJson(doc, ['hooks', entry.event, first.index, 'hooks', first.inner ?? 0], entry.handler, file);
			}
			break;
		}
	}
	return { doc, created, replaced: [...new Set(replaced)] };
}

function handlerAt(arr: unknown[], unit: Unit): unknown {
	const item = arr[unit.index];
	if (unit.inner === undefined) return item;
	return isObj(item) && Array.isArray(item.hooks) ? (item.hooks as unknown[])[unit.inner] : undefined;
}

function removeUnit(doc: JsonDoc, event: string, unit: Unit, arr: unknown[], file: string): JsonDoc {
	const item = arr[unit.index];
	const groupHandlers = isObj(item) && Array.isArray(item.hooks) ? (item.hooks as unknown[]).length : 0;
	if (unit.inner === undefined || (unit.wholeGroup && groupHandlers <= 1)) return editJson(doc, ['hooks', event, unit.index], undefined, file);
	return editJson(doc, ['hooks', event, unit.index, 'hooks', unit.inner], undefined, file);
}

function isEmptyContainer(v: unknown): boolean {
	return (Array.isArray(v) && v.length === 0) || (isObj(v) && Object.keys(v).length === 0);
}

export interface RemoveResult {
	/** null = the file should be deleted (we created it and nothing else is in it). */
	doc: JsonDoc | null;
	removed: number;
}

/**
 * Removes every entry of ours under the spec's events, then the containers `created` names once
 * they are empty (an operator's empty `hooks` stays), then the file itself when we created it and
 * it holds only its skeleton.
 */
export function removeRegistration(start: JsonDoc, spec: HostSpec, events: string[], created: JSONPath[], createdFile: boolean, file: string): RemoveResult {
	let doc = start;
	let removed = 0;
	for (const event of events) {
		for (let guard = 0; guard < 100; guard++) {
			const arr = eventArray(doc, event, file);
			const units = arr === undefined ? [] : ownUnits(spec, arr);
			const last = units[units.length - 1];
			if (arr === undefined || last === undefined) break;
			const item = arr[last.index];
			const ownCount = units.filter((u) => u.index === last.index).length;
			const groupSize = isObj(item) && Array.isArray(item.hooks) ? (item.hooks as unknown[]).length : 1;
			// A group emptied by us goes too, unless it carries keys of the operator's.
			const dropGroup = last.inner === undefined || (last.wholeGroup && ownCount === groupSize && groupSize === 1);
			doc = editJson(doc, dropGroup ? ['hooks', event, last.index] : ['hooks', event, last.index, 'hooks', last.inner ?? 0], undefined, file);
			removed++;
		}
	}
	const deepestFirst = [...created].sort((a, b) => b.length - a.length);
	for (const p of deepestFirst) {
		if (isEmptyContainer(valueAt(doc.value, p))) doc = editJson(doc, p, undefined, file);
	}
	if (createdFile && sameJson(doc.value, spec.skeleton)) return { doc: null, removed };
	return { doc, removed };
}

/** A new file: the host's skeleton, two-space indented like the hosts write theirs. */
export function newDoc(spec: HostSpec, file: string): JsonDoc {
	return parseJsonDoc(`${JSON.stringify(spec.skeleton, null, 2)}\n`, file);
}

export { serialize };
