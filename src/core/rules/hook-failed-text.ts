/**
 * What the PostToolUse hook says when it fails itself. Apart from the report's other words
 * (edit-report.ts) because the edit hooks file needs only these on its common path.
 */
import { translations } from '../i18n';

interface HookFailedText {
	hookFailed: (reason: string, command: string) => string;
	hookFailedSystem: (reason: string) => string;
}

export const HOOK_FAILED_TEXT = translations<HookFailedText>({
	en: {
		hookFailed: (reason, command) =>
			`Rule check: the post-tool-use hook itself failed (${reason}), so the rule set is unchecked after this edit. Run \`${command}\` in a terminal to see the full error.`,
		hookFailedSystem: (reason) => `Rule check failed to run: ${reason}`,
	},
	de: {
		hookFailed: (reason, command) =>
			`Regelwerk-Check: der post-tool-use-Hook ist selbst gescheitert (${reason}); das Regelwerk ist nach dieser Änderung ungeprüft. \`${command}\` im Terminal zeigt den ganzen Fehler.`,
		hookFailedSystem: (reason) => `Regelwerk-Check lief nicht: ${reason}`,
	},
});
