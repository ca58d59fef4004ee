// docs/endpoints.md is complete: every endpoint named in either service document has a row,
// every row's method exists on that profile's client, and its test file calls that method.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createClient } from '../../electron/api';

const root = path.resolve(import.meta.dirname, '../..');
const spec = (name: string) => readFileSync(path.resolve(root, '../shared/spec', name), 'utf8');
const doc = readFileSync(path.join(root, 'docs/endpoints.md'), 'utf8');
const [, mainSection = '', altSection = ''] = doc.split(/^## (?:Main|Alternate) profile$/m);

const ENDPOINT = /\b(GET|POST|PATCH|DELETE) (\/api\/v1\/[A-Za-z0-9{}/_-]+)/g;
const endpointsIn = (text: string) => new Set([...text.matchAll(ENDPOINT)].map((m) => `${m[1]} ${m[2]}`));
function rows(section: string) {
  return [...section.matchAll(/^\| `([^`]+)` \| `([^`]+)`[^|]*\| `([^`]+)` \|$/gm)].map((m) => ({
    endpoint: m[1]!,
    method: m[2]!,
    test: m[3]!,
  }));
}

describe.each([
  ['main', 'service-main-profile.md', mainSection],
  ['alternate', 'service-alternate-profile.md', altSection],
] as const)('endpoint table, %s profile', (profile, file, section) => {
  const table = rows(section);
  const client = createClient({
    baseUrl: 'http://127.0.0.1:1',
    profile,
    apiKey: 'unused',
  }) as unknown as Record<string, unknown>;

  it('lists every endpoint the document names', () => {
    const listed = new Set(table.map((r) => r.endpoint));
    const missing = [...endpointsIn(spec(file))].filter((e) => !listed.has(e));
    expect(missing).toEqual([]);
  });

  it('names a client method that exists, and a test file that calls it', () => {
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
