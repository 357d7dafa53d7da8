/**
 * The lines `session-start` adds around the brief (docs/design.md, "Proof that sessions got the
 * brief"): the one for a session started outside the vault, and the one a second hook entry of the
 * same session gives instead of a second brief. Names are untrusted and quoted (`quote.ts`).
 */
import { translations, type Lang } from '../i18n';
import { escapeControls, shortenName } from '../quote';

interface SessionNotesText {
	/** `where` and `files` are shortened and quoted already. */
	outsideVault: (where: string, files: string) => string;
	alreadyGiven: string;
	/** The session net cannot see what this session changes through its shell; `why` is said already. */
	netOff: (why: string) => string;
	/** `places` (quoted, each with its reason) are left out of the net. */
	netBlind: (places: string) => string;
	netOffWhy: { env: string; noPluginFolder: string };
}

export const SESSION_NOTES_TEXT = translations<SessionNotesText>({
	en: {
		outsideVault: (where, files) => `Started outside the vault (in ${where}), so the vault's own instructions were not loaded: read ${files} first.`,
		alreadyGiven: 'Session brief: already given to this session by another of its hook entries; not repeated.',
		netOff: (why) => `Session net off (${why}): notes changed through the shell are not recorded for review.`,
		netBlind: (places) => `Session net partly blind: it could not look at ${places}; notes changed there through the shell are not recorded.`,
		netOffWhy: { env: 'SESSION_BRIEF_BASELINE=off: no baseline at the session start, so not in its first turn', noPluginFolder: 'no plugin folder in this vault' },
	},
	de: {
		outsideVault: (where, files) => `Außerhalb des Vaults gestartet (in ${where}), daher wurden die Anweisungen des Vaults nicht geladen: zuerst ${files} lesen.`,
		alreadyGiven: 'Session-Brief: dieser Sitzung schon von einem anderen ihrer Hook-Einträge gegeben; nicht wiederholt.',
		netOff: (why) => `Sitzungsnetz aus (${why}): über die Shell geänderte Notizen werden nicht zur Prüfung festgehalten.`,
		netBlind: (places) => `Sitzungsnetz teilweise blind: es konnte ${places} nicht ansehen; dort über die Shell geänderte Notizen werden nicht festgehalten.`,
		netOffWhy: { env: 'SESSION_BRIEF_BASELINE=off: keine Grundlage beim Sitzungsstart, also nicht in ihrer ersten Runde', noPluginFolder: 'kein Plugin-Ordner in diesem Vault' },
	},
});

/**
 * One line: the session started in `cwd`, outside the vault, so the host did not load the vault's
 * own `CLAUDE.md`; `readFirst` (absolute paths, `CLAUDE.md` first) is what to read before anything else.
 */
export function outsideVaultLine(lang: Lang, cwd: string, readFirst: readonly string[]): string | null {
	if (readFirst.length === 0) return null;
	const files = readFirst.map((f) => shortenName(f, 300)).join(', ');
	const where = shortenName(cwd, 200);
	return SESSION_NOTES_TEXT[lang].outsideVault(where, files);
}

/** Why the session net is off or partly blind, as the session start knows it. */
export type NetState = { off: 'env' | 'noPluginFolder' } | { off: string } | { skipped: readonly { path: string; why: string }[]; more: number };

const MAX_NAMED = 3;

/** The one line that says the session net is off or cannot see everything. */
export function netLine(lang: Lang, state: NetState): string {
	const text = SESSION_NOTES_TEXT[lang];
	if ('off' in state) {
		const known = state.off === 'env' || state.off === 'noPluginFolder' ? text.netOffWhy[state.off] : escapeControls(state.off.slice(0, 200));
		return text.netOff(known);
	}
	const named = state.skipped.slice(0, MAX_NAMED).map((s) => `${s.path === '' ? '.' : shortenName(s.path, 120)} (${escapeControls(s.why.slice(0, 40))})`);
	const rest = state.skipped.length - named.length + state.more;
	return text.netBlind(rest > 0 ? `${named.join(', ')} +${rest}` : named.join(', '));
}

export function alreadyGivenLine(lang: Lang): string {
	return SESSION_NOTES_TEXT[lang].alreadyGiven;
}

/** The brief with `line` placed after its first line (the heading), so no cap at the end can cut it. */
export function withLineAfterHeading(brief: string, line: string | null): string {
	if (line === null) return brief;
	const cut = brief.indexOf('\n');
	return cut < 0 ? `${brief}\n${line}` : `${brief.slice(0, cut)}\n${line}${brief.slice(cut)}`;
}
