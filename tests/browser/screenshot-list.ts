/**
 * Every picture in docs/, in one place: the browser tests write exactly these (only names from this
 * list type-check in `shotFile`), `npm run screenshots` checks each was written again, and
 * tests/release/screenshots.test.ts checks the docs use each one and no other PNG lies in docs/.
 */
export const SCREENSHOTS = [
	'sidebar-light.png',
	'sidebar-dark.png',
	'sidebar-keyboard.png',
	'sidebar-folders.png',
	'sidebar-agents-light.png',
	'sidebar-agents-dark.png',
	'sidebar-mobile-light.png',
	'sidebar-mobile-dark.png',
	'agent-diff-light.png',
	'agent-diff-dark.png',
	'agent-diff-mobile.png',
	'doctor-light.png',
	'doctor-dark.png',
	'doctor-mobile.png',
	'rule-check-empty-light.png',
	'rule-check-empty-dark.png',
	'rule-check-empty-mobile.png',
	'setup-light.png',
	'setup-dark.png',
	'setup-mobile.png',
] as const;

export type ScreenshotName = (typeof SCREENSHOTS)[number];
