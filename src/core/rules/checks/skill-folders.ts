/** `skill-file`: a folder directly under `.claude/skills/` without a file named exactly `SKILL.md`. */
import { reporter, type Finding, type RuleCheck } from '../types';
import { quoteAlways } from '../../quote';
import { translations } from '../../i18n';

const SKILLS = '.claude/skills/';

interface SkillFoldersText {
	wrongCase: (folder: string, file: string) => string;
	missing: (folder: string) => string;
}

export const SKILL_FOLDERS_TEXT = translations<SkillFoldersText>({
	en: {
		wrongCase: (folder, file) => `Skill folder ${quoteAlways(folder)} has ${quoteAlways(file)} but Claude Code looks for "SKILL.md" exactly. Rename the file.`,
		missing: (folder) => `Skill folder ${quoteAlways(folder)} has no SKILL.md, so Claude Code does not load it. Add .claude/skills/${folder}/SKILL.md.`,
	},
	de: {
		wrongCase: (folder, file) => `Der Skill-Ordner ${quoteAlways(folder)} hat ${quoteAlways(file)}, Claude Code sucht aber genau "SKILL.md". Datei umbenennen.`,
		missing: (folder) => `Der Skill-Ordner ${quoteAlways(folder)} hat keine SKILL.md, Claude Code lädt ihn nicht. .claude/skills/${folder}/SKILL.md anlegen.`,
	},
});

export const skillFoldersCheck: RuleCheck = {
	id: 'skill-file',
	severity: 'error',
	explain: {
		en: 'Claude Code loads a skill only from `.claude/skills/<name>/SKILL.md`, spelled in capitals. Add or rename the file.',
		de: 'Claude Code lädt einen Skill nur aus `.claude/skills/<name>/SKILL.md`, in Großbuchstaben geschrieben. Datei anlegen oder umbenennen.',
	},
	run(ctx) {
		const found = reporter(skillFoldersCheck);
		// Folders are known from the files in them; an empty folder is no skill and no finding.
		const folders = new Map<string, string[]>();
		for (const path of ctx.input.targets) {
			if (!path.startsWith(SKILLS)) continue;
			const rest = path.slice(SKILLS.length);
			const slash = rest.indexOf('/');
			if (slash <= 0) continue;
			const folder = rest.slice(0, slash);
			const inside = folders.get(folder) ?? [];
			if (slash === rest.lastIndexOf('/')) inside.push(rest.slice(slash + 1));
			folders.set(folder, inside);
		}
		const findings: Finding[] = [];
		for (const [folder, names] of [...folders].sort(([a], [b]) => a.localeCompare(b))) {
			if (names.includes('SKILL.md')) continue;
			const wrongCase = names.find((n) => n.toLowerCase() === 'skill.md');
			const t = SKILL_FOLDERS_TEXT[ctx.lang];
			const message = wrongCase !== undefined ? t.wrongCase(folder, wrongCase) : t.missing(folder);
			findings.push(found(`${SKILLS}${folder}${wrongCase === undefined ? '' : `/${wrongCase}`}`, 0, message));
		}
		return findings;
	},
};
