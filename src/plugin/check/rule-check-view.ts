/**
 * The *Rule check* view: the summary line of the last run and one row per finding
 * (severity, check id, path:line, message). A click opens the file at the line; files in dot
 * folders (`.claude/…`) are not in Obsidian's vault, so their rows say where they are instead.
 */
import { ItemView, Keymap, setIcon, type TFile, type WorkspaceLeaf } from 'obsidian';
import type { Finding } from '../../core/rules/types';
import { REPORT_TEXT } from '../../core/rules/report-text';
import { CHANGED } from '../index/brief-service';
import { closestTo } from '../sidebar/dom-events';
import type { RuleCheckReport, RuleCheckRunner } from './rule-check-runner';
import { uiStrings } from '../ui-strings';
import type { Lang } from '../../core/i18n';

export const VIEW_TYPE_RULE_CHECK = 'session-brief-rule-check';
export const RULE_CHECK_ICON = 'shield-check';

export class RuleCheckView extends ItemView {
	private listEl!: HTMLElement;
	private summaryEl!: HTMLElement;
	/** The rows' findings by position, so one click listener serves every row. */
	private shown: Finding[] = [];

	constructor(
		leaf: WorkspaceLeaf,
		private readonly runner: RuleCheckRunner,
		private readonly lang: () => Lang,
		private readonly runAgain: () => Promise<void>,
	) {
		super(leaf);
	}

	getViewType(): string {
		return VIEW_TYPE_RULE_CHECK;
	}

	getDisplayText(): string {
		return uiStrings(this.lang()).ruleCheck.viewTitle;
	}

	getIcon(): string {
		return RULE_CHECK_ICON;
	}

	async onOpen(): Promise<void> {
		const root = this.contentEl;
		root.empty();
		root.addClass('session-brief-view', 'session-brief-rule-check');
		const s = uiStrings(this.lang()).ruleCheck;
		const toolbar = root.createDiv({ cls: 'session-brief-toolbar' });
		this.summaryEl = toolbar.createDiv({ cls: 'session-brief-rule-summary' });
		const again = toolbar.createDiv({ cls: 'clickable-icon session-brief-run-again', attr: { 'aria-label': s.runAgain } });
		setIcon(again, 'refresh-cw');
		this.registerDomEvent(again, 'click', () => void this.runAgain());
		this.listEl = root.createDiv({ cls: 'session-brief-findings' });
		this.registerDomEvent(this.listEl, 'click', (evt) => void this.onClick(evt));
		this.registerEvent(this.runner.on(CHANGED, () => this.render()));
		this.render();
	}

	async onClose(): Promise<void> {
		this.contentEl.empty();
	}

	render(): void {
		if (this.listEl === undefined) return;
		const s = uiStrings(this.lang()).ruleCheck;
		const report = this.runner.last;
		this.listEl.empty();
		this.shown = report?.findings ?? [];
		this.summaryEl.setText(report?.summary ?? '');
		this.summaryEl.toggleClass('mod-warning', this.shown.length > 0);
		if (report === null) {
			this.listEl.createDiv({ cls: 'session-brief-empty', text: s.notRun });
			return;
		}
		this.shown.forEach((finding, i) => this.renderFinding(finding, i));
		if (this.shown.length === 0) this.renderNothingFound(report);
		if (report.external === 'skipped') this.listEl.createDiv({ cls: 'session-brief-empty', text: s.externalSkipped });
	}

	/** What was checked, when nothing was found: the files in scope, the scope's patterns, the checks. */
	private renderNothingFound(report: RuleCheckReport): void {
		const s = uiStrings(this.lang()).ruleCheck;
		const box = this.listEl.createDiv({ cls: 'session-brief-empty session-brief-rule-nothing' });
		const head = box.createDiv({ cls: 'session-brief-rule-nothing-head' });
		setIcon(head.createSpan({ cls: 'session-brief-rule-nothing-icon' }), 'check-circle');
		head.createSpan({ text: s.nothingFound(report.targets, report.checksRun.length) });
		box.createDiv({ cls: 'session-brief-rule-nothing-label', text: s.scopeHead });
		const scope = box.createEl('ul', { cls: 'session-brief-rule-nothing-list' });
		for (const pattern of report.scope) scope.createEl('li').createEl('code', { text: pattern });
		box.createDiv({ cls: 'session-brief-rule-nothing-label', text: s.checksHead });
		box.createDiv({ cls: 'session-brief-rule-nothing-checks', text: report.checksRun.join(', ') });
	}

	private renderFinding(f: Finding, index: number): void {
		const s = uiStrings(this.lang()).ruleCheck;
		const file = this.file(f);
		const row = this.listEl.createDiv({ cls: 'session-brief-finding tree-item-self' });
		row.dataset.index = String(index);
		row.dataset.severity = f.severity;
		row.toggleClass('is-clickable', file !== null);
		const head = row.createDiv({ cls: 'session-brief-finding-head' });
		head.createSpan({ cls: `session-brief-severity mod-${f.severity}`, text: REPORT_TEXT[this.lang()].severity[f.severity] });
		head.createSpan({ cls: 'session-brief-check-id', text: f.check });
		if (f.path !== '') head.createSpan({ cls: 'session-brief-finding-where', text: f.line > 0 ? `${f.path}:${f.line}` : f.path });
		row.createDiv({ cls: 'session-brief-finding-message', text: f.message });
		for (const d of f.detail ?? []) row.createDiv({ cls: 'session-brief-finding-detail', text: d });
		if (file === null && f.path !== '') row.setAttr('aria-label', s.notInVault);
	}

	/** The finding's file as Obsidian knows it; null for `.claude/…` files and findings about no file. */
	private file(f: Finding): TFile | null {
		return f.path === '' ? null : this.app.vault.getFileByPath(f.path);
	}

	private async onClick(evt: MouseEvent): Promise<void> {
		const el = closestTo<HTMLElement>(evt, '.session-brief-finding');
		const finding = this.shown[Number(el?.dataset.index ?? -1)];
		const file = finding === undefined ? null : this.file(finding);
		if (finding === undefined || file === null) return;
		// The editor counts lines from 0, findings from 1 (as editors and CI logs show them).
		const eState = finding.line > 0 ? { line: finding.line - 1 } : {};
		await this.app.workspace.getLeaf(Keymap.isModEvent(evt)).openFile(file, { active: true, eState });
	}
}
