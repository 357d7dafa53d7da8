// The trust boundary (docs/design.md, "The trust boundary"): every file Session Brief keeps in a
// vault is read and written through src/node/state-file.ts, which never follows a planted link,
// never opens a FIFO and never writes outside the vault. So no other module of the plugin, the
// bridge or src/node may call a file-system function that writes, renames or removes.
// Exceptions, each for a reason:
//   src/node/state-file.ts          the module itself;
//   src/node/hosts/install/install-lock.ts install's lock files, in a private per-user folder of the
//                                   system's temp folder (mode 0700, owner checked), never in a vault;
//   bridge/io.ts                    writes only standard output (file descriptor 1).
// Outside this rule's files: src/node/hosts/hook-files/hook-entry.cjs, the hook entry, plain CommonJS that must
// load nothing before it runs, writes only the V8 code cache beside it, only in the vault's own
// `.claude/hooks` by its real path, through a fresh file created with O_EXCL | O_NOFOLLOW and a
// rename (tests/reliability/hostile-vault.test.ts plants links there); claude-plugin/hooks/*.cjs
// are the built copies of these sources.
// mark_reviewed's one write into a note goes through the module too (src/node/mcp/note-file.ts).
const WRITES = [
	'writeFileSync', 'appendFileSync', 'renameSync', 'unlinkSync', 'rmSync', 'rmdirSync', 'mkdirSync', 'mkdtempSync',
	'linkSync', 'symlinkSync', 'copyFileSync', 'cpSync', 'writeSync', 'writevSync', 'truncateSync', 'ftruncateSync',
	'chmodSync', 'createWriteStream',
	'writeFile', 'appendFile', 'rename', 'unlink', 'rm', 'rmdir', 'mkdir', 'mkdtemp', 'link', 'symlink', 'copyFile', 'cp',
	'write', 'writev', 'truncate', 'ftruncate', 'chmod',
];

export const STATE_FILE_EXCEPTIONS = ['src/node/state-file.ts', 'src/node/hosts/install/install-lock.ts', 'bridge/io.ts'];

const message = 'writes files directly: go through src/node/state-file.ts, which keeps every write inside the vault and never through a planted link (docs/design.md, "The trust boundary").';

export default [
	{
		files: ['src/**/*.ts', 'bridge/**/*.ts', 'main.ts'],
		ignores: STATE_FILE_EXCEPTIONS,
		rules: {
			'no-restricted-properties': [
				'error',
				...WRITES.flatMap((property) => [
					{ object: 'fs', property, message: `fs.${property} ${message}` },
					{ object: 'promises', property, message: `fs.promises.${property} ${message}` },
				]),
				// `fs.promises.x` is a member of a member, which the rule cannot name: fs.promises as a whole.
				{ object: 'fs', property: 'promises', message: `fs.promises ${message}` },
			],
		},
	},
];
