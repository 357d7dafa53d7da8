/**
 * The rules of what counts as a tag, as a table: one note per case, the tags Obsidian's metadata
 * cache gives for it, and the evidence. Shared by the three paths that must agree (core text
 * path, plugin path through the stand-in, the built bridge). docs/design.md ("What counts as a
 * tag") explains each kind of evidence.
 */

/** Evidence labels; docs/design.md lists the sources behind each. */
export const READBACK = 'read back from Obsidian 1.13.7';
export const MATH_DELIMS = "Obsidian's documented and reported $ rules";
export const CHOICE = 'our choice: errs toward counting';
export const recording = (file: string): string => `recording ${file}`;
export const commonmark = (section: string): string => `CommonMark 0.31 ${section}`;

export interface TagCase {
	name: string;
	note: string;
	/** Body tags in document order, without `#`, as written. */
	tags: string[];
	evidence: string;
}

export const TAG_CASES: TagCase[] = [
	// Math hides tags.
	{ name: 'inline $ math', note: 'm $a #x b$ n', tags: [], evidence: READBACK },
	{ name: 'inline $$ math on one line', note: 'x $$ #x $$ y', tags: [], evidence: READBACK },
	{ name: '$$ block over three lines', note: '$$\n#x\n$$\n#after', tags: ['after'], evidence: READBACK },
	{ name: 'prices: closing $ after a space is none', note: 'costs $5 and $10 #x', tags: ['x'], evidence: MATH_DELIMS },
	{ name: 'space after the opening $', note: 'a $ b #x c$ d', tags: ['x'], evidence: MATH_DELIMS },
	{ name: 'space before the closing $', note: 'a $b #x c $ d', tags: ['x'], evidence: MATH_DELIMS },
	{ name: 'digit right after the closing $', note: 'a $b #x c$5 d', tags: ['x'], evidence: MATH_DELIMS },
	{ name: 'escaped opening \\$', note: 'a \\$b #x c$ d', tags: ['x'], evidence: commonmark('§2.4 backslash escapes') },
	{ name: 'escaped backslash before $ leaves it active', note: 'a \\\\$b #x c$ d', tags: [], evidence: commonmark('§2.4 backslash escapes') },
	{ name: 'escaped $ inside math does not close it', note: 'a $b \\$ #x c$ d', tags: [], evidence: MATH_DELIMS },
	{ name: 'digit right before the opening $', note: 'a 3$b #x c$ d', tags: ['x'], evidence: CHOICE },
	{ name: 'inline math stays on one line', note: 'a $b\n#x\nc$ d', tags: ['x'], evidence: CHOICE },
	{ name: 'tag after closed inline math', note: '$a$ and $b$ #x', tags: ['x'], evidence: MATH_DELIMS },
	{ name: 'tag right after inline math', note: 'a $b$#x', tags: ['x'], evidence: CHOICE },
	{ name: '$$ block broken by a blank line is text', note: '$$\n#x\n\n$$', tags: ['x'], evidence: CHOICE },
	{ name: 'unclosed $$ block is text', note: 'a\n\n$$\n#x', tags: ['x'], evidence: CHOICE },
	{ name: 'one-line $$ display', note: '$$ a #x $$\n#y', tags: ['y'], evidence: READBACK },
	{ name: '$$ block closed by a line ending in $$', note: '$$ a\n#x\nb $$\n#y', tags: ['y'], evidence: MATH_DELIMS },
	{ name: 'code span before math wins', note: '`$a` #x $b`', tags: ['x'], evidence: commonmark('§6.1 code spans') },
	{ name: 'lone dollar', note: 'pay $ #x', tags: ['x'], evidence: MATH_DELIMS },

	// HTML blocks hide tags.
	{ name: 'div block', note: '<div>\nhello #x\n</div>', tags: [], evidence: READBACK },
	{ name: 'one-line p block', note: '<p>x #x</p>', tags: [], evidence: READBACK },
	{ name: 'text after --> on a comment line', note: '<!-- c --> #x', tags: [], evidence: READBACK },
	{ name: 'comment block over lines, text after -->', note: '<!-- c\n#y\n--> #x\n\n#z', tags: ['z'], evidence: commonmark('§4.6 type 2') },
	{ name: 'inline comment inside a line', note: 'a <!-- #y --> #x', tags: ['x'], evidence: recording('comments_html_style.json') },
	{ name: 'inline comment over lines', note: 'z #a <!--\n#y\n--> after #x', tags: ['a', 'x'], evidence: READBACK },
	{ name: 'pre block closed by ```</code></pre>', note: '<pre><code>\n#y\n```</code></pre>\n#x', tags: ['x'], evidence: commonmark('§4.6 type 1') },
	{ name: 'pre block', note: '<pre>\n#y\n</pre>\n#x', tags: ['x'], evidence: commonmark('§4.6 type 1') },
	{ name: 'script block', note: '<script>\nlet a = "#y";\n</script>\n#x', tags: ['x'], evidence: commonmark('§4.6 type 1') },
	{ name: 'style block', note: '<style type="text/css">\n#y {}\n</style> #z\n#x', tags: ['x'], evidence: commonmark('§4.6 type 1') },
	{ name: 'textarea block', note: '<TEXTAREA>\n#y\n</textarea>\n#x', tags: ['x'], evidence: commonmark('§4.6 type 1') },
	{ name: 'div block ends at a blank line', note: '<div>\n#y\n\n#x', tags: ['x'], evidence: commonmark('§4.6 type 6') },
	{ name: 'div block runs past </div> to the blank line', note: '<div>\n#y\n</div>\n#z\n\n#x', tags: ['x'], evidence: commonmark('§4.6 type 6') },
	{ name: 'upper-case block tag', note: '<DIV class="a">\n#y\n\n#x', tags: ['x'], evidence: commonmark('§4.6 type 6') },
	{ name: 'closing block tag starts a block', note: '</div>\n#y\n\n#x', tags: ['x'], evidence: commonmark('§4.6 type 6') },
	{ name: 'block tag interrupts a paragraph', note: 'para #a\n<div>\n#y\n\n#x', tags: ['a', 'x'], evidence: commonmark('§4.6 type 6') },
	{ name: 'lone custom tag is a block', note: '<custom-tag>\n#y\n\n#x', tags: ['x'], evidence: commonmark('§4.6 type 7') },
	{ name: 'lone span cannot interrupt a paragraph', note: 'para\n<span>\n#x', tags: ['x'], evidence: commonmark('§4.6 type 7') },
	{ name: 'processing instruction block', note: '<?php #y\n?>\n#x', tags: ['x'], evidence: commonmark('§4.6 type 3') },
	{ name: 'declaration block', note: '<!DOCTYPE #y>\n#x', tags: ['x'], evidence: commonmark('§4.6 type 4') },
	{ name: 'CDATA block', note: '<![CDATA[ #y\n]]>\n#x', tags: ['x'], evidence: commonmark('§4.6 type 5') },
	{ name: 'four-space indent is no HTML block', note: '    <div>\n#x', tags: ['x'], evidence: commonmark('§4.6') },
	{ name: 'fence line inside an HTML block opens nothing', note: '<div>\n```\n#y\n\n#x', tags: ['x'], evidence: commonmark('§4.6') },
	{ name: 'fence line inside pre opens nothing', note: '<pre>\n```\n</pre>\n#x', tags: ['x'], evidence: commonmark('§4.6') },
	{ name: 'HTML block inside a block quote is read as text', note: '> <div>\n> #x', tags: ['x'], evidence: CHOICE },
	{ name: 'inline span keeps its text', note: 'text <span>#x</span>', tags: ['x'], evidence: CHOICE },
	{ name: 'attributes of inline HTML are no text', note: 'a <span title=" #y">b</span> #x', tags: ['x'], evidence: commonmark('§6.6 raw HTML') },
	{ name: 'br between tag and link', note: '- [ ] #x<br>[[#heading]]', tags: ['x'], evidence: recording('internal_heading_links.json') },

	// Tag boundaries.
	{ name: 'tag right after a tag', note: '#a#x', tags: ['a', 'x'], evidence: READBACK },
	{ name: 'tag after a tag ending in a slash', note: '#a/#x', tags: ['a/', 'x'], evidence: `${READBACK} (two tags); the body keeps "/" as written` },
	{ name: 'underscore emphasis', note: 'x _#x_ y', tags: ['x'], evidence: READBACK },
	{ name: 'underscore inside a word', note: 'snake_case_#x', tags: ['x'], evidence: READBACK },
	{ name: 'underscore inside a tag', note: '#x_y and #z_ end', tags: ['x_y', 'z_'], evidence: 'Obsidian help, Tags: underscores are allowed' },
	{ name: 'table cell without padding', note: '|a|b|\n|-|-|\n|#x|y|', tags: ['x'], evidence: READBACK },
	{ name: 'parenthesis blocks', note: '(#x)', tags: [], evidence: READBACK },
	{ name: 'quote blocks', note: '"#x"', tags: [], evidence: READBACK },
	{ name: 'full stop blocks', note: '.#x', tags: [], evidence: READBACK },
	{ name: 'em dash blocks', note: 'x\u2014#x', tags: [], evidence: READBACK },
	{ name: 'tab before', note: '\t#x', tags: ['x'], evidence: READBACK },
	{ name: 'NBSP before', note: 'a\u00a0#x', tags: ['x'], evidence: READBACK },
	{ name: 'ideographic space before', note: 'a\u3000#x', tags: ['x'], evidence: READBACK },
	{ name: 'inside brackets', note: '[y #x]', tags: ['x'], evidence: READBACK },
	{ name: 'link text', note: '[Discord #x](https://x.y)', tags: ['x'], evidence: READBACK },
	{ name: 'reference link text', note: '[t #x][ref]', tags: ['x'], evidence: READBACK },
	{ name: 'closing fence carries no info string', note: '```markdown\n```typescript\nx #y\n```\nprose #x\n```\ncode #z\n```', tags: ['x'], evidence: READBACK },
	{ name: 'a quoted fence line does not close a fence opened outside the quote', note: '```\n#y\n> ```\n#z\n```\n#x', tags: ['x'], evidence: commonmark('§4.5 fences, §5.1 block quotes') },
	{ name: 'alias pipe of a wikilink blocks', note: '[[note|#x]]', tags: [], evidence: recording('link_in_task_wikilink.json') },
	{ name: 'escaped bracket before', note: '\\[\\[#x', tags: ['x'], evidence: recording('internal_heading_links.json') },
	{ name: 'percent comment', note: '%% #x %%', tags: ['x'], evidence: recording('comments_markdown_style.json') },
	{ name: 'code span', note: '`#y` #x', tags: ['x'], evidence: commonmark('§6.1 code spans') },
	{ name: 'letter before', note: 'a#x', tags: [], evidence: READBACK },
	{ name: 'digits only', note: '#123 #1x', tags: ['1x'], evidence: 'Obsidian help, Tags: at least one non-numerical character' },
	{ name: 'bold markers', note: '**#x**', tags: ['x'], evidence: CHOICE },
	{ name: 'strikethrough markers', note: '~~#x~~', tags: ['x'], evidence: CHOICE },
	{ name: 'highlight markers', note: '==#x==', tags: ['x'], evidence: CHOICE },
	{ name: 'pipe outside a table', note: 'a|#x', tags: ['x'], evidence: CHOICE },
	{ name: 'heading text', note: '# Title #x', tags: ['x'], evidence: commonmark('§4.2 heading content is inline text') },
];
