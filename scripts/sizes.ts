/**
 * Small pieces (issue 28): lists the source files over 400 lines and the functions over 150 lines
 * under apps/server/src, apps/web/src and packages/domain/src, and exits 1 when there are any.
 * Tests, generated files and data tables (message catalogues, field specs: long because they list
 * things, not because they do many) are left out below. Run: node --import tsx scripts/sizes.ts
 * (`npm run lint` runs it, so a new offender fails the lint).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

const ROOTS = ['apps/server/src', 'apps/web/src', 'packages/domain/src'];
const MAX_FILE_LINES = 400;
const MAX_FUNCTION_LINES = 150;

/** Files measured by neither rule: generated, or tables of data. Paths from the repository root. */
const EXCLUDED = new Set([
  // Generated from openapi/openapi.json.
  'apps/web/src/api/schema.d.ts',
  // The documents' texts, one table per language.
  'apps/web/src/features/docs/content/en.ts',
  'apps/web/src/features/docs/content/zh-CN.ts',
]);

/** Tests and declarations are not measured wherever they are. */
function measured(path: string): boolean {
  if (!/\.(ts|tsx)$/.test(path) || path.endsWith('.d.ts')) return false;
  if (/\.(test|spec)\.tsx?$/.test(path) || /(^|\/)(test|__tests__)\//.test(path)) return false;
  return !EXCLUDED.has(path);
}

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules') continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else yield path;
  }
}

type FunctionLike =
  | ts.FunctionDeclaration
  | ts.FunctionExpression
  | ts.ArrowFunction
  | ts.MethodDeclaration
  | ts.GetAccessorDeclaration
  | ts.SetAccessorDeclaration
  | ts.ConstructorDeclaration;

function isFunctionLike(node: ts.Node): node is FunctionLike {
  return (
    ts.isFunctionDeclaration(node) ||
    ts.isFunctionExpression(node) ||
    ts.isArrowFunction(node) ||
    ts.isMethodDeclaration(node) ||
    ts.isGetAccessorDeclaration(node) ||
    ts.isSetAccessorDeclaration(node) ||
    ts.isConstructorDeclaration(node)
  );
}

/** A function's name as a reader finds it: its own, the variable or property it is assigned to, or the call it is passed to. */
function nameOf(node: FunctionLike, source: ts.SourceFile): string {
  if (node.name) return node.name.getText(source);
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent))
    return parent.name.getText(source);
  if (ts.isCallExpression(parent)) return `${parent.expression.getText(source).slice(0, 40)}(…)`;
  if (ts.isConstructorDeclaration(node)) return 'constructor';
  return '(anonymous)';
}

function lineOf(source: ts.SourceFile, pos: number): number {
  return source.getLineAndCharacterOfPosition(pos).line + 1;
}

interface Over {
  where: string;
  lines: number;
}

const overFiles: Over[] = [];
const overFunctions: Over[] = [];

// The largest measured file and function, printed so a reader sees the headroom under each limit.
let largestFile: Over = { where: '', lines: 0 };
let largestFunction: Over = { where: '', lines: 0 };

for (const root of ROOTS) {
  for (const absolute of files(root)) {
    const path = relative('.', absolute);
    if (!measured(path)) continue;
    const text = readFileSync(path, 'utf8');
    const source = ts.createSourceFile(
      path,
      text,
      ts.ScriptTarget.Latest,
      true,
      path.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
    );
    const fileLines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
    if (fileLines > MAX_FILE_LINES) overFiles.push({ where: path, lines: fileLines });
    if (fileLines > largestFile.lines) largestFile = { where: path, lines: fileLines };
    const visit = (node: ts.Node): void => {
      if (isFunctionLike(node) && node.body) {
        const start = lineOf(source, node.getStart(source));
        const lines = lineOf(source, node.getEnd()) - start + 1;
        const name = nameOf(node, source);
        if (lines > MAX_FUNCTION_LINES) overFunctions.push({ where: `${path}:${start} ${name}`, lines });
        if (lines > largestFunction.lines) largestFunction = { where: `${path}:${start} ${name}`, lines };
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
}

const byLines = (a: Over, b: Over) => b.lines - a.lines;
const print = (title: string, list: Over[]) => {
  console.log(`${title}: ${list.length}`);
  for (const o of list.sort(byLines)) console.log(`  ${String(o.lines).padStart(5)}  ${o.where}`);
};
print(`Files over ${MAX_FILE_LINES} lines`, overFiles);
print(`Functions over ${MAX_FUNCTION_LINES} lines`, overFunctions);
console.log(`Largest file: ${largestFile.lines} lines, ${largestFile.where}`);
console.log(`Largest function: ${largestFunction.lines} lines, ${largestFunction.where}`);
process.exitCode = overFiles.length + overFunctions.length > 0 ? 1 : 0;
