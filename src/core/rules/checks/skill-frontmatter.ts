/**
 * `skill-frontmatter`: `.claude/skills/<folder>/SKILL.md` needs a `name` of lowercase letters,
 * digits and hyphens, at most 64 characters, equal to its folder, and a `description` of 1 to
 * 1,024 characters: Claude Code picks a skill by its description and calls it by its name.
 */
import { reporter, type Finding, type RuleCheck } from '../types';
import { quoteAlways } from '../../quote';
import { translations } from '../../i18n';

const SKILL_FILE = /^\.claude\/skills\/([^/]+)\/SKILL\.md$/;
const SKILL_NAME = /^[a-z0-9-]+$/;
const MAX_NAME = 64;
const MAX_DESCRIPTION = 1024;

interface SkillFrontmatterText {
	noFrontmatter: (folder: string) => string;
	noName: (folder: string) => string;
	badName: (name: string) => string;
	nameNotFolder: (name: string, folder: string) => string;
	noDescription: string;
	longDescription: (length: number) => string;
}

export const SKILL_FRONTMATTER_TEXT = translations<SkillFrontmatterText>({
	en: {
		noFrontmatter: (folder) => `SKILL.md has no frontmatter. Start it with ---, name: ${folder}, description: <when to use this skill>, ---.`,
		noName: (folder) => `Skill has no name. Add "name: ${folder}".`,
		badName: (name) => `Skill name ${quoteAlways(name)} is invalid: use only lowercase letters, digits and hyphens, at most ${MAX_NAME} characters.`,
		nameNotFolder: (name, folder) => `Skill name ${quoteAlways(name)} differs from its folder ${quoteAlways(folder)}. Rename one so both are equal.`,
		noDescription: 'Skill has no description. Add "description:" saying what the skill does and when to use it; Claude Code picks skills by it.',
		longDescription: (length) => `Skill description has ${length} characters, over the limit of ${MAX_DESCRIPTION}. Shorten it.`,
	},
	de: {
		noFrontmatter: (folder) => `SKILL.md hat kein Frontmatter. Mit ---, name: ${folder}, description: <wann der Skill passt>, --- beginnen.`,
		noName: (folder) => `Skill hat keinen Namen. "name: ${folder}" ergänzen.`,
		badName: (name) => `Skill-Name ${quoteAlways(name)} ist ungültig: nur Kleinbuchstaben, Ziffern und Bindestriche, höchstens ${MAX_NAME} Zeichen.`,
		nameNotFolder: (name, folder) => `Skill-Name ${quoteAlways(name)} weicht vom Ordner ${quoteAlways(folder)} ab. Eines umbenennen, damit beide gleich sind.`,
		noDescription: 'Skill hat keine Beschreibung. "description:" ergänzen: was der Skill tut und wann er passt; danach wählt Claude Code Skills aus.',
		longDescription: (length) => `Skill-Beschreibung hat ${length} Zeichen, mehr als erlaubte ${MAX_DESCRIPTION}. Kürzen.`,
	},
});

export const skillFrontmatterCheck: RuleCheck = {
	id: 'skill-frontmatter',
	severity: 'error',
	explain: {
		en: 'A skill needs frontmatter with `name` (lowercase letters, digits, hyphens, at most 64, equal to its folder) and `description` (1 to 1,024 characters), or Claude Code cannot pick it.',
		de: 'Ein Skill braucht Frontmatter mit `name` (Kleinbuchstaben, Ziffern, Bindestriche, höchstens 64, gleich dem Ordnernamen) und `description` (1 bis 1.024 Zeichen), sonst kann Claude Code ihn nicht wählen.',
	},
	run(ctx) {
		const found = reporter(skillFrontmatterCheck);
		const t = SKILL_FRONTMATTER_TEXT[ctx.lang];
		const findings: Finding[] = [];
		for (const file of ctx.files) {
			const folder = SKILL_FILE.exec(file.path)?.[1];
			if (folder === undefined) continue;
			const fm = ctx.frontmatter(file);
			// Broken or unclosed frontmatter is the frontmatter check's finding; one report is enough.
			if (fm.state === 'broken' || fm.state === 'unclosed') continue;
			if (fm.state === 'none') {
				const message = t.noFrontmatter(folder);
				findings.push(found(file.path, 1, message));
				continue;
			}
			const name = fm.data.name;
			const nameLine = fm.keyLine('name');
			if (typeof name !== 'string' || name.trim() === '') {
				findings.push(found(file.path, nameLine, t.noName(folder)));
			} else if (!SKILL_NAME.test(name) || name.length > MAX_NAME) {
				const message = t.badName(name);
				findings.push(found(file.path, nameLine, message));
			} else if (name !== folder) {
				const message = t.nameNotFolder(name, folder);
				findings.push(found(file.path, nameLine, message));
			}
			const description = fm.data.description;
			const descriptionLine = fm.keyLine('description');
			if (typeof description !== 'string' || description.trim() === '') {
				const message = t.noDescription;
				findings.push(found(file.path, descriptionLine, message));
			} else if (description.length > MAX_DESCRIPTION) {
				const message = t.longDescription(description.length);
				findings.push(found(file.path, descriptionLine, message));
			}
		}
		return findings;
	},
};
