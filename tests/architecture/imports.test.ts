import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The module boundaries of docs/architecture.md, checked on the import statements themselves:
// - a module imports another module only through its public face (`services/index.ts`), its
//   schemas (`schema.ts`, `schema/…`) and its right lists (`rights.ts`);
// - `src/platform/` imports neither `src/http/` nor a module; `src/http/` imports no module (the
//   composition root, src/app.ts, src/server.ts, src/modules/index.ts and src/cli, puts them together);
// - the UI imports server files only as schemas of a module or pure platform helpers (nothing that
//   reaches Node, the database or Koa, however indirectly).
// A regex over `from '…'`, `import '…'` and `import('…')` is enough: the code base has no require().

const ROOT = path.resolve(__dirname, '../..');
const rel = (file: string) => path.relative(ROOT, file).split(path.sep).join('/');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'node_modules' ? [] : sourceFiles(full);
    return /\.(ts|tsx)$/.test(name) ? [full] : [];
  });
}

const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)['"]([^'"]+)['"]/gm;

/** The specifiers a file imports or re-exports. */
function specifiers(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(IMPORT)].map((m) => m[1]!);
}

/** A relative specifier as a repository path without extension (`src/modules/x/services/index`). */
function target(file: string, spec: string): string {
  const resolved = rel(path.resolve(path.dirname(file), spec)).replace(/\.(ts|tsx|js)$/, '');
  for (const ext of ['.ts', '.tsx']) {
    if (existsSync(path.join(ROOT, resolved + ext))) return resolved;
  }
  for (const ext of ['.ts', '.tsx']) {
    if (existsSync(path.join(ROOT, resolved, `index${ext}`))) return `${resolved}/index`;
  }
  return resolved;
}

const resolveFile = (p: string) =>
  ['.ts', '.tsx'].map((ext) => path.join(ROOT, p + ext)).find((f) => existsSync(f)) ?? null;

/** The module a repository path belongs to (`src/modules/<name>/…`), null outside any module. */
const moduleOf = (p: string) => /^src\/modules\/([^/]+)\//.exec(p)?.[1] ?? null;

/** What another module may import: its public face, its schemas, its right lists. */
const PUBLIC = /^src\/modules\/[^/]+\/(services\/index|schema|schema\/[^/]+|rights)$/;

type Offence = string;

function moduleOffences(): Offence[] {
  const out: Offence[] = [];
  for (const file of sourceFiles(path.join(ROOT, 'src'))) {
    const from = rel(file);
    const own = moduleOf(from);
    for (const spec of specifiers(file)) {
      if (!spec.startsWith('.')) continue;
      const to = target(file, spec);
      const other = moduleOf(to);
      if (own && other && other !== own && !PUBLIC.test(to)) {
        out.push(
          `${from} imports '${spec}' (${to}): module ${own} may use module ${other} only through its services/index.ts, schema or rights.ts`,
        );
      }
      if (from.startsWith('src/platform/') && (to.startsWith('src/http/') || to.startsWith('src/modules/'))) {
        out.push(`${from} imports '${spec}' (${to}): platform imports neither http nor a module`);
      }
      if (from.startsWith('src/http/') && to.startsWith('src/modules/')) {
        out.push(`${from} imports '${spec}' (${to}): http imports no module`);
      }
    }
  }
  return out;
}

/** Packages and built-ins a file the UI imports must not reach. */
const SERVER_ONLY = /^(node:|knex$|better-sqlite3$|mysql2|koa|@koa\/|nodemailer$|exceljs$|playwright|objection$)/;
const UI_MAY_IMPORT = /^src\/(modules\/[^/]+\/(schema|schema\/[^/]+)|platform\/.+)$/;

function uiOffences(): Offence[] {
  const out: Offence[] = [];
  // Server files the UI reaches, followed through their own imports: each must stay pure.
  const seen = new Map<string, string>();
  const queue: string[] = [];
  for (const file of sourceFiles(path.join(ROOT, 'ui/src'))) {
    const from = rel(file);
    for (const spec of specifiers(file)) {
      if (!spec.startsWith('.')) continue;
      const to = target(file, spec);
      if (!to.startsWith('src/')) continue;
      if (!UI_MAY_IMPORT.test(to)) {
        out.push(`${from} imports '${spec}' (${to}): the UI imports only module schemas and platform helpers`);
        continue;
      }
      if (!seen.has(to)) {
        seen.set(to, from);
        queue.push(to);
      }
    }
  }
  while (queue.length) {
    const p = queue.shift()!;
    const file = resolveFile(p);
    if (!file) continue;
    for (const spec of specifiers(file)) {
      if (!spec.startsWith('.')) {
        if (SERVER_ONLY.test(spec)) out.push(`${p} (imported by the UI through ${seen.get(p)}) imports '${spec}'`);
        continue;
      }
      const to = target(file, spec);
      if (!UI_MAY_IMPORT.test(to)) {
        out.push(`${p} (imported by the UI through ${seen.get(p)}) imports '${spec}' (${to})`);
      } else if (!seen.has(to)) {
        seen.set(to, seen.get(p)!);
        queue.push(to);
      }
    }
  }
  return out;
}

describe('import rules', () => {
  it('finds the files it checks', () => {
    expect(sourceFiles(path.join(ROOT, 'src')).length).toBeGreaterThan(50);
    expect(specifiers(path.join(ROOT, 'src/modules/index.ts'))).toContain('./stammdaten');
  });

  it('modules use each other only through services/index.ts, schemas and rights.ts; platform and http import no module', () => {
    expect(moduleOffences()).toEqual([]);
  });

  it('the UI imports server files only as module schemas and pure platform helpers', () => {
    expect(uiOffences()).toEqual([]);
  });
});
