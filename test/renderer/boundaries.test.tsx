// The renderer reaches main only through its data hooks: no component names the bridge or
// the contract client, and every contract row has its hook.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { channels } from '../../shared/contract';
import { rowHooks } from '../../renderer/src/data';

const src = path.resolve(import.meta.dirname, '../../renderer/src');

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(path.join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [path.join(dir, e.name)] : [],
  );
}

describe('renderer boundaries', () => {
  it('only renderer/src/data/ touches window.watchfloor or the contract client', () => {
    const outside = files(src).filter((f) => !f.startsWith(path.join(src, 'data') + path.sep));
    expect(outside.length).toBeGreaterThan(10);
    const offenders = outside.filter((f) => {
      const text = readFileSync(f, 'utf8');
      return /window\.watchfloor|contract-client|\/api\/contract/.test(text);
    });
    expect(offenders.map((f) => path.relative(src, f))).toEqual([]);
  });

  it('has one data hook for every contract row', () => {
    expect(channels.filter((c) => typeof rowHooks[c] !== 'function')).toEqual([]);
  });
});
