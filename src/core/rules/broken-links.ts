/** `broken-link`: wikilinks, embeds and markdown links to files that do not exist. */
import { extractLinks } from './links';
import { reporter, type Finding, type RuleCheck } from './types';
import { quoteAlways } from '../quote';
import { translations } from '../i18n';

interface BrokenLinksText {
	broken: (raw: string, linkpath: string) => string;
}

export const BROKEN_LINKS_TEXT = translations<BrokenLinksText>({
	en: { broken: (raw, linkpath) => `${raw} points to ${quoteAlways(linkpath)}, which does not exist in the vault. Fix the name or create the note.` },
	de: { broken: (raw, linkpath) => `${raw} zeigt auf ${quoteAlways(linkpath)}, das es im Vault nicht gibt. Namen korrigieren oder die Notiz anlegen.` },
});

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
				const message = BROKEN_LINKS_TEXT[ctx.lang].broken(link.raw, link.linkpath);
				findings.push(found(file.path, link.line, message));
			}
		}
		return findings;
	},
};
