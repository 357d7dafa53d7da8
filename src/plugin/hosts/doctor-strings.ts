/** Texts of the *Check agent hooks* result (doctor-modal.ts), in English and German. */
import { translations } from '../../core/i18n';

export interface DoctorStrings {
	/** The verdict at the top: no problem, warnings only, failures. */
	ok: (agent: string) => string;
	warned: (agent: string) => string;
	failed: (agent: string) => string;
	status: { ok: string; warn: string; fail: string; info: string };
	fix: string;
	install: string;
	copyFix: string;
	copied: string;
	copyPath: (name: string) => string;
	copyFailed: (reason: string) => string;
	/** The verdict of a check after *Remove agent hooks*. */
	removed: (agent: string) => string;
	stillInstalled: (agent: string) => string;
	details: string;
	close: string;
}

const en: DoctorStrings = {
	ok: (agent) => `${agent}: no problem found.`,
	warned: (agent) => `${agent}: nothing failed, but see the warnings: the brief may not arrive until they are dealt with.`,
	failed: (agent) => `${agent}: problems found.`,
	status: { ok: 'OK', warn: 'Warning', fail: 'Failed', info: 'Note' },
	fix: 'Fix:',
	install: 'Install the hooks',
	copyFix: 'Copy the fix',
	copied: 'Copied to the clipboard.',
	copyPath: (name) => `Copy the path of ${name}`,
	copyFailed: (reason) => `Could not copy: ${reason}`,
	removed: (agent) => `${agent}: no Session Brief hook left in this vault.`,
	stillInstalled: (agent) => `${agent}: hooks are still installed; see the checks below.`,
	details: 'Details (the report as text)',
	close: 'Close',
};

const de: DoctorStrings = {
	ok: (agent) => `${agent}: kein Problem gefunden.`,
	warned: (agent) => `${agent}: nichts ist fehlgeschlagen, aber siehe die Warnungen: Der Brief kommt womöglich erst an, wenn sie erledigt sind.`,
	failed: (agent) => `${agent}: Probleme gefunden.`,
	status: { ok: 'OK', warn: 'Warnung', fail: 'Fehler', info: 'Hinweis' },
	fix: 'Abhilfe:',
	install: 'Hooks installieren',
	copyFix: 'Abhilfe kopieren',
	copied: 'In die Zwischenablage kopiert.',
	copyPath: (name) => `Pfad von ${name} kopieren`,
	copyFailed: (reason) => `Kopieren fehlgeschlagen: ${reason}`,
	removed: (agent) => `${agent}: kein Session-Brief-Hook mehr in diesem Vault.`,
	stillInstalled: (agent) => `${agent}: Hooks sind noch installiert; siehe die Prüfungen unten.`,
	details: 'Details (der Bericht als Text)',
	close: 'Schließen',
};

export const DOCTOR_TEXT = translations<DoctorStrings>({ en, de });
