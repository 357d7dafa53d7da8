/**
 * A test that proves, from a note's raw bytes, that it carries nothing the brief counts, so the
 * scan can skip decoding and parsing it. Exact, or not offered at all:
 *
 * * A flag needs a tag name in the text (inline after `#`, or a frontmatter `tags` value), a
 *   `status` equal to the pending-review name (counted only under the rules folder) or a `type`
 *   (read only under the inbox folder). Notes in those two folders are never skipped.
 * * The bytes are read as latin1, one character per byte: UTF-8 never puts an ASCII byte inside a
 *   multi-byte character, so an ASCII name matches the latin1 text exactly where it stands in the
 *   UTF-8 text, case-insensitively.
 * * Offered only for ASCII names without `k`: the Kelvin sign (U+212A) lower-cases to `k`, so
 *   `#tas\u212A` carries `task` though no ASCII `k` is in its bytes. A backslash anywhere keeps the
 *   note (a YAML escape could spell a name in other bytes).
 */
import { isInFolder } from './paths';
import type { Settings } from './settings';

export type FlagFreeTest = (latin1: string, path: string) => boolean;

export function flagFreeTest(settings: Settings): FlagFreeTest | null {
	const names = [settings.tags.needsReview, settings.tags.review, settings.tags.reviewDone, settings.tags.pendingReview];
	if (names.some((n) => !/^[\x20-\x7e]+$/.test(n) || /k/i.test(n))) return null;
	const pattern = new RegExp(names.map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'i');
	const { inboxFolder, rulesFolder } = settings;
	return (latin1, path) => {
		if (isInFolder(path, inboxFolder) || isInFolder(path, rulesFolder)) return false;
		return !pattern.test(latin1) && !latin1.includes('\\');
	};
}
