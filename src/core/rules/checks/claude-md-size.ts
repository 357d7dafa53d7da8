/** `claude-md-size`: a root `CLAUDE.md` over Claude Code's own warning threshold. */
import { translations } from '../../i18n';
import { reporter, type RuleCheck } from '../types';

/** Claude Code warns about a CLAUDE.md above this many characters. */
export const CLAUDE_MD_MAX_CHARS = 40_000;

interface ClaudeMdSizeText {
	tooLong: (chars: number) => string;
}

export const CLAUDE_MD_SIZE_TEXT = translations<ClaudeMdSizeText>({
	en: { tooLong: (n) => `CLAUDE.md has ${n} characters, over the ${CLAUDE_MD_MAX_CHARS} at which Claude Code warns. Move detail into imported rule files or skills.` },
	de: { tooLong: (n) => `CLAUDE.md hat ${n} Zeichen, mehr als die ${CLAUDE_MD_MAX_CHARS}, ab denen Claude Code warnt. Details in importierte Regeldateien oder Skills auslagern.` },
});

export const claudeMdSizeCheck: RuleCheck = {
	id: 'claude-md-size',
	severity: 'warning',
	explain: {
		en: 'CLAUDE.md is loaded into every session; above 40,000 characters Claude Code warns that it hurts performance. Move detail into imported rule files or skills.',
		de: 'CLAUDE.md wird in jede Sitzung geladen; über 40.000 Zeichen warnt Claude Code vor Leistungseinbußen. Details in importierte Regeldateien oder Skills auslagern.',
	},
	run(ctx) {
		const file = ctx.files.find((f) => f.path === 'CLAUDE.md');
		if (file === undefined || file.text.length <= CLAUDE_MD_MAX_CHARS) return [];
		const n = file.text.length;
		return [
			reporter(claudeMdSizeCheck)(
				file.path,
				0,
				CLAUDE_MD_SIZE_TEXT[ctx.lang].tooLong(n),
			),
		];
	},
};
