/**
 * Keyboard use of the Needs review tree, following the WAI-ARIA tree pattern (as Obsidian's file
 * explorer does): one tab stop for the whole tree (roving `tabindex`), arrow keys move between the
 * visible items, Right/Left open and close sections, Enter opens, and the context-menu key or
 * Shift+F10 opens the same menu as a right click.
 */

/** What a key press on a tree item asks the view to do. */
export type TreeKeyAction =
	| { kind: 'focus'; key: string }
	| { kind: 'toggle'; key: string }
	| { kind: 'open'; key: string }
	| { kind: 'menu'; key: string }
	| null;

export interface TreeKey {
	key: string;
	shiftKey: boolean;
	altKey: boolean;
	ctrlKey: boolean;
	metaKey: boolean;
}

/** One visible item of the tree, in document order. */
export interface TreeNode {
	key: string;
	/** Sections are level 1, notes level 2. */
	level: 1 | 2;
	/** Sections only. */
	expanded?: boolean;
}

export function isMenuKey(evt: TreeKey): boolean {
	return evt.key === 'ContextMenu' || (evt.key === 'F10' && evt.shiftKey && !evt.ctrlKey && !evt.metaKey && !evt.altKey);
}

/** The action for a key on the item `key` among the visible `nodes`; null leaves the key to others. */
export function treeKeyAction(evt: TreeKey, nodes: readonly TreeNode[], key: string): TreeKeyAction {
	const at = nodes.findIndex((n) => n.key === key);
	const node = nodes[at];
	if (node === undefined) return null;
	if (isMenuKey(evt)) return { kind: 'menu', key };
	if (evt.altKey) return null;
	const to = (n: TreeNode | undefined): TreeKeyAction => (n === undefined ? null : { kind: 'focus', key: n.key });
	switch (evt.key) {
		case 'ArrowDown':
			return to(nodes[at + 1]);
		case 'ArrowUp':
			return to(nodes[at - 1]);
		case 'Home':
			return to(nodes[0]);
		case 'End':
			return to(nodes[nodes.length - 1]);
		case 'ArrowRight':
			if (node.level === 2) return null;
			return node.expanded === true ? to(nodes[at + 1]?.level === 2 ? nodes[at + 1] : undefined) : { kind: 'toggle', key };
		case 'ArrowLeft':
			if (node.level === 1) return node.expanded === true ? { kind: 'toggle', key } : null;
			return to(nodes.slice(0, at).reverse().find((n) => n.level === 1));
		case 'Enter':
			return node.level === 1 ? { kind: 'toggle', key } : { kind: 'open', key };
		case ' ':
			return node.level === 1 ? { kind: 'toggle', key } : null;
		default:
			return null;
	}
}
