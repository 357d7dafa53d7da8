/** install's plan, without a file system: the files are a map, the steps are applied to it here. */
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { planInstall, type InstallStep, type InstallView } from '../../../src/node/hosts/install/install-plan';
import type { Manifest } from '../../../src/node/hosts/install/manifest';
import { EXIT, scriptTarget, type AgentOptions } from '../../../src/node/hosts/install/options';
import { HOOK_FILE_TEXTS } from '../../../bridge/hook-file-texts';

const VAULT = '/v/vault';
const HOME = '/v/home';

function options(over: Partial<AgentOptions> = {}): AgentOptions {
	return { hookFiles: HOOK_FILE_TEXTS, vault: VAULT, home: HOME, scope: 'project', agent: 'claude-code', scriptSource: '// bridge\n', version: '9.9.9', nodePath: '/usr/bin/node', platform: 'linux', configDir: '.obsidian', ...over };
}

function fakeView(files: Map<string, Buffer>, dirs: readonly string[] = [VAULT]): InstallView {
	return {
		read: (file) => files.get(file) ?? null,
		isDir: (p) => dirs.includes(p),
		missingDirs: (dir) => {
			const out: string[] = [];
			for (let d = dir; !dirs.includes(d) && d !== path.dirname(d); d = path.dirname(d)) out.push(d);
			return out;
		},
		resolveNode: () => '/usr/bin/node',
		findConfigDir: () => '.obsidian',
		readManifest: () => {
			const m = files.get(path.join(VAULT, '.claude', 'hooks', 'session-brief.json'));
			return m === undefined ? null : (JSON.parse(m.toString('utf8')) as Manifest);
		},
	};
}

/** What the apply step does, on the map. */
function apply(files: Map<string, Buffer>, steps: readonly InstallStep[]): { lines: string[]; warnings: string[]; changed: string[] } {
	const r = { lines: [] as string[], warnings: [] as string[], changed: [] as string[] };
	for (const s of steps) {
		if (s.kind === 'write') {
			files.set(s.file, Buffer.isBuffer(s.data) ? s.data : Buffer.from(s.data, 'utf8'));
			if (s.changed) r.changed.push(s.file);
		} else if (s.kind === 'changed') r.changed.push(...s.files);
		else if (s.kind === 'removeIfPresent') {
			if (files.delete(s.file)) r.changed.push(s.file);
		} else if (s.kind === 'line') r.lines.push(s.text);
		else if (s.kind === 'warning') r.warnings.push(s.text);
	}
	return r;
}

const settings = path.join(VAULT, '.claude', 'settings.json');

describe('the install plan', () => {
	it('a first install writes the four hook files, the settings file and the record, checking the settings file first', () => {
		const files = new Map<string, Buffer>();
		const plan = planInstall(options(), fakeView(files));
		if ('done' in plan) throw new Error(plan.done.lines.join('\n'));
		expect(plan.steps[0]).toEqual({ kind: 'assertWritable', file: settings });
		const r = apply(files, plan.steps);
		expect(r.changed).toContain(scriptTarget(VAULT));
		expect(r.changed).toContain(settings);
		expect(r.lines.some((l) => l.startsWith('Copied the bridge (version 9.9.9)'))).toBe(true);
		expect(r.lines.some((l) => l.includes('(new file)'))).toBe(true);
		// No MCP server file was given: the hooks go in, the server does not.
		expect(plan.mcpReady).toBe(false);
		expect(r.warnings.some((w) => w.includes('the MCP server is not'))).toBe(true);
		const hooks = (JSON.parse(files.get(settings)?.toString('utf8') ?? '{}') as { hooks: Record<string, unknown> }).hooks;
		expect(Object.keys(hooks)).toEqual(expect.arrayContaining(['SessionStart', 'PostToolUse']));
	});

	it('a second run plans no write', () => {
		const files = new Map<string, Buffer>();
		const first = planInstall(options(), fakeView(files));
		if ('done' in first) throw new Error('first run failed');
		apply(files, first.steps);
		const again = planInstall(options(), fakeView(files));
		if ('done' in again) throw new Error('second run failed');
		expect(again.steps.filter((s) => s.kind === 'write' || s.kind === 'assertWritable')).toEqual([]);
		expect(apply(files, again.steps).lines).toEqual([`The bridge at ${path.join(VAULT, '.claude', 'hooks', 'session-brief.bridge.cjs')} is current`, `${settings} already has the Claude Code hooks; left unchanged`]);
	});

	it('keeps a copy of a settings file it changes, once', () => {
		const files = new Map([[settings, Buffer.from('{ "model": "x" }\n')]]);
		const plan = planInstall(options(), fakeView(files));
		if ('done' in plan) throw new Error('install failed');
		const writes = plan.steps.flatMap((s) => (s.kind === 'write' ? [s.file] : []));
		expect(writes).toContain(`${settings}.session-brief.bak`);
		expect(writes.indexOf(`${settings}.session-brief.bak`)).toBeLessThan(writes.indexOf(settings));
	});

	it('refuses before any step: a missing vault, a scope the host lacks, a settings file it cannot rewrite, a path that breaks the command', () => {
		const refused = (o: AgentOptions, files = new Map<string, Buffer>(), dirs?: string[]): { code: number; text: string } => {
			const plan = planInstall(o, fakeView(files, dirs));
			if (!('done' in plan)) throw new Error('expected a refusal');
			return { code: plan.done.code, text: plan.done.lines.join('\n') };
		};
		expect(refused(options(), new Map(), [])).toMatchObject({ code: EXIT.usage, text: expect.stringContaining('does not exist') as string });
		expect(refused(options({ agent: 'codex', scope: 'local' }))).toMatchObject({ code: EXIT.usage, text: expect.stringContaining('has no "local" scope') as string });
		expect(refused(options(), new Map([[settings, Buffer.from('{ not json')]]))).toMatchObject({ code: EXIT.unparseable });
		expect(refused(options(), new Map([[settings, Buffer.from([0x7b, 0xff, 0x7d])]]))).toMatchObject({ code: EXIT.unparseable, text: expect.stringContaining('not valid UTF-8') as string });
		const odd = '/v/va"ult';
		expect(refused(options({ vault: odd }), new Map(), [odd])).toMatchObject({ code: EXIT.unsafePath });
	});
});
