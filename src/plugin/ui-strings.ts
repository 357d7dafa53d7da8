/**
 * Texts of the plugin's own interface (sidebar, status bar, notices, dialogs), in English and German.
 * The settings tab's are in settings-strings.ts, the command names in command-strings.ts.
 */
import { translations, type Lang } from '../core/i18n';
import type { AgeUnit } from '../core/review/review-text';

export interface TodayStrings {
	title: string;
	dailyNote: string;
	createDailyNote: string;
	/** A row's name for screen readers. */
	dailyNoteLabel: (name: string, exists: boolean) => string;
	sessionLabel: (name: string) => string;
	sessions: (n: number) => string;
	noSessions: string;
	templateMissing: (template: string) => string;
	createFailed: (path: string, reason: string) => string;
	groupByFolder: string;
	vaultRoot: string;
}

export interface UiStrings {
	/** For dates written out in full (Intl). */
	locale: string;
	viewTitle: string;
	filterPlaceholder: string;
	sortByName: string;
	sortByModified: string;
	noMatch: string;
	/** A section's name for screen readers: its title and how many notes it holds. */
	sectionLabel: (title: string, count: string) => string;
	indexing: string;
	property: (key: string) => string;
	line: (n: number) => string;
	age: (n: number, unit: AgeUnit) => string;
	modified: (date: string) => string;
	markReviewed: string;
	markAllReviewed: string;
	confirmMarkAll: (n: number, section: string) => string;
	cancel: string;
	markedAll: (n: number) => string;
	nothingChanged: string;
	undo: string;
	undone: (n: number) => string;
	undoSkipped: (n: number) => string;
	openInNewTab: string;
	revealInExplorer: string;
	/** The Today header and the group-by-folder option (review-today.ts, review-rows.ts). */
	today: TodayStrings;
	statusBarTitle: string;
	lastSession: (what: string | null) => string;
	marked: (name: string) => string;
	nothingToChange: (name: string) => string;
	frontmatterFailed: (name: string, reason: string) => string;
	stillFlagged: (name: string) => string;
	noExplorer: string;
	copied: string;
	refreshed: string;
	writeFailed: (reason: string) => string;
	ruleCheck: {
		viewTitle: string;
		runAgain: string;
		notRun: string;
		externalSkipped: string;
		notInVault: string;
		/** An empty result: what was checked, so "nothing found" is not mistaken for "nothing looked at". */
		nothingFound: (files: number, checks: number) => string;
		scopeHead: string;
		checksHead: string;
	};
	agentHooks: {
		desktopOnly: string;
		agent: string;
		scope: string;
		scopes: Record<'project' | 'local' | 'user', string>;
		/** Removal: every recorded installation, whatever its agent or scope. */
		all: string;
		check: string;
		installTitle: string;
		checkTitle: string;
		removeTitle: string;
		checking: string;
		/** Install and removal: the button that checks the result once the command ran. */
		checkAfter: string;
		runInTerminal: string;
		copy: string;
		copied: string;
		/** The agent plugins that install the hooks their own way. */
		agentPlugins: string;
		/** Install: the toggle that adds `--statusline` (the host's name). */
		statusLine: (host: string) => string;
		failed: (message: string) => string;
	};
	liveFailed: (reason: string) => string;
	/** The reason given when none is known. */
	unknownError: string;
}

const en: UiStrings = {
	locale: 'en',
	viewTitle: 'Needs review',
	filterPlaceholder: 'Filter by path…',
	sortByName: 'Sort by name',
	sortByModified: 'Sort by modified time',
	noMatch: 'No note matches the filter.',
	sectionLabel: (title, count) => `${title}, ${count} ${count === '1' ? 'note' : 'notes'}`,
	indexing: 'Reading the vault…',
	property: (key) => `Property ${key}`,
	line: (n) => `Line ${n}`,
	age: (n, unit) => (unit === 'now' ? 'now' : `${n} ${unit}`),
	modified: (date) => `Modified ${date}`,
	markReviewed: 'Mark as reviewed',
	markAllReviewed: 'Mark all reviewed',
	confirmMarkAll: (n, section) => `Mark ${n === 1 ? '1 note' : `${n} notes`} in "${section}" as reviewed? This changes ${n === 1 ? 'that note' : `those ${n} notes`}; the notice afterwards offers Undo.`,
	cancel: 'Cancel',
	markedAll: (n) => `Marked ${n === 1 ? '1 note' : `${n} notes`} as reviewed.`,
	nothingChanged: 'Nothing to change.',
	undo: 'Undo',
	undone: (n) => `Restored ${n === 1 ? '1 note' : `${n} notes`}.`,
	undoSkipped: (n) => `${n === 1 ? '1 note was' : `${n} notes were`} changed since and left as ${n === 1 ? 'it is' : 'they are'}; the others were restored.`,
	openInNewTab: 'Open in new tab',
	revealInExplorer: 'Reveal in file explorer',
	today: {
		title: 'Today',
		dailyNote: 'Daily note',
		createDailyNote: 'Create daily note',
		dailyNoteLabel: (name, exists) => (exists ? `Daily note ${name}` : `Create daily note ${name}`),
		sessionLabel: (name) => `Session file ${name}`,
		sessions: (n) => (n === 1 ? '1 session file' : `${n} session files`),
		noSessions: 'No session file yet.',
		templateMissing: (template) => `The daily note template "${template}" was not found, so today's note was created empty. Check the template in the Daily notes settings.`,
		createFailed: (path, reason) => `Could not create "${path}": ${reason}`,
		groupByFolder: 'Group by folder',
		vaultRoot: 'Vault root',
	},
	statusBarTitle: 'Open the needs review sidebar',
	lastSession: (what) => (what === null ? 'No agent session has received the brief yet.' : `Last agent session that received the brief: ${what}`),
	marked: (name) => `Marked "${name}" as reviewed.`,
	nothingToChange: (name) => `Nothing to change in "${name}".`,
	frontmatterFailed: (name, reason) => `Could not edit the properties of "${name}": ${reason}`,
	stillFlagged: (name) => `"${name}" is still flagged: its status property was left as it is.`,
	noExplorer: 'The file explorer is not available.',
	copied: 'Session brief copied to the clipboard.',
	refreshed: 'Session brief refreshed.',
	writeFailed: (reason) => `Could not write the cached brief: ${reason}`,
	ruleCheck: {
		viewTitle: 'Rule check',
		runAgain: 'Run rule check again',
		notRun: 'Run the rule check from the command palette to list its findings here.',
		externalSkipped: 'Your external check did not run here (it needs the vault folder on disk); run "check" of the hook bridge in a terminal for it.',
		notInVault: 'Obsidian does not open files in dot folders; open this one in another editor.',
		nothingFound: (files, checks) => `Nothing found in ${files} ${files === 1 ? 'file' : 'files'} of the rule scope, by ${checks} ${checks === 1 ? 'check' : 'checks'}.`,
		scopeHead: 'Rule scope (Settings → Rule check):',
		checksHead: 'Checks that ran:',
	},
	agentHooks: {
		desktopOnly: 'Agent hooks can only be installed on desktop, where the vault is a folder on disk.',
		agent: 'Agent',
		scope: 'Scope',
		scopes: { project: 'This vault (project)', local: 'This vault, not shared (local)', user: 'Every session of this user (user)' },
		all: 'All',
		check: 'Check',
		installTitle: 'Install agent hooks',
		checkTitle: 'Check agent hooks',
		removeTitle: 'Remove agent hooks',
		checking: 'Checking the agent hooks…',
		checkAfter: 'Check',
		runInTerminal: 'Run this command in a terminal (Node.js 18 or later), then check the result:',
		copy: 'Copy command',
		copied: 'Command copied to the clipboard.',
		agentPlugins: 'Claude Code and Codex can instead get the hooks from the Session Brief plugin for the agent (docs/agents.md).',
		statusLine: (host) => `Also show the vault in ${host}'s status line`,
		failed: (message) => `Agent hooks: ${message}`,
	},
	liveFailed: (reason) => `The live channel could not start: ${reason}`,
	unknownError: 'unknown error',
};

const de: UiStrings = {
	locale: 'de',
	viewTitle: 'Zu prüfen',
	filterPlaceholder: 'Nach Pfad filtern…',
	sortByName: 'Nach Name sortieren',
	sortByModified: 'Nach Änderungszeit sortieren',
	noMatch: 'Keine Notiz passt zum Filter.',
	sectionLabel: (title, count) => `${title}, ${count} ${count === '1' ? 'Notiz' : 'Notizen'}`,
	indexing: 'Vault wird gelesen…',
	property: (key) => `Eigenschaft ${key}`,
	line: (n) => `Zeile ${n}`,
	age: (n, unit) => (unit === 'now' ? 'jetzt' : `${n} ${{ min: 'Min.', h: 'Std.', d: 'T.', mo: 'Mon.', y: 'J.' }[unit]}`),
	modified: (date) => `Geändert ${date}`,
	markReviewed: 'Als geprüft markieren',
	markAllReviewed: 'Alle als geprüft markieren',
	confirmMarkAll: (n, section) => `${n === 1 ? '1 Notiz' : `${n} Notizen`} in „${section}“ als geprüft markieren? Das ändert ${n === 1 ? 'diese Notiz' : `diese ${n} Notizen`}; die Meldung danach bietet Rückgängig an.`,
	cancel: 'Abbrechen',
	markedAll: (n) => `${n === 1 ? '1 Notiz' : `${n} Notizen`} als geprüft markiert.`,
	nothingChanged: 'Es gab nichts zu ändern.',
	undo: 'Rückgängig',
	undone: (n) => `${n === 1 ? '1 Notiz' : `${n} Notizen`} wiederhergestellt.`,
	undoSkipped: (n) => `${n === 1 ? '1 Notiz wurde' : `${n} Notizen wurden`} inzwischen geändert und nicht angetastet; die anderen sind wiederhergestellt.`,
	openInNewTab: 'In neuem Tab öffnen',
	revealInExplorer: 'Im Dateiexplorer zeigen',
	today: {
		title: 'Heute',
		dailyNote: 'Tagesnotiz',
		createDailyNote: 'Tagesnotiz anlegen',
		dailyNoteLabel: (name, exists) => (exists ? `Tagesnotiz ${name}` : `Tagesnotiz ${name} anlegen`),
		sessionLabel: (name) => `Sitzungsdatei ${name}`,
		sessions: (n) => (n === 1 ? '1 Sitzungsdatei' : `${n} Sitzungsdateien`),
		noSessions: 'Noch keine Sitzungsdatei.',
		templateMissing: (template) => `Die Vorlage „${template}“ für Tagesnotizen wurde nicht gefunden, die heutige Notiz ist daher leer angelegt. Bitte die Vorlage in den Einstellungen der Tagesnotizen prüfen.`,
		createFailed: (path, reason) => `„${path}“ ließ sich nicht anlegen: ${reason}`,
		groupByFolder: 'Nach Ordner gruppieren',
		vaultRoot: 'Hauptordner des Vaults',
	},
	statusBarTitle: 'Seitenleiste „Zu prüfen“ öffnen',
	lastSession: (what) => (what === null ? 'Noch keine Agenten-Sitzung hat den Brief erhalten.' : `Letzte Agenten-Sitzung mit Brief: ${what}`),
	marked: (name) => `"${name}" als geprüft markiert.`,
	nothingToChange: (name) => `In "${name}" gab es nichts zu ändern.`,
	frontmatterFailed: (name, reason) => `Die Eigenschaften von "${name}" ließen sich nicht ändern: ${reason}`,
	stillFlagged: (name) => `"${name}" bleibt markiert: die Eigenschaft status wurde nicht verändert.`,
	noExplorer: 'Der Dateiexplorer ist nicht verfügbar.',
	copied: 'Sitzungsbrief in die Zwischenablage kopiert.',
	refreshed: 'Sitzungsbrief aktualisiert.',
	writeFailed: (reason) => `Der zwischengespeicherte Brief ließ sich nicht schreiben: ${reason}`,
	ruleCheck: {
		viewTitle: 'Regelwerk-Check',
		runAgain: 'Regelwerk-Check erneut ausführen',
		notRun: 'Den Regelwerk-Check über die Befehlspalette starten, um seine Befunde hier zu sehen.',
		externalSkipped: 'Der eigene externe Check lief hier nicht (er braucht den Vault-Ordner auf der Festplatte); dafür "check" der Hook-Bridge im Terminal ausführen.',
		notInVault: 'Obsidian öffnet keine Dateien in Punkt-Ordnern; diese Datei in einem anderen Editor öffnen.',
		nothingFound: (files, checks) => `Nichts gefunden in ${files} ${files === 1 ? 'Datei' : 'Dateien'} des Geltungsbereichs, mit ${checks} ${checks === 1 ? 'Prüfung' : 'Prüfungen'}.`,
		scopeHead: 'Geltungsbereich der Regeln (Einstellungen → Regelwerk-Check):',
		checksHead: 'Gelaufene Prüfungen:',
	},
	agentHooks: {
		desktopOnly: 'Agent-Hooks lassen sich nur am Desktop installieren, wo der Vault ein Ordner auf der Festplatte ist.',
		agent: 'Agent',
		scope: 'Geltungsbereich',
		scopes: { project: 'Dieser Vault (project)', local: 'Dieser Vault, nicht geteilt (local)', user: 'Jede Sitzung dieses Benutzers (user)' },
		all: 'Alle',
		check: 'Prüfen',
		installTitle: 'Agent-Hooks installieren',
		checkTitle: 'Agent-Hooks prüfen',
		removeTitle: 'Agent-Hooks entfernen',
		checking: 'Agent-Hooks werden geprüft…',
		checkAfter: 'Prüfen',
		runInTerminal: 'Diesen Befehl in einem Terminal ausführen (Node.js 18 oder neuer), dann das Ergebnis prüfen:',
		copy: 'Befehl kopieren',
		copied: 'Befehl in die Zwischenablage kopiert.',
		agentPlugins: 'Claude Code und Codex können die Hooks stattdessen vom Session-Brief-Plugin für den Agenten bekommen (docs/agents.md).',
		statusLine: (host) => `Den Vault auch in der Statuszeile von ${host} zeigen`,
		failed: (message) => `Agent-Hooks: ${message}`,
	},
	liveFailed: (reason) => `Der Live-Kanal ließ sich nicht starten: ${reason}`,
	unknownError: 'unbekannter Fehler',
};

export const UI_TEXT = translations<UiStrings>({ en, de });

export function uiStrings(lang: Lang): UiStrings {
	return UI_TEXT[lang];
}

/** Texts of the *Changed by agents* section (review-agent-changes.ts). */
export interface AgentChangesStrings {
	title: string;
	/** The section's name for screen readers: its title and how many notes wait. */
	label: (n: number) => string;
	empty: string;
	/** A session's heading; `id` is the start of the agent's session id. */
	session: (id: string) => string;
	noSession: string;
	/** A session's name for screen readers. */
	sessionLabel: (name: string, time: string, n: number) => string;
	notes: (n: number) => string;
	/** A note's name for screen readers. */
	noteLabel: (name: string, folder: string, time: string, tool: string | null) => string;
	edits: (n: number) => string;
	/** A note the agent deleted (listed under its old path). */
	deleted: string;
	/** What opening a deleted note says: where Obsidian keeps a copy. */
	deletedHint: (name: string) => string;
	/** A note the agent moved or renamed: the old name → the new one. */
	renamed: (from: string, to: string) => string;
	changedAt: (date: string) => string;
	markReviewed: string;
	markSessionReviewed: string;
	markAllReviewed: string;
	confirmMarkAll: (n: number) => string;
	markedAll: (n: number) => string;
	undone: string;
	writeFailed: (reason: string) => string;
	/** The review marks file differs from what the plugin last wrote; `at` is already a local time. */
	changedOutside: (at: string | null, hidden: number) => string;
	/** The journal in the vault lost records its copy outside the vault holds; they are shown again. */
	journalLost: (lost: number) => string;
	acceptMarks: string;
	/**
	 * Marks signed by a device not trusted yet: `id` its short key id, `label` its name already
	 * quoted (null: none), `own` this device's short key id (null: none yet).
	 */
	otherDevice: (id: string, label: string | null, own: string | null, hidden: number) => string;
	trustDevice: string;
}

const agentChangesEn: AgentChangesStrings = {
	title: 'Changed by agents',
	label: (n) => `Changed by agents, ${n === 1 ? '1 note' : `${n} notes`} not yet reviewed`,
	empty: 'Every change an agent made is reviewed.',
	session: (id) => `Session ${id}`,
	noSession: 'Without a session id',
	sessionLabel: (name, time, n) => `${name}, ${time}, ${n === 1 ? '1 note' : `${n} notes`}`,
	notes: (n) => (n === 1 ? '1 note' : `${n} notes`),
	noteLabel: (name, folder, time, tool) => [name, folder, time, tool].filter((p) => p !== null && p !== '').join(', '),
	edits: (n) => `${n} edits`,
	deleted: 'deleted',
	deletedHint: (name) => `"${name}" was deleted by an agent. If the File recovery core plugin is on, it keeps snapshots of it: Settings → File recovery → Snapshots → View. Otherwise look in the system trash or the vault's .trash folder, as your Files and links settings say.`,
	renamed: (from, to) => `${from} → ${to}`,
	changedAt: (date) => `Changed by an agent ${date}`,
	markReviewed: 'Mark as reviewed',
	markSessionReviewed: 'Mark session reviewed',
	markAllReviewed: 'Mark all reviewed',
	confirmMarkAll: (n) => `Mark ${n === 1 ? '1 note' : `${n} notes`} changed by agents as reviewed? No note is edited, only the review marks; the notice afterwards offers Undo.`,
	markedAll: (n) => `Marked ${n === 1 ? '1 note' : `${n} notes`} changed by agents as reviewed.`,
	undone: 'The agent changes show again.',
	writeFailed: (reason) => `Could not save the review marks: ${reason}`,
	changedOutside: (at, hidden) =>
		`Review marks were changed outside Obsidian${at === null ? '' : ` at ${at}`}; ${hidden === 1 ? '1 agent change was' : `${hidden} agent changes were`} hidden and ${hidden === 1 ? 'is' : 'are'} shown again. If you made that change (in Obsidian on another device, say), accept it.`,
	journalLost: (lost) =>
		`The agent changes journal in the vault was deleted or changed outside Session Brief; ${lost === 1 ? '1 agent change it lost is' : `${lost} agent changes it lost are`} shown again from the copy outside the vault.`,
	acceptMarks: 'Accept these marks',
	otherDevice: (id, label, own, hidden) =>
		`Review marks from another device (${id}${label === null ? '' : `, ${label}`}): trust this device? Until you do, its marks do not count, and ${hidden === 1 ? '1 agent change they would hide is' : `${hidden} agent changes they would hide are`} shown. Trust only a device of yours that runs Session Brief${own === null ? '' : ` (this device is ${own})`}.`,
	trustDevice: 'Trust this device',
};

const agentChangesDe: AgentChangesStrings = {
	title: 'Von Agenten geändert',
	label: (n) => `Von Agenten geändert, ${n === 1 ? '1 Notiz' : `${n} Notizen`} noch nicht geprüft`,
	empty: 'Jede Änderung eines Agenten ist geprüft.',
	session: (id) => `Sitzung ${id}`,
	noSession: 'Ohne Sitzungs-ID',
	sessionLabel: (name, time, n) => `${name}, ${time}, ${n === 1 ? '1 Notiz' : `${n} Notizen`}`,
	notes: (n) => (n === 1 ? '1 Notiz' : `${n} Notizen`),
	noteLabel: (name, folder, time, tool) => [name, folder, time, tool].filter((p) => p !== null && p !== '').join(', '),
	edits: (n) => `${n} Änderungen`,
	deleted: 'gelöscht',
	deletedHint: (name) => `„${name}“ wurde von einem Agenten gelöscht. Ist das Kern-Plugin Dateiwiederherstellung aktiv, hat es Schnappschüsse davon: Einstellungen → Dateiwiederherstellung → Schnappschüsse → Anzeigen. Sonst im Papierkorb des Systems oder im Ordner .trash des Tresors, je nach Einstellung unter Dateien und Links.`,
	renamed: (from, to) => `${from} → ${to}`,
	changedAt: (date) => `Von einem Agenten geändert ${date}`,
	markReviewed: 'Als geprüft markieren',
	markSessionReviewed: 'Sitzung als geprüft markieren',
	markAllReviewed: 'Alle als geprüft markieren',
	confirmMarkAll: (n) => `${n === 1 ? '1 von Agenten geänderte Notiz' : `${n} von Agenten geänderte Notizen`} als geprüft markieren? Keine Notiz wird verändert, nur die Prüfvermerke; die Meldung danach bietet Rückgängig an.`,
	markedAll: (n) => `${n === 1 ? '1 von Agenten geänderte Notiz' : `${n} von Agenten geänderte Notizen`} als geprüft markiert.`,
	undone: 'Die Änderungen der Agenten werden wieder angezeigt.',
	writeFailed: (reason) => `Die Prüfvermerke ließen sich nicht speichern: ${reason}`,
	changedOutside: (at, hidden) =>
		`Prüfvermerke wurden außerhalb von Obsidian geändert${at === null ? '' : ` (${at})`}; ${hidden === 1 ? '1 Agenten-Änderung war' : `${hidden} Agenten-Änderungen waren`} ausgeblendet und ${hidden === 1 ? 'wird' : 'werden'} wieder gezeigt. Wenn die Änderung von dir stammt (etwa aus Obsidian auf einem anderen Gerät), übernimm sie.`,
	journalLost: (lost) =>
		`Das Journal der Agenten-Änderungen im Vault wurde gelöscht oder außerhalb von Session Brief geändert; ${lost === 1 ? '1 verlorene Agenten-Änderung wird' : `${lost} verlorene Agenten-Änderungen werden`} aus der Kopie außerhalb des Vaults wieder gezeigt.`,
	acceptMarks: 'Diese Vermerke übernehmen',
	otherDevice: (id, label, own, hidden) =>
		`Prüfvermerke von einem anderen Gerät (${id}${label === null ? '' : `, ${label}`}): diesem Gerät vertrauen? Bis dahin zählen seine Vermerke nicht, und ${hidden === 1 ? '1 Agenten-Änderung, die sie ausblenden würden, wird' : `${hidden} Agenten-Änderungen, die sie ausblenden würden, werden`} gezeigt. Vertraue nur einem eigenen Gerät, auf dem Session Brief läuft${own === null ? '' : ` (dieses Gerät ist ${own})`}.`,
	trustDevice: 'Diesem Gerät vertrauen',
};

export const AGENT_CHANGES_TEXT = translations<AgentChangesStrings>({ en: agentChangesEn, de: agentChangesDe });

export function agentChangesStrings(lang: Lang): AgentChangesStrings {
	return AGENT_CHANGES_TEXT[lang];
}

/** The row cap's *Show more* row (src/plugin/sidebar/row-cap.ts). */
export interface RowCapStrings {
	/** The button: how many rows it adds. */
	showMore: (n: number) => string;
	/** Beside it: how many of how many show. */
	shownOf: (shown: number, total: number) => string;
	/** The tree item's label for screen readers. */
	showMoreLabel: (n: number, shown: number, total: number) => string;
}

const rowNumber = (locale: string) => (n: number): string => n.toLocaleString(locale);
const enNum = rowNumber('en');
const deNum = rowNumber('de');

const rowCapEn: RowCapStrings = {
	showMore: (n) => `Show ${enNum(n)} more`,
	shownOf: (shown, total) => `${enNum(shown)} of ${enNum(total)} shown`,
	showMoreLabel: (n, shown, total) => `Show ${enNum(n)} more ${n === 1 ? 'note' : 'notes'}, ${enNum(shown)} of ${enNum(total)} shown`,
};

const rowCapDe: RowCapStrings = {
	showMore: (n) => `${deNum(n)} weitere anzeigen`,
	shownOf: (shown, total) => `${deNum(shown)} von ${deNum(total)} angezeigt`,
	showMoreLabel: (n, shown, total) => `${n === 1 ? '1 weitere Notiz' : `${deNum(n)} weitere Notizen`} anzeigen, ${deNum(shown)} von ${deNum(total)} angezeigt`,
};

export const ROW_CAP_TEXT = translations<RowCapStrings>({ en: rowCapEn, de: rowCapDe });

export function rowCapStrings(lang: Lang): RowCapStrings {
	return ROW_CAP_TEXT[lang];
}

/** Hooks removed from a settings file by something other than uninstall (src/plugin/sidebar/hooks-removed-notice.ts). */
export interface HooksRemovedStrings {
	/** `file` already quoted; `events` the host's event names, comma-separated. */
	removed: (host: string, file: string, events: string, count: number) => string;
}

const hooksRemovedEn: HooksRemovedStrings = {
	removed: (host, file, events, count) =>
		`Agent ${count === 1 ? 'hook' : 'hooks'} removed: ${file} no longer holds the ${events} ${count === 1 ? 'hook' : 'hooks'} that "session-brief install" registered for ${host}, and "session-brief uninstall" did not take ${count === 1 ? 'it' : 'them'} out. Sessions since ran without the brief or the review trail. Check what changed the file, then install the agent hooks again.`,
};

const hooksRemovedDe: HooksRemovedStrings = {
	removed: (host, file, events, count) =>
		`${count === 1 ? 'Agent-Hook' : 'Agent-Hooks'} entfernt: ${file} enthält ${count === 1 ? 'den Hook' : 'die Hooks'} ${events} nicht mehr, ${count === 1 ? 'den' : 'die'} „session-brief install“ für ${host} eingetragen hat, und „session-brief uninstall“ hat ${count === 1 ? 'ihn' : 'sie'} nicht entfernt. Sitzungen liefen seither ohne Überblick und ohne Prüfspur. Prüfe, was die Datei geändert hat, und installiere die Agent-Hooks dann erneut.`,
};

export const HOOKS_REMOVED_TEXT = translations<HooksRemovedStrings>({ en: hooksRemovedEn, de: hooksRemovedDe });

export function hooksRemovedStrings(lang: Lang): HooksRemovedStrings {
	return HOOKS_REMOVED_TEXT[lang];
}
