/**
 * What each browser test file keeps: one Chromium for the file, and per test the plugin it started
 * and the page it drew into, both closed after the test (the browser after the file).
 */
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, afterEach } from 'vitest';
import { stopPlugin, type Started } from '../plugin/harness';
import { FIXED_NOW } from './screenshots';
import { CHROMIUM, CHROMIUM_ARGS, type Playwright } from '../../stand-in/sidebar-page';

export interface BrowserSession {
	started: Started | null;
	launch(playwright: Playwright): Promise<void>;
	/** A new page of the launched browser, closed after the test; its clock, language and time zone fixed like the pictures'. */
	newPage(options: BrowserContextOptions): Promise<Page>;
}

/** Registers the clean-up; `afterFile` runs after the browser is closed (screenshots, globals). */
export function browserSession(afterFile: () => void = () => undefined): BrowserSession {
	let browser: Browser | null = null;
	let page: Page | null = null;
	const session: BrowserSession = {
		started: null,
		async launch(playwright) {
			browser = await playwright.chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
		},
		async newPage(options) {
			if (browser === null) throw new Error('no browser');
			page = await browser.newPage({ locale: 'en-US', timezoneId: 'UTC', ...options });
			await page.clock.setFixedTime(FIXED_NOW);
			return page;
		},
	};
	afterEach(async () => {
		await page?.close();
		page = null;
		await stopPlugin(session.started);
		session.started = null;
	});
	afterAll(async () => {
		await browser?.close();
		afterFile();
	});
	return session;
}
