/**
 * *Check agent hooks* as a dialog: one row per doctor check, with its fix as a button where the
 * plugin can help (Obsidian has no public API to open a file outside the vault, so such a path is
 * offered to copy). The text report stays behind *Details*.
 */
import { Modal, Notice, Setting, setIcon, type App } from 'obsidian';
import type { DoctorReport } from '../../node/hosts/doctor/doctor-report';

type Check = DoctorReport['checks'][number];
type CheckStatus = Check['status'];
import type { DoctorStrings } from './doctor-strings';

const ICON: Record<CheckStatus, string> = { ok: 'check-circle', warn: 'alert-triangle', fail: 'x-circle', info: 'info' };

/** What the plugin can do for a fix. */
export interface DoctorActions {
	/** The install dialog, as the command opens it. */
	install: () => void;
	/** Absolute path of a vault-relative one. */
	absolute: (vaultPath: string) => string;
}

/** A settings or config file a check names (absolute, or vault-relative in a dot folder), or null. */
export function namedFile(check: Check): string | null {
	const text = `${check.message} ${check.fix ?? ''}`;
	const m = /(?:[A-Za-z]:\\|\/|\.[\w-]+\/)[^\s()"'`,;]*?\.(?:json|toml)\b/.exec(text);
	return m?.[0] ?? null;
}

type FixAction = { kind: 'install' } | { kind: 'file'; file: string } | { kind: 'copy' };

/** The button a check's fix gets, if the plugin can do it. */
export function fixAction(check: Check): FixAction | null {
	if (check.status === 'ok' || check.fix === undefined) return null;
	// A fix worded as the bridge prints it, or as the runnable command.
	if (/\bRun "install"|"Install agent hooks"|\bsession-brief(?:\.cjs)? install\b/.test(check.fix) || / install --vault /.test(check.command ?? '')) return { kind: 'install' };
	if (check.id === 'trust') return { kind: 'copy' };
	const file = namedFile(check);
	return file === null ? null : { kind: 'file', file };
}

function baseName(file: string): string {
	return file.slice(Math.max(file.lastIndexOf('/'), file.lastIndexOf('\\')) + 1);
}

/** After a removal: doctor still finds this vault's hook entry or a hook registered for it. */
function stillInstalled(report: DoctorReport): boolean {
	return report.checks.some((c) => (c.id === 'script' || c.id === 'registration') && c.status === 'ok');
}

export class DoctorModal extends Modal {
	constructor(
		app: App,
		private readonly t: DoctorStrings,
		private readonly agentName: string,
		private readonly report: DoctorReport,
		private readonly text: string,
		private readonly actions: DoctorActions,
		/** Checked after *Remove agent hooks*: the verdict says whether the hooks are gone. */
		private readonly removal = false,
	) {
		super(app);
	}

	onOpen(): void {
		const { t, report } = this;
		const warned = report.checks.some((c) => c.status === 'warn');
		this.setTitle(this.removal ? (stillInstalled(report) ? t.stillInstalled(this.agentName) : t.removed(this.agentName)) : !report.ok ? t.failed(this.agentName) : warned ? t.warned(this.agentName) : t.ok(this.agentName));
		const el = this.contentEl;
		el.addClass('session-brief-doctor');
		const list = el.createDiv({ cls: 'session-brief-doctor-checks' });
		for (const check of report.checks) this.row(list, check);
		const details = el.createEl('details', { cls: 'session-brief-doctor-details' });
		details.createEl('summary', { text: t.details });
		details.createEl('pre', { cls: 'session-brief-output', text: this.text });
		new Setting(el).addButton((b) => b.setButtonText(t.close).onClick(() => this.close()));
	}

	private row(list: HTMLElement, check: Check): void {
		const { t } = this;
		const row = list.createDiv({ cls: `session-brief-doctor-check mod-${check.status}` });
		row.dataset.id = check.id;
		row.dataset.status = check.status;
		const icon = row.createSpan({ cls: 'session-brief-doctor-icon', attr: { 'aria-label': t.status[check.status] } });
		setIcon(icon, ICON[check.status]);
		const body = row.createDiv({ cls: 'session-brief-doctor-body' });
		body.createDiv({ cls: 'session-brief-doctor-message', text: check.message });
		if (check.fix !== undefined && check.status !== 'ok') {
			const fix = body.createDiv({ cls: 'session-brief-doctor-fix' });
			fix.createSpan({ cls: 'session-brief-doctor-fix-label', text: `${t.fix} ` });
			fix.createSpan({ text: check.fix });
			// A fix worded as a sentence still gets its command, to copy as printed.
			if (check.command !== undefined && check.command !== check.fix) body.createEl('code', { cls: 'session-brief-doctor-command', text: check.command });
		}
		const action = fixAction(check);
		if (action === null) return;
		const button = body.createEl('button', { cls: 'session-brief-doctor-action' });
		if (action.kind === 'install') {
			button.setText(t.install);
			button.addEventListener('click', () => {
				this.close();
				this.actions.install();
			});
		} else {
			button.setText(action.kind === 'copy' ? t.copyFix : t.copyPath(baseName(action.file)));
			const text = action.kind === 'copy' ? (check.fix ?? '') : /^(?:[A-Za-z]:\\|\/)/.test(action.file) ? action.file : this.actions.absolute(action.file);
			button.addEventListener('click', () => {
				void navigator.clipboard.writeText(text).then(
					() => new Notice(t.copied),
					(error: unknown) => new Notice(t.copyFailed(error instanceof Error ? error.message : String(error))),
				);
			});
		}
	}

	onClose(): void {
		this.contentEl.empty();
	}
}
