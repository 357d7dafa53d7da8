/**
 * The GitHub workflows: every push and every pull request runs the README's quick start in its
 * order with lint and the type check, so a broken test shows before a release tag, not at it.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { REPO } from '../helpers/bridge';

interface Step {
	run?: string;
	uses?: string;
}
interface Workflow {
	on: Record<string, unknown> | string | string[];
	jobs: Record<string, { steps: Step[] }>;
}

const WORKFLOWS = path.join(REPO, '.github', 'workflows');
const read = (name: string): Workflow => parse(fs.readFileSync(path.join(WORKFLOWS, name), 'utf8')) as Workflow;

describe('CI workflow', () => {
	it('runs on every push and every pull request, whatever the branch', () => {
		const ci = read('ci.yml');
		expect(typeof ci.on).toBe('object');
		const on = ci.on as Record<string, { branches?: unknown; tags?: unknown; paths?: unknown } | null>;
		expect(Object.keys(on).sort()).toEqual(['pull_request', 'push']);
		// No filter: a filter would leave some pushes or pull requests untested.
		expect(on.push).toBeNull();
		expect(on.pull_request).toBeNull();
	});

	it('runs npm ci, npm start, lint, the type check, npm test and the long suites, in that order', () => {
		const ci = read('ci.yml');
		const runs = Object.values(ci.jobs).flatMap((job) => job.steps.map((s) => s.run?.trim()).filter((r): r is string => r !== undefined));
		const wanted = ['npm ci', 'npm start', 'npm run lint', 'npx tsc --noEmit', 'npm test', 'npm run test:long'];
		const at = wanted.map((w) => runs.findIndex((r) => r === w || r.startsWith(`${w} `)));
		expect(at.every((i) => i >= 0), `steps: ${runs.join(' | ')}`).toBe(true);
		expect([...at].sort((a, b) => a - b)).toEqual(at);
		expect(runs.some((r) => r.includes('git status --porcelain'))).toBe(true);
	});

	it('.ci/run runs the same commands in the same order, npm test inside npm run test:full', () => {
		const lines = fs.readFileSync(path.join(REPO, '.ci', 'run'), 'utf8').split('\n').map((l) => l.trim());
		const wanted = ['npm ci', 'npm start', 'npm run lint', 'npx tsc --noEmit', 'npm run test:full', 'npm run release:assets', 'npm run release:plugin'];
		const at = wanted.map((w) => lines.findIndex((l) => l === w || l.startsWith(`${w} `) || l.endsWith(` ${w}`)));
		expect(at.every((i) => i >= 0), lines.join('\n')).toBe(true);
		expect([...at].sort((a, b) => a - b)).toEqual(at);
		const scripts = (JSON.parse(fs.readFileSync(path.join(REPO, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
		expect(scripts['test:full']?.startsWith('npm test && ')).toBe(true);
	});
});
