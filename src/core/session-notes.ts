/**
 * The lines `session-start` adds around the brief (docs/design.md, "Proof that sessions got the
 * brief"): the one for a session started outside the vault, and the one a second hook entry of the
 * same session gives instead of a second brief. Names are untrusted and quoted (`quote.ts`).
 */
import { translations, type Lang } from './i18n';
import { shortenName } from './quote';

interface SessionNotesText {
	/** `where` and `files` are shortened and quoted already. */
	outsideVault: (where: string, files: string) => string;
	alreadyGiven: string;
}

export const SESSION_NOTES_TEXT = translations<SessionNotesText>({
	en: {
		outsideVault: (where, files) => `Started outside the vault (in ${where}), so the vault's own instructions were not loaded: read ${files} first.`,
		alreadyGiven: 'Session brief: already given to this session by another of its hook entries; not repeated.',
	},
	de: {
		outsideVault: (where, files) => `Außerhalb des Vaults gestartet (in ${where}), daher wurden die Anweisungen des Vaults nicht geladen: zuerst ${files} lesen.`,
		alreadyGiven: 'Session-Brief: dieser Sitzung schon von einem anderen ihrer Hook-Einträge gegeben; nicht wiederholt.',
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

export function alreadyGivenLine(lang: Lang): string {
	return SESSION_NOTES_TEXT[lang].alreadyGiven;
}

/** The brief with `line` placed after its first line (the heading), so no cap at the end can cut it. */
export function withLineAfterHeading(brief: string, line: string | null): string {
	if (line === null) return brief;
	const cut = brief.indexOf('\n');
	return cut < 0 ? `${brief}\n${line}` : `${brief.slice(0, cut)}\n${line}${brief.slice(cut)}`;
}
