// docs/endpoints.md is complete: every endpoint the service's two interface documents name
// (test/fixtures/endpoints.json, extracted from them once) has a row, no row names an endpoint
// they do not, every row's method exists on that profile's client, and its test file calls it;
// every row names the view that shows it.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createClient } from '../../electron/api';

const root = path.resolve(import.meta.dirname, '../..');
const endpoints = JSON.parse(readFileSync(path.join(root, 'test/fixtures/endpoints.json'), 'utf8')) as {
  main: string[];
  alternate: string[];
  alternate_from_main: string[];
};
const doc = readFileSync(path.join(root, 'docs/endpoints.md'), 'utf8');

/** The text under one `## heading`, up to the next `## ` heading (later sections are not tables of endpoints). */
function section(heading: string): string {
  const start = doc.search(new RegExp(`^## ${heading}$`, 'm'));
  if (start < 0) return '';
  const rest = doc.slice(start + heading.length + 3);
  const next = rest.search(/^## /m);
  return next < 0 ? rest : rest.slice(0, next);
}

function rows(text: string) {
  return [...text.matchAll(/^\| `([^`]+)` \| `([^`]+)`[^|]*\| `([^`]+)` \| ([^|]*?) ?\|$/gm)].map((m) => ({
    endpoint: m[1]!,
    method: m[2]!,
    test: m[3]!,
    view: m[4]!.trim(),
  }));
}

describe.each([
  ['main', 'Main profile', endpoints.main],
  ['alternate', 'Alternate profile', [...endpoints.alternate, ...endpoints.alternate_from_main]],
] as const)('endpoint table, %s profile', (profile, heading, named) => {
  const table = rows(section(heading));
  const client = createClient({
    baseUrl: 'http://127.0.0.1:1',
    profile,
    apiKey: 'unused',
  }) as unknown as Record<string, unknown>;

  it('has one row for every endpoint the document names, and none it does not', () => {
    expect(named.length).toBeGreaterThan(0);
    const listed = table.map((r) => r.endpoint);
    expect(named.filter((e) => !listed.includes(e))).toEqual([]);
    expect(listed.filter((e) => !named.includes(e))).toEqual([]);
    expect(listed.filter((e, i) => listed.indexOf(e) !== i)).toEqual([]);
  });

  it('names the view that shows each endpoint (issue 14)', () => {
    expect(table.filter((r) => r.view === '').map((r) => r.endpoint)).toEqual([]);
  });

  it('names a client method that exists, and a test file that calls it', () => {
    expect(table.length).toBeGreaterThan(0);
    for (const row of table) {
      expect(typeof client[row.method], `${row.endpoint} → ${row.method}`).toBe('function');
      const test = path.join(root, row.test);
      expect(existsSync(test), row.test).toBe(true);
      const source = readFileSync(test, 'utf8');
      const calls =
        row.method === 'analystJob'
          ? source.includes('.analyst(')
          : new RegExp(`\\.${row.method}\\b`).test(source);
      expect(calls, `${row.test} calls ${row.method}`).toBe(true);
    }
  });
});
