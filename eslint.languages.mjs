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

// Every text the plugin shows comes from a table. The rule below catches a literal handed straight to
// the Obsidian and DOM calls that put text in front of the user (a notice, a setting's name, a button,
// a dialog's title, a tooltip, a command's name, an element's text or label). A literal counts when it
// holds a letter: separators like ', ' or '—' and values passed through a variable are not texts it
// can judge. A string that is not a text (a product name, an example value) takes an
// eslint-disable comment that says so.
const LETTER = /\p{L}/u;

/** Whether `node` is, or may evaluate to, a literal with letters in it. */
function literalText(node) {
	if (node === undefined || node === null) return false;
	switch (node.type) {
		case 'Literal':
			return typeof node.value === 'string' && LETTER.test(node.value);
		case 'TemplateLiteral':
			return node.quasis.some((q) => LETTER.test(q.value.cooked ?? ''));
		case 'ConditionalExpression':
			return literalText(node.consequent) || literalText(node.alternate);
		case 'LogicalExpression':
		case 'BinaryExpression':
			return literalText(node.left) || literalText(node.right);
		default:
			return false;
	}
}

const keyName = (p) => (p.type !== 'Property' || p.computed ? null : p.key.type === 'Identifier' ? p.key.name : typeof p.key.value === 'string' ? p.key.value : null);

/** The values of an object literal's properties named in `keys` (all of them when `keys` is null). */
const properties = (node, keys) => (node?.type === 'ObjectExpression' ? node.properties.filter((p) => p.type === 'Property' && (keys === null || keys.has(keyName(p)))).map((p) => p.value) : []);

/** Attributes that a user reads or a screen reader speaks. */
const SPOKEN = new Set(['aria-label', 'title', 'placeholder']);

/** Method name → where its text goes: an argument index, or a function of the arguments. */
const METHODS = {
	setName: [0],
	setDesc: [0],
	setTitle: [0],
	setButtonText: [0],
	setPlaceholder: [0],
	setTooltip: [0],
	setText: [0],
	addOption: [1],
	addOptions: (args) => properties(args[0], null),
	addRibbonIcon: [1],
	addCommand: (args) => properties(args[0], new Set(['name'])),
	registerHoverLinkSource: (args) => properties(args[1], new Set(['display'])),
	setAttr: (args) => (args[0]?.type === 'Literal' && SPOKEN.has(args[0].value) ? [args[1]] : []),
	setAttrs: (args) => properties(args[0], SPOKEN),
};

/** createEl(tag, options), createDiv(options), createSpan(options): the text and the spoken attributes. */
const elementOptions = (options) => [...properties(options, new Set(['text', 'title', 'placeholder'])), ...properties(properties(options, new Set(['attr']))[0], SPOKEN)];
const CREATORS = { createEl: 1, createDiv: 0, createSpan: 0 };

const noUntranslatedText = {
	meta: {
		type: 'problem',
		docs: { description: 'Show the user texts from a translations table, not literals.' },
		schema: [],
		messages: {
			literal:
				'A text shown to the user is written here in one language: put it in a `translations<…>({ en, de })` table (src/plugin/ui-strings.ts and its neighbours) and read it as `TABLE[lang]`. See docs/design.md, "Languages".',
		},
	},
	create(context) {
		const check = (nodes) => {
			for (const node of nodes) if (literalText(node)) context.report({ node, messageId: 'literal' });
		};
		const calleeName = (callee) => (callee.type === 'Identifier' ? callee.name : callee.type === 'MemberExpression' && !callee.computed && callee.property.type === 'Identifier' ? callee.property.name : null);
		return {
			NewExpression(node) {
				if (node.callee.type === 'Identifier' && node.callee.name === 'Notice') check(node.arguments.slice(0, 1));
			},
			CallExpression(node) {
				const name = calleeName(node.callee);
				if (name === null) return;
				const args = node.arguments;
				// The free function setTooltip(el, text), as against a component's setTooltip(text).
				if (name === 'setTooltip' && node.callee.type === 'Identifier') return check(args.slice(1, 2));
				if (Object.hasOwn(CREATORS, name)) return check(elementOptions(args[CREATORS[name]]));
				if (!Object.hasOwn(METHODS, name)) return;
				const where = METHODS[name];
				check(Array.isArray(where) ? where.map((i) => args[i]) : where(args));
			},
		};
	},
};

export const plugin = { rules: { 'no-language-comparison': noLanguageComparison, 'no-untranslated-text': noUntranslatedText } };

export default [
	{
		files: ['src/**/*.ts', 'bridge/**/*.ts', 'main.ts'],
		ignores: ['src/core/i18n.ts'],
		plugins: { languages: plugin },
		rules: { 'languages/no-language-comparison': 'error' },
	},
	{
		// The plugin's interface; the bridge's command-line output is English on purpose (docs/design.md, "Languages").
		files: ['src/plugin/**/*.ts', 'main.ts'],
		plugins: { languages: plugin },
		rules: { 'languages/no-untranslated-text': 'error' },
	},
];
