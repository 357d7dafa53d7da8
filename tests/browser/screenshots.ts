/**
 * What makes the browser tests' pictures the same on every run: the clock starts at one fixed
 * instant, the vault's notes carry fixed, seeded modification times, and pictures go to docs/ only
 * under `npm run screenshots` (SESSION_BRIEF_SCREENSHOTS=1), else to a temporary folder.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, vi } from 'vitest';
import { prng } from '../helpers/random';
import type { ScreenshotName } from './screenshot-list';
import { ROOT } from '../../stand-in/sidebar-page';

export const WRITE_DOCS = process.env.SESSION_BRIEF_SCREENSHOTS === '1';

/** The instant every picture is drawn at: a weekday afternoon, far from midnight in any time zone the pictures are made in. */
export const FIXED_NOW = new Date('2026-03-10T14:30:00Z');

/** docs/ under `npm run screenshots`, else a temporary folder removed after the file. */
export function shotsFolder(): { dir: string; remove: () => void } {
	const dir = WRITE_DOCS ? path.join(ROOT, 'docs') : fs.mkdtempSync(path.join(os.tmpdir(), 'sb-shots-'));
	return { dir, remove: () => (WRITE_DOCS ? undefined : fs.rmSync(dir, { recursive: true, force: true, maxRetries: 30 })) };
}

/**
 * Stops the test file's clock at FIXED_NOW: Date only, timers stay real. It does not move on, or a
 * slow machine would draw "5 min" where a fast one draws "4 min".
 */
export function fixedClock(): void {
	beforeAll(() => {
		vi.useFakeTimers({ now: FIXED_NOW, toFake: ['Date'] });
	});
	afterAll(() => {
		vi.useRealTimers();
	});
}

/** Minutes before FIXED_NOW, seeded by the note's path, so each row shows an age of its own. */
const AGES_MIN = [4, 18, 35, 52, 75, 130, 190, 260, 320, 1500, 2900, 4400, 7300, 10_100];

/** Gives every file under `base` a modification time before FIXED_NOW, the same on every run. */
export function ageVault(base: string): void {
	for (const rel of listFiles(base)) {
		const rand = prng(seedOf(rel));
		const minutes = AGES_MIN[Math.floor(rand() * AGES_MIN.length)] ?? 60;
		stampFile(path.join(base, rel), minutes);
	}
}

/** A file's modification time set to `minutes` before FIXED_NOW. */
export function stampFile(file: string, minutes: number): void {
	const at = new Date(FIXED_NOW.getTime() - minutes * 60_000);
	fs.utimesSync(file, at, at);
}

function listFiles(base: string, rel = ''): string[] {
	const out: string[] = [];
	for (const e of fs.readdirSync(path.join(base, rel), { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
		const child = rel === '' ? e.name : `${rel}/${e.name}`;
		if (e.isDirectory()) out.push(...listFiles(base, child));
		else if (e.isFile()) out.push(child);
	}
	return out;
}

function seedOf(text: string): number {
	let h = 2166136261;
	for (const ch of text) h = Math.imul(h ^ (ch.codePointAt(0) ?? 0), 16777619);
	return h >>> 0;
}

/** The page as a PNG in the test file's folder: no caret, animations at their end state. */
export async function shoot(p: Page, dir: string, name: ScreenshotName): Promise<Buffer> {
	const file = path.join(dir, name);
	await p.screenshot({ path: file, animations: 'disabled', caret: 'hide' });
	return fs.readFileSync(file);
}
