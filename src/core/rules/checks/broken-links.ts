/**
 * `broken-link`: wikilinks, embeds and markdown links to files that do not exist. A wikilink is
 * Obsidian's: a note in a dot folder (`.claude/`) is none to Obsidian, so a wikilink to it is broken.
 * A markdown link is a path the agent follows, so it may point into `.claude/` (docs/obsidian-readings.md).
 */
import { extractLinks } from '../links';
import { reporter, type Finding, type RuleCheck } from '../types';
import { quoteAlways } from '../../quote';
import { translations } from '../../i18n';

interface BrokenLinksText {
	broken: (raw: string, linkpath: string) => string;
	dotFolder: (raw: string, linkpath: string) => string;
}

export const BROKEN_LINKS_TEXT = translations<BrokenLinksText>({
	en: {
		broken: (raw, linkpath) => `${raw} points to ${quoteAlways(linkpath)}, which does not exist in the vault. Fix the name or create the note.`,
		dotFolder: (raw, linkpath) =>
			`${raw} points to ${quoteAlways(linkpath)}, which exists only in a dot folder such as .claude: Obsidian does not index dot folders, so this link is broken in Obsidian. For the agent, link it with a markdown link to its path (such as [reviewer](.claude/agents/reviewer.md)); for Obsidian, move the note out of the dot folder.`,
	},
	de: {
		broken: (raw, linkpath) => `${raw} zeigt auf ${quoteAlways(linkpath)}, das es im Vault nicht gibt. Namen korrigieren oder die Notiz anlegen.`,
		dotFolder: (raw, linkpath) =>
			`${raw} zeigt auf ${quoteAlways(linkpath)}, das es nur in einem Punkt-Ordner wie .claude gibt: Obsidian indexiert keine Punkt-Ordner, in Obsidian ist der Link also kaputt. Für den Agenten mit einem Markdown-Link auf ihren Pfad verlinken (etwa [reviewer](.claude/agents/reviewer.md)); für Obsidian die Notiz aus dem Punkt-Ordner verschieben.`,
	},
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
			const fm = ctx.frontmatter(file);
			for (const link of extractLinks(file, !(fm.state === 'broken' && fm.notMapping === true))) {
				const t = BROKEN_LINKS_TEXT[ctx.lang];
				let message = t.broken(link.raw, link.linkpath);
				if (link.wiki) {
					if (ctx.resolveIndexedLink(link.linkpath, file.path)) continue;
					if (ctx.resolveLink(link.linkpath, file.path)) message = t.dotFolder(link.raw, link.linkpath);
				} else if (ctx.resolveLink(link.linkpath, file.path)) continue;
				findings.push(found(file.path, link.line, message));
			}
		}
		return findings;
	},
};
