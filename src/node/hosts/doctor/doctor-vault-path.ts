/**
 * `doctor`'s word on the vault's own path: a symlink along it (docs/design.md, "Symlinks in the
 * vault's path"). The hooks compare real paths too, so this is a warning to know about, not a failure.
 */
import type { Check } from './doctor';
import { firstSymlink, realPathOf } from '../../real-path';

export function vaultPathChecks(vault: string): Check[] {
	const link = firstSymlink(vault);
	if (link === null) return [];
	const real = realPathOf(vault) ?? '(cannot be resolved)';
	return [
		{
			id: 'vault-symlink',
			status: 'warn',
			message: `The vault path ${vault} goes through a symlink (${link}); its real path is ${real}. The rule check compares both, but another tool that compares paths literally may treat the vault's files as outside it.`,
			fix: `Open the vault and start the agent through one path, preferably the real one (${real}), and run "install" from there.`,
		},
	];
}
