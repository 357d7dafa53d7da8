/** `broken-link`: wikilinks, embeds and markdown links to files that do not exist. */
import { extractLinks } from './links';
import { reporter, type Finding, type RuleCheck } from './types';
import { quoteAlways } from '../quote';

export const brokenLinksCheck: RuleCheck = {
	id: 'broken-link',
	severity: 'error',
	explain: {
		en: 'A link or embed points to a note or file that does not exist, so the agent follows it into nothing. Fix the name, or create the note.',
		de: 'Ein Link oder eine Einbettung zeigt auf eine Notiz oder Datei, die es nicht gibt; der Agent läuft ins Leere. Namen korrigieren oder die Notiz anlegen.',
	},
	run(ctx) {
		const found = reporter(brokenLinksCheck);
		const findings: Finding[] = [];
		for (const file of ctx.files) {
			if (!file.path.toLowerCase().endsWith('.md')) continue;
			for (const link of extractLinks(file)) {
				if (ctx.resolveLink(link.linkpath, file.path)) continue;
				const message = ctx.say(
					`${link.raw} points to ${quoteAlways(link.linkpath)}, which does not exist in the vault. Fix the name or create the note.`,
					`${link.raw} zeigt auf ${quoteAlways(link.linkpath)}, das es im Vault nicht gibt. Namen korrigieren oder die Notiz anlegen.`,
				);
				findings.push(found(file.path, link.line, message));
			}
		}
		return findings;
	},
};
