// The cache owns its SQL and its schema: outside electron/cache/ no Node-side file prepares,
// executes or pragmas a statement, holds SQL text, or opens a better-sqlite3 connection of
// its own (one that would skip the numbered migrations); and no file outside
// electron/cache/migrations/ creates, alters or drops a table or index. Callers use the
// cache's plain functions `(db, args) => result` instead.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findSql, type Finding } from './sql-scan';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const ELECTRON = path.join(ROOT, 'electron');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.tsx?$/.test(f) && !f.endsWith('.d.ts'))
    .map((f) => path.join(dir, f))
    .sort();
}

const rel = (file: string) => path.relative(ROOT, file).split(path.sep).join('/');

let all: (Finding & { file: string })[] | undefined;
/** Every finding in electron/, each file parsed once. */
const findings = () =>
  (all ??= sourceFiles(ELECTRON).flatMap((f) =>
    findSql(readFileSync(f, 'utf8'), f).map((x) => ({ ...x, file: rel(f) })),
  ));
const named = (list: (Finding & { file: string })[]) => list.map((x) => `${x.file}:${x.line}: ${x.what}`);

// Parsing every Node-side file takes a few seconds on a busy two-core machine.
const SCAN = { timeout: 60_000 };

describe('SQL lives only in the cache', () => {
  it('no file outside electron/cache/ prepares, executes or holds SQL', SCAN, () => {
    expect(named(findings().filter((x) => !x.file.startsWith('electron/cache/')))).toEqual([]);
  });

  it('no file outside electron/cache/migrations/ changes the schema', SCAN, () => {
    expect(
      named(
        findings().filter((x) => x.kind === 'schema' && !x.file.startsWith('electron/cache/migrations/')),
      ),
    ).toEqual([]);
  });

  it('the scan finds what it looks for', SCAN, () => {
    // Every migration holds DDL and is found; a query module holds SQL and is found.
    const migrations = sourceFiles(path.join(ELECTRON, 'cache/migrations')).filter((f) =>
      /\/\d{3}-[^/]+\.ts$/.test(f),
    );
    expect(migrations.length).toBeGreaterThan(0);
    for (const f of migrations) expect(findSql(readFileSync(f, 'utf8'), f), rel(f)).not.toEqual([]);
    expect(findSql(readFileSync(path.join(ELECTRON, 'cache/outbox.ts'), 'utf8'))).not.toEqual([]);

    const sample = [
      "import Database from 'better-sqlite3';",
      "import type Other from 'better-sqlite3';",
      "const a = db.prepare('SELECT 1');",
      'ctx.db.exec(sql);',
      "this.db.pragma('user_version', { simple: true });",
      'const t = `CREATE TABLE IF NOT EXISTS t (x)`;',
      "const u = `UPDATE outbox SET state = ${'x'} WHERE seq = ?`;",
      "const d = 'DELETE FROM notes WHERE id = ?';",
      // Not SQL: regex matches, HTTP verbs, prose and comments.
      'const m = /^(\\d{4})$/.exec(text);',
      "const routes = [{ method: 'DELETE', re: new RegExp('^/x$') }];",
      'routes[0].re.exec(path);',
      "const msg = 'select a satellite, then delete from the list';",
      '// SELECT id FROM signals in a comment',
    ].join('\n');
    const lines = (found: Finding[]) => [...new Set(found.map((x) => x.line))];
    expect(lines(findSql(sample))).toEqual([1, 3, 4, 5, 6, 7, 8]);
    expect(lines(findSql(sample).filter((x) => x.kind === 'schema'))).toEqual([6]);
  });
});
