/**
 * Blanks out the parts of a note body where Obsidian indexes no tags: fenced code (``` and ~~~,
 * CommonMark fence rules, an unclosed fence runs to the end), inline code spans and HTML comments.
 * Masked characters become spaces so columns and line numbers stay valid for whatever reads the
 * result.
 *
 * `%% … %%` comments are not masked: the recordings of real Obsidian
 * (comments_markdown_style.json) show it indexing tags inside them, on one line and over several.
 *
 * Known simplifications, each erring towards one tag too many (the user's stated preference):
 * code spans are matched within one line, and indented (4-space) code blocks are read as text.
 */

// Compiled once: the scan runs for every note and must not allocate patterns per note.
const FENCE_OPEN = /^(?:[ \t]*>)*[ \t]*(`{3,}|~{3,})(.*)$/;
const FENCE_CLOSE = /^(?:[ \t]*>)*[ \t]*(`{3,}|~{3,})[ \t]*$/;

interface MaskState {
	fence: string | null;
	html: boolean;
}

export function maskLines(lines: string[]): string[] {
	const state: MaskState = { fence: null, html: false };
	const out = new Array<string>(lines.length);
	for (let i = 0; i < lines.length; i++) out[i] = maskLine(lines[i] ?? '', state);
	return out;
}

function blank(length: number): string {
	return ' '.repeat(length);
}

function maskLine(line: string, state: MaskState): string {
	if (state.fence !== null) {
		const m = FENCE_CLOSE.exec(line);
		const run = m?.[1];
		if (run !== undefined && run[0] === state.fence[0] && run.length >= state.fence.length) state.fence = null;
		return blank(line.length);
	}
	if (!state.html) {
		const m = FENCE_OPEN.exec(line);
		const run = m?.[1];
		// A backtick fence's info string may not contain a backtick (CommonMark 4.5).
		if (run !== undefined && !(run[0] === '`' && (m?.[2] ?? '').includes('`'))) {
			state.fence = run;
			return blank(line.length);
		}
	}
	return maskInline(line, state);
}

function maskInline(line: string, state: MaskState): string {
	let out = '';
	let i = 0;
	const n = line.length;
	while (i < n) {
		if (state.html) {
			const end = line.indexOf('-->', i);
			if (end < 0) return out + blank(n - i);
			out += blank(end + 3 - i);
			i = end + 3;
			state.html = false;
			continue;
		}
		const ch = line.charCodeAt(i);
		if (ch === 96 /* ` */) {
			let run = 1;
			while (line.charCodeAt(i + run) === 96) run++;
			const close = findBacktickRun(line, i + run, run);
			if (close < 0) {
				out += line.slice(i, i + run);
				i += run;
				continue;
			}
			out += blank(close + run - i);
			i = close + run;
			continue;
		}
		if (ch === 60 /* < */ && line.startsWith('<!--', i)) {
			state.html = true;
			out += blank(4);
			i += 4;
			continue;
		}
		const next = nextSpecial(line, i);
		out += line.slice(i, next);
		i = next;
	}
	return out;
}

function nextSpecial(line: string, from: number): number {
	for (let j = from + 1; j < line.length; j++) {
		const c = line.charCodeAt(j);
		if (c === 96 || c === 60) return j;
	}
	return line.length;
}

/** Start of the next run of exactly `run` backticks at or after `from`, or -1. */
function findBacktickRun(line: string, from: number, run: number): number {
	let j = line.indexOf('`', from);
	while (j >= 0) {
		let len = 1;
		while (line.charCodeAt(j + len) === 96) len++;
		if (len === run) return j;
		j = line.indexOf('`', j + len);
	}
	return -1;
}
