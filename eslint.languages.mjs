// One translation style (docs/design.md, "Languages"): a text is picked by indexing a table with the
// language (`TEXT[lang]`), never by comparing the language with a literal (`lang === 'de' ? … : …`),
// so every text sits in a table where a missing language is a type error. src/core/i18n.ts, which
// defines the languages, is the one place that may name them in a comparison.
const LANGUAGES = new Set(['en', 'de']);

const isLanguageLiteral = (node) => node.type === 'Literal' && LANGUAGES.has(node.value);

const noLanguageComparison = {
	meta: {
		type: 'problem',
		docs: { description: 'Pick a text from a translations table instead of comparing the language with a literal.' },
		schema: [],
		messages: {
			compare:
				'Compared the language with {{ literal }}: put the texts in a `translations<…>({ en, de })` table and read it as `TABLE[lang]` (src/core/i18n.ts). See docs/design.md, "Languages".',
		},
	},
	create(context) {
		const check = (node, other) => context.report({ node, messageId: 'compare', data: { literal: JSON.stringify(other.value) } });
		return {
			BinaryExpression(node) {
				if (!['===', '!==', '==', '!='].includes(node.operator)) return;
				if (isLanguageLiteral(node.right)) check(node, node.right);
				else if (isLanguageLiteral(node.left)) check(node, node.left);
			},
			SwitchCase(node) {
				if (node.test !== null && isLanguageLiteral(node.test)) check(node, node.test);
			},
		};
	},
};

export const plugin = { rules: { 'no-language-comparison': noLanguageComparison } };

export default [
	{
		files: ['src/**/*.ts', 'bridge/**/*.ts', 'main.ts'],
		ignores: ['src/core/i18n.ts'],
		plugins: { languages: plugin },
		rules: { 'languages/no-language-comparison': 'error' },
	},
];
