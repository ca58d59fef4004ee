// Issue 26, defect 7: the CSV is RFC 4180 by default (CRLF, no byte-order mark), and `--excel`
// writes it for spreadsheet programs: a UTF-8 byte-order mark first, so "Grindavík" reads right.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse as parseCsv } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { altSignal, handCache } from './hand-cache';
import { expectNothingWritten, report, tmpDir } from './helpers';

let dir: string;
let db: string;
const BOX = '-23,63,-21,64.5';

beforeAll(() => {
  dir = tmpDir();
  db = handCache(dir, 'iceland', {
    signals: [
      altSignal(1, {
        lat: 63.84,
        lng: -22.43,
        country_code: 'IS',
        placed: true,
        title: 'Eruption near Grindavík',
      }),
    ],
  });
});

describe('the CSV report', () => {
  it('is RFC 4180 by default: CRLF line ends, no byte-order mark', async () => {
    const out = path.join(dir, 'plain.csv');
    const run = await report(dir, ['--bbox', BOX, '--format', 'csv', '--out', out, '--db', db]);
    expect(run.code, run.stderr).toBe(0);
    const bytes = readFileSync(out);
    expect(bytes.subarray(0, 3).toString('utf8')).toBe('id,');
    const text = bytes.toString('utf8');
    expect(text.split('\r\n').length).toBe(3); // header, one row, and the final line end
    expect(text.replace(/\r\n/g, '')).not.toContain('\n');
    const [, row] = parseCsv(text) as string[][];
    expect(row).toContain('Eruption near Grindavík');
  });

  it('with --excel: a UTF-8 byte-order mark first, CRLF line ends, the same rows', async () => {
    const out = path.join(dir, 'excel.csv');
    const run = await report(dir, ['--bbox', BOX, '--format', 'csv', '--excel', '--out', out, '--db', db]);
    expect(run.code, run.stderr).toBe(0);
    const bytes = readFileSync(out);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString('utf8');
    expect(text.startsWith('id,')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toContain('\n');
    expect(text).toBe(readFileSync(path.join(dir, 'plain.csv'), 'utf8'));
  });

  it('--excel with another format is bad usage (exit 2), nothing written', async () => {
    const out = path.join(dir, 'excel.html');
    const run = await report(dir, ['--bbox', BOX, '--format', 'html', '--excel', '--out', out, '--db', db]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--excel applies to --format csv only');
    expectNothingWritten(out);
  });
});
