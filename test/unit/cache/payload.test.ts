// Packed payloads (electron/cache/payload.ts): whatever storeSignalsPage is given, reading it
// back gives what JSON.stringify would have written of it, key for key and in order.
import { describe, expect, it } from 'vitest';
import { decodePayload, payloadEncoder } from '../../../electron/cache/payload';
import { mainCache } from './fixtures';

class Point {
  constructor(
    public x: number,
    public y: number,
  ) {}
}

describe('packed payloads', () => {
  it.each<[string, unknown]>([
    ['plain JSON', { id: 'a', n: [1, -0, 2.5e-7, null, true, 'é"\\\n'], o: { z: 1, a: { b: [] } }, e: {} }],
    ['integer-like keys', { '10': 1, '2': 2, b: 3, '-1': 4 }],
    ['a key holding NUL and keys like a packed object', { 'a\u0000b': 1, '{"1":[2]}': { '0': [1] } }],
    [
      'undefined, functions and symbols as JSON.stringify drops them',
      { a: undefined, b: () => 1, c: Symbol('s'), d: [undefined, () => 1] },
    ],
    ['non-finite numbers', { a: NaN, b: [Infinity, -Infinity] }],
    [
      'toJSON, class instances and wrapper objects',
      { at: new Date(0), p: new Point(1, 2), s: new String('x'), n: [new Number(3)] },
    ],
    ['"__proto__" as an own key', JSON.parse('{"__proto__":{"x":1},"y":2}')],
  ])('%s', (_name, record) => {
    const db = mainCache();
    try {
      const stored = db.transaction(() => payloadEncoder(db)(record))();
      const back = decodePayload(db, stored);
      expect(JSON.stringify(back)).toBe(JSON.stringify(record));
      expect(Object.getPrototypeOf(back)).toBe(Object.prototype);
    } finally {
      db.close();
    }
  });

  it('records of one shape share it, and a shape added by a rolled-back page is looked up again', () => {
    const db = mainCache();
    try {
      const shapes = () => db.prepare('SELECT count(*) FROM signal_payload_shapes').pluck().get();
      expect(() =>
        db.transaction(() => {
          payloadEncoder(db)({ only: 'here', inner: { x: 1 } });
          throw new Error('rolled back');
        })(),
      ).toThrow('rolled back');
      expect(shapes()).toBe(0);
      const stored = db.transaction(() => {
        const encode = payloadEncoder(db);
        return Array.from({ length: 50 }, (_, i) => encode({ only: `r${i}`, inner: { x: i } }));
      })();
      expect(shapes()).toBe(2);
      expect(decodePayload(db, stored[49]!)).toEqual({ only: 'r49', inner: { x: 49 } });
      // Text from before step 013 still reads.
      expect(decodePayload(db, '{"a":[1]}')).toEqual({ a: [1] });
    } finally {
      db.close();
    }
  });

  it('a value many records repeat is stored once, even after a rolled-back page interned it first', () => {
    const db = mainCache();
    try {
      const record = (i: number) => ({
        n: i,
        level: 'no_finer_place_named',
        text: 'a string that holds {"1":0} and {"2":[3]}',
        nested: { sensor: 'damage visible from orbit', list: ['no_finer_place_named', `unique value ${i}`] },
      });
      const page = (from: number) => {
        const encode = payloadEncoder(db);
        return Array.from({ length: 40 }, (_, i) => encode(record(from + i)));
      };
      expect(() =>
        db.transaction(() => {
          page(0);
          throw new Error('rolled back');
        })(),
      ).toThrow('rolled back');
      const stored = db.transaction(() => page(100))();
      for (const [i, p] of stored.entries())
        expect(JSON.stringify(decodePayload(db, p))).toBe(JSON.stringify(record(100 + i)));
      expect(stored[0]!.toString()).not.toContain('no_finer_place_named');
    } finally {
      db.close();
    }
  });
});
