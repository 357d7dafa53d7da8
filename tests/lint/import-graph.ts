/**
 * The repository's import graph as the build sees it, for tests/lint/import-cycles.test.ts: every
 * relative import, re-export and literal `import()` between TypeScript files, without the ones the
 * build erases (`import type`, `export type`, imports of types only).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import ts from 'typescript';

function typeOnlyImport(node: ts.ImportDeclaration): boolean {
	const clause = node.importClause;
	if (clause === undefined) return false;
	if (clause.phaseModifier === ts.SyntaxKind.TypeKeyword) return true;
	const named = clause.namedBindings;
	return clause.name === undefined && named !== undefined && ts.isNamedImports(named) && named.elements.length > 0 && named.elements.every((e) => e.isTypeOnly);
}

function typeOnlyExport(node: ts.ExportDeclaration): boolean {
	if (node.isTypeOnly) return true;
	const named = node.exportClause;
	return named !== undefined && ts.isNamedExports(named) && named.elements.length > 0 && named.elements.every((e) => e.isTypeOnly);
}

/** The module specifiers a file imports at run time. */
export function valueImports(file: string): string[] {
	const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
	const out: string[] = [];
	const visit = (node: ts.Node): void => {
		if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier) && !typeOnlyImport(node)) out.push(node.moduleSpecifier.text);
		else if (ts.isExportDeclaration(node) && node.moduleSpecifier !== undefined && ts.isStringLiteral(node.moduleSpecifier) && !typeOnlyExport(node)) out.push(node.moduleSpecifier.text);
		else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] !== undefined && ts.isStringLiteral(node.arguments[0])) out.push(node.arguments[0].text);
		ts.forEachChild(node, visit);
	};
	visit(source);
	return out;
}

function resolve(from: string, spec: string): string | null {
	if (!spec.startsWith('.')) return null;
	const base = path.resolve(path.dirname(from), spec);
	for (const candidate of [base, `${base}.ts`, path.join(base, 'index.ts')]) {
		if (candidate.endsWith('.ts') && fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
	}
	return null;
}

/** Every `.ts` file below `dir`, without `node_modules` and build output. */
export function tsFiles(dir: string): string[] {
	const out: string[] = [];
	for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
		if (e.name === 'node_modules' || e.name === 'dist' || e.name.startsWith('.')) continue;
		const p = path.join(dir, e.name);
		if (e.isDirectory()) out.push(...tsFiles(p));
		else if (e.isFile() && e.name.endsWith('.ts') && !e.name.endsWith('.d.ts')) out.push(p);
	}
	return out;
}

/** The import cycles among `files` (Tarjan's strongly connected components), each as its files, sorted. */
export function importCycles(files: readonly string[]): string[][] {
	const edges = new Map(files.map((f) => [f, valueImports(f).flatMap((s) => resolve(f, s) ?? [])]));
	const index = new Map<string, number>();
	const low = new Map<string, number>();
	const stack: string[] = [];
	const onStack = new Set<string>();
	const cycles: string[][] = [];
	let next = 0;
	const connect = (v: string): void => {
		index.set(v, next);
		low.set(v, next);
		next++;
		stack.push(v);
		onStack.add(v);
		for (const w of edges.get(v) ?? []) {
			if (!index.has(w)) {
				connect(w);
				low.set(v, Math.min(low.get(v) ?? 0, low.get(w) ?? 0));
			} else if (onStack.has(w)) low.set(v, Math.min(low.get(v) ?? 0, index.get(w) ?? 0));
		}
		if (low.get(v) !== index.get(v)) return;
		const component: string[] = [];
		let w: string | undefined;
		do {
			w = stack.pop();
			if (w === undefined) break;
			onStack.delete(w);
			component.push(w);
		} while (w !== v);
		if (component.length > 1 || (edges.get(v) ?? []).includes(v)) cycles.push(component.sort());
	};
	for (const f of files) if (!index.has(f)) connect(f);
	return cycles;
}
