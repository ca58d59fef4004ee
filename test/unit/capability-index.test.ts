// docs/architecture.md's capability index stays the map of the code: every contract row once,
// with its handler (that defines the row), cache modules, hook (the one rowHooks names for the
// row) and feature folders, each of which exists.
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { channels } from '../../shared/contract';
import { repoRoot } from '../helpers/cli';

const read = (file: string) => readFileSync(path.join(repoRoot, file), 'utf8');

interface IndexRow {
  row: string;
  handler: string[];
  cache: string[];
  hook: string[];
  features: string[];
}

/** The table under "## Capability index", each cell's `code` names. */
function indexRows(): IndexRow[] {
  const doc = read('docs/architecture.md');
  const start = doc.indexOf('\n## Capability index');
  expect(start, 'docs/architecture.md has a "## Capability index" section').toBeGreaterThan(0);
  const end = doc.indexOf('\n## ', start + 1);
  const section = doc.slice(start, end < 0 ? undefined : end);
  const names = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);
  return section
    .split('\n')
    .filter((line) => /^\| `/.test(line))
    .map((line) => {
      const [row, handler, cache, hook, features] = line.split('|').slice(1, -1);
      return {
        row: names(row ?? '')[0] ?? '',
        handler: names(handler ?? ''),
        cache: names(cache ?? ''),
        hook: names(hook ?? ''),
        features: names(features ?? ''),
      };
    });
}

describe('the capability index (docs/architecture.md)', () => {
  const rows = indexRows();

  it('lists every contract row once, and no other', () => {
    const listed = rows.map((r) => r.row);
    expect(
      listed.filter((r, i) => listed.indexOf(r) !== i),
      'listed twice',
    ).toEqual([]);
    const missing = channels.filter((c) => !listed.includes(c));
    const unknown = listed.filter((r) => !(channels as string[]).includes(r));
    expect({ missing, unknown }).toEqual({ missing: [], unknown: [] });
  });

  it('names, for each row, a handler that answers it, cache modules, its hook and folders that exist', () => {
    const rowHooks = read('renderer/src/data/index.ts');
    const wrong: string[] = [];
    for (const r of rows) {
      if (r.handler.length !== 1) wrong.push(`${r.row}: one handler file, not ${r.handler.length}`);
      for (const h of r.handler) {
        const file = `electron/contract/${h}`;
        if (!existsSync(path.join(repoRoot, file))) wrong.push(`${r.row}: no ${file}`);
        else if (!read(file).includes(`'${r.row}':`))
          wrong.push(`${r.row}: ${file} defines no handler for it`);
      }
      for (const c of r.cache)
        if (!existsSync(path.join(repoRoot, 'electron/cache', c)))
          wrong.push(`${r.row}: no electron/cache/${c}`);
      const hookLine = new RegExp(`^\\s*'${r.row.replace('.', '\\.')}': .*\\b${r.hook[0] ?? '-'}\\b`, 'm');
      if (r.hook.length !== 1 || !hookLine.test(rowHooks))
        wrong.push(
          `${r.row}: rowHooks (renderer/src/data/index.ts) does not name ${r.hook.join(', ') || 'a hook'}`,
        );
      for (const f of r.features) {
        const dir = path.join(repoRoot, 'renderer/src', f);
        if (!existsSync(dir) || !statSync(dir).isDirectory())
          wrong.push(`${r.row}: no folder renderer/src/${f}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
