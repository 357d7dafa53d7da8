/**
 * The opt-in Write guard (docs/design.md, "The Write guard"): an agent's `Write` over a file that
 * already exists in the sessions folder replaces another session's log without a trace, so the
 * PreToolUse hook refuses it and tells the agent to pick a new name. Edits, new files and
 * everything outside the sessions folder pass. Pure: whether a file exists is asked of the caller.
 */
import { asciiJson } from '../brief/format';
import { claudeDeny } from '../hosts/host';
import { DEFAULT_AGENT, hostOf, type AgentId } from '../hosts/index';
import { translations, type Lang } from '../i18n';
import { shortenName } from '../quote';

/** The one tool that replaces a whole file. Claude Code matches tool names case-sensitively. */
export const GUARDED_TOOL = 'Write';

interface WriteGuardText {
	/** All shortened already; `instead` is empty when no free name was found. */
	reason: (shown: string, where: string, instead: string) => string;
	message: (name: string) => string;
}

export const WRITE_GUARD_TEXT = translations<WriteGuardText>({
	en: {
		reason: (shown, where, instead) =>
			`Refused: ${shown} already exists in the sessions folder (${where}), and Write would replace it, losing that session's log. Write this session's log under a new name that does not exist yet${instead === '' ? '' : `, e.g. ${instead}`}. To add to that file on purpose, Read it and use Edit.`,
		message: (name) => `Session Brief kept ${name} from being overwritten (Write guard).`,
	},
	de: {
		reason: (shown, where, instead) =>
			`Abgelehnt: Die Datei ${shown} gibt es im Sitzungsordner (${where}) schon; Write würde sie ersetzen, und das Protokoll jener Sitzung ginge verloren. Das Protokoll dieser Sitzung unter einem neuen Namen schreiben, den es noch nicht gibt${instead === '' ? '' : `, z. B. ${instead}`}. Um jene Datei absichtlich zu ergänzen: erst lesen (Read), dann mit Edit ändern.`,
		message: (name) => `Session Brief hat das Überschreiben von ${name} verhindert (Schreibschutz).`,
	},
});

export interface GuardSettings {
	writeGuard: boolean;
	/** Vault-relative, as `cleanFolder` leaves it; empty = no sessions folder. */
	sessionsFolder: string;
}

/** Whether a `tool` call on the vault-relative `rel` (null = outside the vault) is one to look at. */
export function guardApplies(tool: string | undefined, rel: string | null, settings: GuardSettings): boolean {
	if (!settings.writeGuard || tool !== GUARDED_TOOL || rel === null) return false;
	return inFolder(rel, settings.sessionsFolder);
}

/** `rel` lies in `folder` or below it; case-insensitive, as vault paths are compared elsewhere. */
export function inFolder(rel: string, folder: string): boolean {
	if (folder === '') return false;
	return rel.replace(/\\/g, '/').toLowerCase().startsWith(`${folder.toLowerCase()}/`);
}

/** How many numbered names `freeName` tries before it gives up. */
const MAX_TRIES = 1000;

/**
 * The first name beside `name` that `taken` says is free: `Log.md` → `Log 2.md`, `Log 2.md` →
 * `Log 3.md`. Null when none of the next names is free.
 */
export function freeName(name: string, taken: (candidate: string) => boolean): string | null {
	const dot = name.lastIndexOf('.');
	const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
	const numbered = / (\d{1,6})$/.exec(stem);
	const base = numbered === null ? stem : stem.slice(0, numbered.index);
	const first = numbered === null ? 2 : Number(numbered[1]) + 1;
	for (let n = first; n < first + MAX_TRIES; n++) {
		const candidate = `${base} ${n}${ext}`;
		if (!taken(candidate)) return candidate;
	}
	return null;
}

export interface Refusal {
	/** For the agent: why, and what to do instead. */
	reason: string;
	/** One line for the user. */
	message: string;
}

/**
 * The refusal of a Write over the existing `filePath` (as the agent gave it; `rel` is its
 * vault-relative name). `suggestion` is a free path beside it in the agent's own notation, or null.
 */
export function refusal(filePath: string, rel: string, folder: string, suggestion: string | null, lang: Lang): Refusal {
	const shown = shortenName(filePath, 300);
	const where = shortenName(folder, 200);
	const instead = suggestion === null ? '' : shortenName(suggestion, 300);
	const t = WRITE_GUARD_TEXT[lang];
	return { reason: t.reason(shown, where, instead), message: t.message(shortenName(rel, 200)) };
}

/** The host's pre-tool answer that refuses the call (Claude Code's unless the host reads its own), as one pure-ASCII JSON line. */
export function denyOutput(r: Refusal, agent: AgentId = DEFAULT_AGENT): string {
	const host = hostOf(agent);
	return `${asciiJson(host.denyEnvelope !== undefined ? host.denyEnvelope(r.reason, r.message) : claudeDeny(r.reason, r.message))}\n`;
}
