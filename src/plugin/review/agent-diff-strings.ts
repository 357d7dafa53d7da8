/** The words of the agent change review (the diff view, Accept, Revert, Undo), in English and German. */
import { translations, type Lang } from '../../core/i18n';
import { MAX_CHANGED_LINES } from '../../core/trail/line-counts';

export interface AgentDiffStrings {
	title: (name: string) => string;
	showChanges: string;
	showChangesOfNote: string;
	/** `who` is the session's short id and the tool, `time` a local time. */
	meta: (who: string, time: string) => string;
	counts: (added: number, removed: number) => string;
	newNote: string;
	deletedNote: string;
	notKept: string;
	tooLarge: string;
	/** A change past the line cap (src/core/trail/line-counts.ts): `sizes` reads `1.0 MB → 1.1 MB`. */
	large: (sizes: string) => string;
	noDifference: string;
	properties: string;
	property: string;
	before: string;
	now: string;
	none: string;
	unchangedLines: (n: number) => string;
	moreLines: (n: number) => string;
	accept: string;
	revert: string;
	close: string;
	confirmRevert: (name: string) => string;
	confirmRevertMany: (n: number) => string;
	revertSession: string;
	revertAll: string;
	reverted: (n: number, skipped: number) => string;
	/** A note a revert or an Undo left as it is, and why: `name` is the note's name. */
	leftAlone: (name: string, reason: 'changed' | 'unsaved') => string;
	accepted: string;
	sessionAccepted: (n: number) => string;
	undo: string;
	undone: string;
	editedSince: string;
	showThree: string;
	agentsChange: string;
	changedSince: string;
	failed: (reason: string) => string;
	nothingToRevert: string;
}

const en: AgentDiffStrings = {
	title: (name) => `Changes by agents: ${name}`,
	showChanges: 'Show changes',
	showChangesOfNote: 'Show changes by agents',
	meta: (who, time) => `${who}, ${time}`,
	counts: (added, removed) => `+${added} −${removed}`,
	newNote: 'A new note: everything in it is the agent’s.',
	deletedNote: 'The agent deleted this note; its last content is shown as removed.',
	notKept: 'Before-version not kept: Session Brief keeps a note as it was only when its hook sees the change coming (an agent’s edit tool, or a shell command that names the note), and only up to 1 MiB per note for 30 days. Accept marks the change reviewed; a revert is not possible.',
	tooLarge: 'The note is larger than 1 MiB: its before-version was not kept, and no diff is shown.',
	large: (sizes) => `A large change (${sizes}): more than ${MAX_CHANGED_LINES} lines differ, too many to show as a diff. Accept and Revert work as for any change.`,
	noDifference: 'The note holds again what it held before the agent’s change.',
	properties: 'Properties',
	property: 'Property',
	before: 'Before',
	now: 'Now',
	none: '(none)',
	unchangedLines: (n) => (n === 1 ? '1 unchanged line' : `${n} unchanged lines`),
	moreLines: (n) => (n === 1 ? '1 more line not shown' : `${n} more lines not shown`),
	accept: 'Accept',
	revert: 'Revert',
	close: 'Close',
	confirmRevert: (name) => `Put ${name} back as it was before the agent’s change? The agent’s version is replaced; the notice afterwards offers Undo.`,
	confirmRevertMany: (n) => `Put ${n === 1 ? '1 note' : `${n} notes`} back as they were before the agents’ changes? Notes edited since, or without a before-version, are left as they are; the notice afterwards offers Undo.`,
	revertSession: 'Revert the session’s changes…',
	revertAll: 'Revert all agent changes…',
	reverted: (n, skipped) => `Reverted ${n === 1 ? '1 note' : `${n} notes`}${skipped > 0 ? `; ${skipped === 1 ? '1 note was' : `${skipped} notes were`} left as ${skipped === 1 ? 'it was' : 'they were'} (edited since, or no before-version kept)` : ''}.`,
	leftAlone: (name, reason) =>
		reason === 'unsaved'
			? `${name} has unsaved changes in an open editor, so it was left as it is. Let the editor save (or close the note), then try again.`
			: `${name} changed in the meantime, so it was left as it is; nothing you wrote was replaced.`,
	accepted: 'Change accepted: marked as reviewed.',
	sessionAccepted: (n) => `The session's changes (${n === 1 ? '1 note' : `${n} notes`}) are marked as reviewed.`,
	undo: 'Undo',
	undone: 'Undone.',
	editedSince: 'This note was changed after the agent’s last edit (by you, or by another program): a revert would lose that change, so it is not offered. Compare the three versions and edit the note yourself.',
	showThree: 'Show the three versions',
	agentsChange: 'The agent’s change (before → agent)',
	changedSince: 'Changed since (agent → now)',
	failed: (reason) => `Could not change the note: ${reason}`,
	nothingToRevert: 'Nothing to revert.',
};

const de: AgentDiffStrings = {
	title: (name) => `Änderungen von Agenten: ${name}`,
	showChanges: 'Änderungen zeigen',
	showChangesOfNote: 'Änderungen von Agenten zeigen',
	meta: (who, time) => `${who}, ${time}`,
	counts: (added, removed) => `+${added} −${removed}`,
	newNote: 'Eine neue Notiz: alles darin stammt vom Agenten.',
	deletedNote: 'Der Agent hat diese Notiz gelöscht; ihr letzter Inhalt ist als entfernt gezeigt.',
	notKept: 'Vorversion nicht aufbewahrt: Session Brief bewahrt eine Notiz nur auf, wenn sein Hook die Änderung kommen sieht (ein Bearbeitungswerkzeug des Agenten oder ein Shell-Befehl, der die Notiz nennt), und nur bis 1 MiB je Notiz für 30 Tage. Übernehmen markiert die Änderung als geprüft; Zurücksetzen ist nicht möglich.',
	tooLarge: 'Die Notiz ist größer als 1 MiB: ihre Vorversion wurde nicht aufbewahrt, kein Vergleich wird gezeigt.',
	large: (sizes) => `Eine große Änderung (${sizes}): mehr als ${MAX_CHANGED_LINES} Zeilen sind verschieden, zu viele für einen Vergleich. Annehmen und Zurücksetzen gehen wie bei jeder Änderung.`,
	noDifference: 'Die Notiz enthält wieder, was sie vor der Änderung des Agenten enthielt.',
	properties: 'Eigenschaften',
	property: 'Eigenschaft',
	before: 'Vorher',
	now: 'Jetzt',
	none: '(keine)',
	unchangedLines: (n) => (n === 1 ? '1 unveränderte Zeile' : `${n} unveränderte Zeilen`),
	moreLines: (n) => (n === 1 ? '1 weitere Zeile nicht gezeigt' : `${n} weitere Zeilen nicht gezeigt`),
	accept: 'Übernehmen',
	revert: 'Zurücksetzen',
	close: 'Schließen',
	confirmRevert: (name) => `${name} auf den Stand vor der Änderung des Agenten zurücksetzen? Die Fassung des Agenten wird ersetzt; die Meldung danach bietet Rückgängig an.`,
	confirmRevertMany: (n) => `${n === 1 ? '1 Notiz' : `${n} Notizen`} auf den Stand vor den Änderungen der Agenten zurücksetzen? Seitdem bearbeitete Notizen und solche ohne Vorversion bleiben, wie sie sind; die Meldung danach bietet Rückgängig an.`,
	revertSession: 'Änderungen der Sitzung zurücksetzen…',
	revertAll: 'Alle Änderungen der Agenten zurücksetzen…',
	reverted: (n, skipped) => `${n === 1 ? '1 Notiz' : `${n} Notizen`} zurückgesetzt${skipped > 0 ? `; ${skipped === 1 ? '1 Notiz blieb' : `${skipped} Notizen blieben`}, wie ${skipped === 1 ? 'sie war' : 'sie waren'} (seitdem bearbeitet oder ohne Vorversion)` : ''}.`,
	leftAlone: (name, reason) =>
		reason === 'unsaved'
			? `${name} hat ungespeicherte Änderungen in einem offenen Editor und blieb, wie sie ist. Den Editor speichern lassen (oder die Notiz schließen) und erneut versuchen.`
			: `${name} wurde inzwischen geändert und blieb, wie sie ist; nichts von Ihnen Geschriebenes wurde ersetzt.`,
	accepted: 'Änderung übernommen: als geprüft markiert.',
	sessionAccepted: (n) => `Die Änderungen der Sitzung (${n === 1 ? '1 Notiz' : `${n} Notizen`}) sind als geprüft markiert.`,
	undo: 'Rückgängig',
	undone: 'Rückgängig gemacht.',
	editedSince: 'Diese Notiz wurde nach der letzten Änderung des Agenten geändert (von dir oder einem anderen Programm): Zurücksetzen würde diese Änderung verlieren und wird darum nicht angeboten. Vergleiche die drei Fassungen und bearbeite die Notiz selbst.',
	showThree: 'Die drei Fassungen zeigen',
	agentsChange: 'Die Änderung des Agenten (vorher → Agent)',
	changedSince: 'Seitdem geändert (Agent → jetzt)',
	failed: (reason) => `Die Notiz ließ sich nicht ändern: ${reason}`,
	nothingToRevert: 'Nichts zurückzusetzen.',
};

export const AGENT_DIFF_TEXT = translations<AgentDiffStrings>({ en, de });

export function agentDiffStrings(lang: Lang): AgentDiffStrings {
	return AGENT_DIFF_TEXT[lang];
}
