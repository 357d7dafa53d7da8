/**
 * The fence around Session Brief's own files (docs/design.md, "The review trail is the human's"):
 * whatever the Write guard setting says, an agent must not be able to empty the trail that checks
 * it. Best effort for shell commands (docs/design-decisions/trail-guards.md, "The fence is best
 * effort"). Pure: which path is which is the caller's.
 */
import { translations, type Lang } from '../i18n';
import { shortenName } from '../quote';

/** The tools whose target is a file path (`NotebookEdit` names it `notebook_path`). */
export const FENCED_FILE_TOOLS: ReadonlySet<string> = new Set(['Write', 'Edit', 'MultiEdit', 'NotebookEdit']);
export const SHELL_TOOL = 'Bash';

/** The PreToolUse matcher that reaches every tool the fence and the Write guard look at. */
export const FENCE_MATCHER = 'Edit|Write|MultiEdit|NotebookEdit|Bash';

/** The bridge commands an agent may run from the hook folder by a shell command: they only read. */
export const READING_COMMANDS: ReadonlySet<string> = new Set(['report', 'check', 'changes', 'doctor', 'help', '--help', '-h', '--version']);

/**
 * Session Brief's own places: the plugin's folder in the vault, the hook files, the agent plugin's
 * folder (when the hooks run as a Claude Code or Codex plugin) and the per-user state folder.
 */
export type Fenced = 'plugin' | 'hooks' | 'agentPlugin' | 'state';

interface FenceText {
	/** `shown` and `where` are shortened already. */
	plugin: (shown: string, where: string) => string;
	hooks: (shown: string, where: string) => string;
	agentPlugin: (shown: string, where: string) => string;
	state: (shown: string, where: string) => string;
	/** A shell command; `shown` is the word of it that names the place. */
	command: (shown: string) => string;
	message: (shown: string) => string;
}

// Each sentence its own statement: the bundles stay readable, with no line of several hundred characters.
export const FENCE_TEXT = translations<FenceText>({
	en: {
		plugin: (shown, where) => {
			const what = `Refused: ${shown} is in Session Brief's plugin folder (${where}).`;
			const why = "It holds the human's review trail (what agents changed and what the human has reviewed) and the plugin's settings, which only the human changes, in Obsidian.";
			const todo = 'Leave it as it is and go on with the task; if the user asked for this change, tell them to make it themselves.';
			return `${what} ${why} ${todo}`;
		},
		hooks: (shown, where) => {
			const what = `Refused: ${shown} is one of Session Brief's hook files (in ${where}), which check this session's edits.`;
			const why = "Agents do not change them; the user updates or removes them with the bridge's install or uninstall command.";
			return `${what} ${why} Leave them as they are and go on with the task.`;
		},
		agentPlugin: (shown, where) => {
			const what = `Refused: ${shown} is in Session Brief's agent plugin (${where}), whose hooks check this session's edits.`;
			return `${what} Agents do not change it; the user updates or removes the plugin. Leave it as it is and go on with the task.`;
		},
		state: (shown, where) => {
			const what = `Refused: ${shown} is in Session Brief's per-user state folder (${where}).`;
			const why = "It holds the seals of the human's reviews and the copy of the review trail, which only Session Brief writes.";
			return `${what} ${why} Leave it as it is and go on with the task.`;
		},
		command: (shown) => ` The command names ${shown}. To read the vault's state, use the brief, or run the bridge's report or check command.`,
		message: (shown) => `Session Brief refused an agent's change to its own files: ${shown}.`,
	},
	de: {
		plugin: (shown, where) => {
			const what = `Abgelehnt: ${shown} liegt im Plugin-Ordner von Session Brief (${where}).`;
			const why1 = 'Dort liegen die Prüfspur des Menschen (was Agenten geändert haben und was der Mensch schon geprüft hat)';
			const why2 = 'und die Einstellungen des Plugins; beides ändert nur der Mensch, in Obsidian.';
			const todo1 = 'Nichts daran ändern und mit der Aufgabe weitermachen;';
			const todo2 = 'hat der Nutzer um diese Änderung gebeten, ihm sagen, dass er sie selbst vornehmen muss.';
			return `${what} ${why1} ${why2} ${todo1} ${todo2}`;
		},
		hooks: (shown, where) => {
			const what = `Abgelehnt: ${shown} ist eine der Hook-Dateien von Session Brief (in ${where}), die die Änderungen dieser Sitzung prüfen.`;
			const why = 'Agenten ändern sie nicht; der Nutzer aktualisiert oder entfernt sie mit dem Befehl install oder uninstall der Bridge.';
			return `${what} ${why} Nichts daran ändern und mit der Aufgabe weitermachen.`;
		},
		agentPlugin: (shown, where) => {
			const what = `Abgelehnt: ${shown} liegt im Agenten-Plugin von Session Brief (${where}), dessen Hooks die Änderungen dieser Sitzung prüfen.`;
			return `${what} Agenten ändern es nicht; der Nutzer aktualisiert oder entfernt das Plugin. Nichts daran ändern und mit der Aufgabe weitermachen.`;
		},
		state: (shown, where) => {
			const what = `Abgelehnt: ${shown} liegt im Zustandsordner von Session Brief für diesen Nutzer (${where}).`;
			const why = 'Dort liegen die Siegel der Prüfungen des Menschen und die Kopie der Prüfspur, die nur Session Brief schreibt.';
			return `${what} ${why} Nichts daran ändern und mit der Aufgabe weitermachen.`;
		},
		command: (shown) => ` Der Befehl nennt ${shown}. Den Stand der Vault zeigen das Briefing und die Befehle report und check der Bridge.`,
		message: (shown) => `Session Brief hat die Änderung eines Agenten an seinen eigenen Dateien abgelehnt: ${shown}.`,
	},
});

/**
 * The refusal for `fenced`; `shown` is the path or command word as the agent gave it, `where` the
 * place (a vault-relative folder), `viaCommand` whether it came in a shell command.
 */
export function fenceRefusal(fenced: Fenced, shown: string, where: string, viaCommand: boolean, lang: Lang): { reason: string; message: string } {
	const t = FENCE_TEXT[lang];
	const name = shortenName(shown, 300);
	const place = shortenName(where, 200);
	const reason = t[fenced](name, place) + (viaCommand ? t.command(name) : '');
	return { reason, message: t.message(shortenName(shown, 200)) };
}

/**
 * The words of a shell command line that could be paths, as far as the line itself tells: split at
 * blanks and the shell's operators, quotes removed, `\` read as `/` (Windows paths, Git Bash), and a
 * word's `name=value` value taken too (`--output=.obsidian/x`). Variables, `$(…)` and globs are not
 * expanded: a path built at run time is not seen.
 */
export function commandWords(command: string): string[] {
	const words: string[] = [];
	let current = '';
	let quote: '"' | "'" | null = null;
	const push = (): void => {
		if (current !== '') words.push(current);
		current = '';
	};
	for (const ch of command) {
		if (quote !== null) {
			if (ch === quote) quote = null;
			else current += ch;
		} else if (ch === '"' || ch === "'") quote = ch;
		else if (/[\s;&|()<>`]/.test(ch)) push();
		else current += ch;
	}
	push();
	const out: string[] = [];
	for (const w of words) {
		const slashed = w.replace(/\\/g, '/');
		out.push(slashed);
		const eq = slashed.indexOf('=');
		if (eq > 0 && eq < slashed.length - 1) out.push(slashed.slice(eq + 1));
	}
	return out;
}

/** A word's part before its first glob character (`.obsidian/plugins/*` → `.obsidian/plugins/`). */
export function beforeGlob(word: string): string {
	const at = word.search(/[*?[{]/);
	return at === -1 ? word : word.slice(0, at);
}
