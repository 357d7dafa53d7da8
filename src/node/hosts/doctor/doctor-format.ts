/** `doctor`'s report as the terminal and the plugin's notice show it. */
import { hostOf } from '../../../core/hosts/agent-contracts';
import type { CheckStatus, DoctorReport } from './doctor-report';

const MARK: Record<CheckStatus, string> = { ok: 'ok  ', warn: 'WARN', fail: 'FAIL', info: 'note' };

export function formatDoctor(report: DoctorReport): string {
	const lines = [`Session Brief doctor: ${hostOf(report.agent).name}, vault ${report.vault}`];
	for (const c of report.checks) {
		lines.push(`[${MARK[c.status]}] ${c.message}`);
		if (c.fix !== undefined && c.status !== 'ok') lines.push(`       Fix: ${c.fix}`);
		if (c.command !== undefined && c.command !== c.fix && c.status !== 'ok') lines.push(`       Run: ${c.command}`);
	}
	const warned = report.checks.some((c) => c.status === 'warn');
	lines.push(!report.ok ? 'Problems found; see FAIL above.' : warned ? 'Nothing failed, but see WARN above: the brief may not arrive until that is done.' : 'No problem found.');
	return lines.join('\n');
}
