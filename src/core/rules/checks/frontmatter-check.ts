/** `frontmatter`: a `---` block that never closes or whose YAML does not parse. */
import { translations } from '../../i18n';
import { reporter, type Finding, type RuleCheck } from '../types';

interface FrontmatterText {
	unclosed: string;
	broken: (message: string) => string;
}

export const FRONTMATTER_TEXT = translations<FrontmatterText>({
	en: {
		unclosed: 'Frontmatter opens with `---` but has no closing `---` line, so none of it counts. Add the closing line.',
		broken: (message) => `Frontmatter is not valid YAML: ${message}.`,
	},
	de: {
		unclosed: 'Frontmatter beginnt mit `---`, hat aber keine Schlusszeile `---` und zählt deshalb nicht. Schlusszeile ergänzen.',
		broken: (message) => `Frontmatter ist kein gültiges YAML: ${message}.`,
	},
});

export const frontmatterCheck: RuleCheck = {
	id: 'frontmatter',
	severity: 'error',
	explain: {
		en: 'Frontmatter that never closes or is not valid YAML is ignored by Obsidian and Claude Code alike. Close it with a `---` line and fix the YAML at the reported line.',
		de: 'Frontmatter ohne Schlusszeile oder mit ungültigem YAML ignorieren Obsidian und Claude Code. Mit einer `---`-Zeile schließen und das YAML in der gemeldeten Zeile reparieren.',
	},
	run(ctx) {
		const found = reporter(frontmatterCheck);
		const findings: Finding[] = [];
		for (const file of ctx.files) {
			if (!file.path.toLowerCase().endsWith('.md')) continue;
			const fm = ctx.frontmatter(file);
			if (fm.state === 'unclosed') {
				const message = FRONTMATTER_TEXT[ctx.lang].unclosed;
				findings.push(found(file.path, 1, message));
			} else if (fm.state === 'broken') {
				const message = FRONTMATTER_TEXT[ctx.lang].broken(fm.message);
				findings.push(found(file.path, fm.line, message));
			}
		}
		return findings;
	},
};
