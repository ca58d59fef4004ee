// serve's exported reports (electron/serve/downloads.ts): staged in a private folder, handed over
// once, deleted once sent or when never fetched in time, and all gone when serve stops.
import { existsSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createServeDownloads } from '../../../electron/serve/downloads';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('serve’s downloads', () => {
  it('stages in a private folder and hands a file over once, then deletes it', () => {
    const d = createServeDownloads();
    const file = d.stage('watchfloor-box-1_2_3_4-2026-11-20T1200Z.csv');
    writeFileSync(file, 'id\n');
    expect(statSync(path.dirname(file)).mode & 0o777).toBe(0o700);
    const id = d.offer(file, 'watchfloor-box.csv', 'csv');
    const taken = d.take(id)!;
    expect(taken).toEqual({ file, name: 'watchfloor-box.csv', contentType: 'text/csv; charset=utf-8' });
    expect(d.take(id)).toBeNull();
    d.done(taken);
    expect(existsSync(file)).toBe(false);
    d.close();
    expect(existsSync(path.dirname(file))).toBe(false);
  });

  it('deletes a report never fetched once its time is up, and every one when serve stops', async () => {
    const d = createServeDownloads(30);
    const late = d.stage('late.html');
    writeFileSync(late, '<p>');
    const id = d.offer(late, 'late.html', 'html');
    await sleep(80);
    expect(d.take(id)).toBeNull();
    expect(existsSync(late)).toBe(false);
    const left = d.stage('left.kml');
    writeFileSync(left, '<kml/>');
    d.offer(left, 'left.kml', 'kml');
    d.close();
    expect(existsSync(left)).toBe(false);
  });
});
