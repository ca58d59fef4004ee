// Element files: TLE / 3LE with checksums and Alpha-5 numbers, OMM JSON and CSV; a
// corrupt set is reported by its lines (or record) and skipped whole, never half-used.
import { propagate } from 'satellite.js';
import { describe, expect, it } from 'vitest';
import { toSatrec } from '../../../electron/passes/elements';
import { parseOmmCsv, parseOmmJson } from '../../../electron/passes/omm';
import { describeRejection, detectFormat, parseElementsText } from '../../../electron/passes/parse';
import {
  checkTlePair,
  parseCatalogNumber,
  parseTleText,
  tleChecksum,
} from '../../../electron/passes/tle-text';
import { S2A, SNAPSHOTS, readSnapshot, tleToOmm, withChecksum } from './fixtures';

describe('TLE and 3LE text', () => {
  it('reads every snapshot with no rejection, as the README counts them', () => {
    const expected: Record<string, number> = {
      [SNAPSHOTS.active202608]: 336,
      [SNAPSHOTS.resource202608]: 41,
      [SNAPSHOTS.resource202605]: 41,
      [SNAPSHOTS.active202605]: 351,
      [SNAPSHOTS.active202603]: 354,
      [SNAPSHOTS.active202510]: 321,
    };
    for (const [file, count] of Object.entries(expected)) {
      const { sets, report } = parseTleText(readSnapshot(file));
      expect(report, file).toMatchObject({ format: 'tle', read: count, valid: count, rejected: [] });
      expect(sets).toHaveLength(count);
    }
  });

  it('keeps the name, the epoch to the millisecond and both lines', () => {
    const [set] = parseTleText(`${S2A.name}\n${S2A.l1}\n${S2A.l2}\n`).sets;
    expect(set).toMatchObject({
      noradId: 40697,
      name: 'SENTINEL-2A',
      format: 'tle',
      raw: `${S2A.l1}\n${S2A.l2}`,
    });
    // Epoch field 26234.64824607 → day 234 of 2026 (22 August) + 0.64824607 d.
    const day = Date.UTC(2026, 0, 1) + 233 * 86_400_000;
    const epochField = Number(S2A.l1.slice(20, 32)) - 234;
    expect(Date.parse(set!.epoch) - day).toBeCloseTo(epochField * 86_400_000, -1);
  });

  it('computes the mod-10 checksum (digits, and 1 per minus sign)', () => {
    expect(tleChecksum(S2A.l1)).toBe(Number(S2A.l1[68]));
    expect(tleChecksum(S2A.l2)).toBe(Number(S2A.l2[68]));
    expect(tleChecksum('1 00000U 00000A   00000.00000000 -.00000000  00000-0  00000-0 0  000')).toBe(4); // '1' + three '-'
  });

  it('reads Alpha-5 catalog numbers (A0001 = 100001, I and O skipped)', () => {
    expect(parseCatalogNumber('25544')).toBe(25544);
    expect(parseCatalogNumber('A0001')).toBe(100001);
    expect(parseCatalogNumber('H9999')).toBe(179999);
    expect(parseCatalogNumber('J0000')).toBe(180000);
    expect(parseCatalogNumber('P0000')).toBe(230000);
    expect(parseCatalogNumber('Z9999')).toBe(339999);
    expect(parseCatalogNumber('I0000')).toBeNull();
    expect(parseCatalogNumber('12a45')).toBeNull();
  });

  it('reports a corrupt set by its lines and keeps the sets around it', () => {
    const bad = S2A.l2.slice(0, 30) + (S2A.l2[30] === '1' ? '2' : '1') + S2A.l2.slice(31);
    const text = [
      '0 SENTINEL-2A',
      S2A.l1,
      S2A.l2,
      'BROKEN',
      S2A.l1.replace('40697', '40698').slice(0, 68) + '0',
      bad,
      'SENTINEL-2A AGAIN',
      S2A.l1,
      S2A.l2,
    ].join('\n');
    const { sets, report } = parseTleText(text);
    expect(sets.map((s) => s.name)).toEqual(['SENTINEL-2A', 'SENTINEL-2A AGAIN']);
    expect(report.read).toBe(3);
    expect(report.rejected).toHaveLength(1);
    expect(report.rejected[0]).toMatchObject({ lines: [4, 6] });
    expect(describeRejection(report.rejected[0]!)).toMatch(/^lines 4-6 .*checksum/);
  });

  it('names each kind of damage', () => {
    expect(checkTlePair(S2A.l1, S2A.l2)).toBeNull();
    expect(checkTlePair(S2A.l1.slice(0, 60), S2A.l2)).toMatch(/line 1 has 60 characters/);
    const otherId = withChecksum(S2A.l2.replace('40697', '40698'));
    expect(checkTlePair(S2A.l1, otherId)).toMatch(/catalog numbers differ/);
    const zeroMotion = withChecksum(S2A.l2.slice(0, 52) + ' 0.00000000' + S2A.l2.slice(63));
    expect(checkTlePair(S2A.l1, zeroMotion)).toMatch(/mean motion/);
    const { report } = parseTleText(`${S2A.name}\n${S2A.l1}\n`);
    expect(report.rejected[0]).toMatchObject({ lines: [1, 2], reason: 'line 2 is missing' });
  });
});

describe('OMM JSON and CSV', () => {
  const omm = tleToOmm(S2A.name, S2A.l1, S2A.l2);

  it('gives the same orbit as the TLE it mirrors (within 1 km a day on)', () => {
    const { sets, report } = parseOmmJson(JSON.stringify([omm]));
    expect(report).toMatchObject({ format: 'omm-json', read: 1, valid: 1 });
    expect(sets[0]).toMatchObject({ noradId: 40697, name: 'SENTINEL-2A', format: 'omm' });
    const fromTle = toSatrec(parseTleText(`${S2A.l1}\n${S2A.l2}`).sets[0]!);
    const fromOmm = toSatrec(sets[0]!);
    const when = new Date(Date.parse(sets[0]!.epoch) + 86_400_000);
    const a = propagate(fromTle, when)!.position;
    const b = propagate(fromOmm, when)!.position;
    expect(Math.hypot(a.x - b.x, a.y - b.y, a.z - b.z)).toBeLessThan(1);
  });

  it('reports a bad record by its index and keeps the good ones', () => {
    const bad = { ...omm, NORAD_CAT_ID: 1, ECCENTRICITY: 1.5 };
    const noMotion = { ...omm, NORAD_CAT_ID: 2, MEAN_MOTION: undefined };
    const { sets, report } = parseOmmJson(JSON.stringify([bad, omm, noMotion]));
    expect(sets.map((s) => s.noradId)).toEqual([40697]);
    expect(report.rejected.map((r) => [r.record, r.noradId])).toEqual([
      [0, 1],
      [2, 2],
    ]);
    expect(report.rejected[0]!.reason).toMatch(/ECCENTRICITY/);
    expect(describeRejection(report.rejected[1]!)).toMatch(/^record 3 \(NORAD 2\): MEAN_MOTION/);
    expect(parseOmmJson('[{').report.rejected[0]!.reason).toMatch(/not valid JSON/);
  });

  it('reads CelesTrak CSV, reporting a bad row by its line', () => {
    const keys = Object.keys(omm);
    const row = (o: Record<string, unknown>) => keys.map((k) => String(o[k] ?? '')).join(',');
    const csv = [
      keys.join(','),
      row(omm),
      row({ ...omm, INCLINATION: 'x' }),
      `"QUOTED, NAME",${row(omm).split(',').slice(1).join(',')}`,
    ].join('\r\n');
    const { sets, report } = parseOmmCsv(csv);
    expect(report).toMatchObject({ format: 'omm-csv', read: 3, valid: 2 });
    expect(sets[1]!.name).toBe('QUOTED, NAME');
    expect(report.rejected).toEqual([
      expect.objectContaining({ lines: [3], reason: expect.stringMatching(/INCLINATION/) }),
    ]);
  });

  it('recognises the format from the content', () => {
    expect(detectFormat(`${S2A.l1}\n${S2A.l2}`)).toBe('tle');
    expect(detectFormat(' [{"OBJECT_NAME":"X"}]')).toBe('omm-json');
    expect(detectFormat('OBJECT_NAME,OBJECT_ID,EPOCH\n')).toBe('omm-csv');
    expect(detectFormat('<?xml version="1.0"?>')).toBe('unknown');
    expect(parseElementsText('<?xml version="1.0"?>').report.rejected[0]!.reason).toMatch(/XML/);
    expect(parseElementsText('\n\n').report).toMatchObject({ format: 'empty', read: 0 });
    expect(parseElementsText(`\uFEFF${S2A.l1}\n${S2A.l2}`).sets).toHaveLength(1);
  });
});
