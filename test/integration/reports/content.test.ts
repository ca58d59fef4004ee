// What a report says beyond the signals: a watch's decision package (could-not-look never
// shown as looked-and-absent) and notes (confidence and likelihood apart); the caveats a
// narrowed, retracted or folded cache brings; and bad input refused with nothing written.
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  getThread,
  listWatches,
  markRetracted,
  openCache,
  openCacheReadOnly,
  querySignals,
  readCacheMeta,
  recordAlias,
  setStreamClamps,
  storeDecisionPackage,
  storeNotes,
} from '../../../electron/cache';
import { insertLocalNote, type NewLocalNote } from '../../../electron/cache/local-notes';
import { demoCache, expectNothingWritten, report, tmpDir } from './helpers';

const BBOX = '22,44,40.5,52.5';
let dir: string;
let mainDb: string;
let altDb: string;

/** Opens a cache for writing as the app would (its own base URL and profile). */
function writable(file: string) {
  const ro = openCacheReadOnly(file);
  const meta = readCacheMeta(ro)!;
  ro.close();
  return openCache(file, { baseUrl: meta.baseUrl, profile: meta.profile });
}

/** The text a reader sees in an HTML report (tags dropped, entities decoded, spaces collapsed). */
const textOf = (html: string) =>
  html
    .replace(/<style[\s\S]*?<\/style>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

beforeAll(async () => {
  dir = tmpDir();
  [mainDb, altDb] = await Promise.all([demoCache(dir, 'main'), demoCache(dir, 'alternate')]);
});

describe('a watch report', () => {
  it('types negative evidence and keeps confidence apart from likelihood', async () => {
    const db = writable(altDb);
    const watch = listWatches(db).find((w) => w.item.target_type === 'event')!;
    storeDecisionPackage(db, {
      watchId: watch.id,
      package: {
        revision: 'r9',
        negative_evidence: [
          {
            observable: 'burn scar',
            axis: 'imagery',
            status: 'inconclusive',
            reason: 'cloud',
            source_status: 'no_usable_scene',
          },
          {
            observable: 'vessels at berth',
            axis: 'sar',
            status: 'absent',
            reason: 'clear scene',
            source_status: 'scene_available',
          },
        ],
      },
    });
    storeNotes(db, {
      watchId: watch.id,
      notes: [
        {
          id: 'n-judged',
          note: 'Terminal shut',
          confidence: 'moderate',
          likelihood: 'likely',
          created_by: 'user',
        },
      ],
    });
    const subject = String((watch.item.event as { subject_key?: string } | undefined)?.subject_key);
    const thread = getThread(db, subject.replace(/^cluster:/, ''));
    db.close();
    // The demo's sync fetches the threads of watched events.
    expect(thread).not.toBeNull();
    const out = path.join(dir, 'watch.html');
    const key = 'wf-test-key-must-not-appear-0123456789';
    const run = await report(dir, ['--watch', watch.id, '--format', 'html', '--out', out, '--db', altDb], {
      WATCHFLOOR_API_KEY: key,
    });
    expect(run.code, run.stderr).toBe(0);
    const html = readFileSync(out, 'utf8');
    expect(html).not.toContain(key);
    expect(run.stderr).not.toContain(key);
    const text = textOf(html);
    expect(text).toContain(String(watch.item.name));
    expect(text).toContain('revision r9');
    const row = (observable: string) => textOf(html.split('<tr').find((r) => r.includes(`>${observable}<`))!);
    expect(row('burn scar')).toContain('Could not look');
    expect(row('burn scar')).not.toContain('absent');
    expect(row('vessels at berth')).toContain('Looked, absent');
    const note = textOf(html.split('<tr').find((r) => r.includes('Terminal shut'))!);
    expect(note).toMatch(/moderate\s+likely/);
    // A plain note states neither.
    const plain = textOf(html.split('<tr').find((r) => r.includes('breadth is not confirmation'))!);
    expect(plain).toMatch(/not stated\s+not stated/);
    expect(text).toContain('DEMO DATA');
    const sources = (thread!.sources as { url: string }[]).map((x) => x.url);
    expect(sources.length).toBeGreaterThan(0);
    const threads = textOf(html.slice(html.indexOf('Threads of the top events')));
    for (const url of sources) expect(threads).toContain(url);
  });

  it('an unknown watch is refused (exit 1) and writes nothing', async () => {
    const out = path.join(dir, 'none.html');
    const run = await report(dir, [
      '--watch',
      'no-such-watch',
      '--format',
      'html',
      '--out',
      out,
      '--db',
      altDb,
    ]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('no cached watch with id no-such-watch');
    expectNothingWritten(out);
  });
});

describe('local-only notes', () => {
  it('the analyst’s local notes on signals in scope appear marked LOCAL-ONLY, the others not', async () => {
    const file = path.join(dir, 'local-notes.db');
    copyFileSync(mainDb, file);
    const db = writable(file);
    const [a] = querySignals(db, { bbox: BBOX.split(',').map(Number), limit: 1 });
    const at = '2026-11-20T09:00:00.000Z';
    const note = (
      over: Partial<NewLocalNote> & Pick<NewLocalNote, 'id' | 'subjectId' | 'note'>,
    ): NewLocalNote => ({
      subjectKind: 'signal',
      subjectLabel: null,
      parentId: null,
      title: null,
      confidence: null,
      likelihood: null,
      gaps: [],
      nextCheck: null,
      createdAt: at,
      updatedAt: at,
      ...over,
    });
    insertLocalNote(
      db,
      note({
        id: 'local-note:h',
        subjectId: String(a!.id),
        title: 'Depot',
        note: 'Smoke over the depot',
        confidence: 'moderate',
        likelihood: 'likely',
        gaps: ['who lit it'],
      }),
    );
    insertLocalNote(
      db,
      note({
        id: 'local-note:r',
        subjectId: String(a!.id),
        parentId: 'local-note:h',
        note: 'Still burning at noon',
      }),
    );
    insertLocalNote(
      db,
      note({ id: 'local-note:x', subjectId: 'not-in-this-area', note: 'Elsewhere entirely' }),
    );
    db.close();

    const html = path.join(dir, 'local-notes.html');
    const geojson = path.join(dir, 'local-notes.geojson');
    for (const [format, out] of [
      ['html', html],
      ['geojson', geojson],
    ] as const) {
      const run = await report(dir, ['--bbox', BBOX, '--format', format, '--out', out, '--db', file]);
      expect(run.code, run.stderr).toBe(0);
    }
    const page = readFileSync(html, 'utf8');
    const section = textOf(page.slice(page.indexOf('<h2>Local notes')));
    expect(section).toMatch(/^ Local notes \(2\)/);
    const row = (text: string) => textOf(page.split('<tr').find((r) => r.includes(text))!);
    expect(row('Smoke over the depot')).toMatch(
      /LOCAL-ONLY Depot Smoke over the depot moderate likely who lit it/,
    );
    expect(row('Still burning at noon')).toMatch(
      /LOCAL-ONLY reply: Still burning at noon not stated not stated/,
    );
    expect(row('Still burning at noon')).toContain(String(a!.id));
    expect(page).not.toContain('Elsewhere entirely');

    const fc = JSON.parse(readFileSync(geojson, 'utf8')) as {
      features: { id: string; properties: Record<string, unknown> }[];
    };
    const withNotes = fc.features.filter((f) => f.properties.local_notes);
    expect(withNotes.map((f) => f.id)).toEqual([String(a!.id)]);
    expect(withNotes[0]!.properties.local_notes).toMatchObject([
      {
        local_only: true,
        title: 'Depot',
        note: 'Smoke over the depot',
        confidence: 'moderate',
        likelihood: 'likely',
        gaps: ['who lit it'],
      },
      { local_only: true, parent_id: 'local-note:h', note: 'Still burning at noon', confidence: null },
    ]);
    expect(readFileSync(geojson, 'utf8')).not.toContain('Elsewhere entirely');
  });
});

describe('caveats from the cache', () => {
  it('says what the plan narrowed, what was retracted and what was folded', async () => {
    const file = path.join(dir, 'narrowed.db');
    copyFileSync(mainDb, file);
    const db = writable(file);
    const [a, b, c] = querySignals(db, { bbox: BBOX.split(',').map(Number), limit: 3 });
    setStreamClamps(
      db,
      'signals',
      [
        {
          stream: 'signals',
          kind: 'window_clamp',
          detail: { requested_start: '2026-01-01', applied_start: '2026-10-25' },
          required_plans: ['pro'],
        },
      ],
      '2026-11-24T06:00:00.000Z',
    );
    markRetracted(db, { id: String(a!.id) });
    recordAlias(db, { oldId: String(b!.id), survivorId: String(c!.id) });
    db.close();

    const out = path.join(dir, 'narrowed.geojson');
    const run = await report(dir, ['--bbox', BBOX, '--format', 'geojson', '--out', out, '--db', file]);
    expect(run.code, run.stderr).toBe(0);
    const fc = JSON.parse(readFileSync(out, 'utf8')) as {
      features: { id: string; properties: Record<string, unknown> }[];
      report: { caveats: string[] };
    };
    const caveats = fc.report.caveats.join('\n');
    expect(caveats).toMatch(/the plan narrowed the time window/i);
    expect(caveats).toContain('2026-10-25');
    expect(caveats).toContain('lifted by the pro plan');
    expect(caveats).toMatch(/1 event in scope was retracted/);
    expect(caveats).toMatch(/1 event id was folded/);
    const ids = fc.features.map((f) => f.id);
    expect(ids).not.toContain(String(a!.id));
    expect(ids).not.toContain(String(b!.id));
    expect(fc.features.find((f) => f.id === String(c!.id))!.properties.merged_ids).toEqual([String(b!.id)]);

    const html = path.join(dir, 'narrowed.html');
    const withRetracted = await report(dir, [
      '--bbox',
      BBOX,
      '--include-retracted',
      '--format',
      'html',
      '--out',
      html,
      '--db',
      file,
    ]);
    expect(withRetracted.code, withRetracted.stderr).toBe(0);
    const row = readFileSync(html, 'utf8')
      .split('<tr')
      .find((r) => r.includes(`>${String(a!.id)}<`))!;
    expect(row).toContain('RETRACTED');
  });
});

describe('bad input', () => {
  it('a bbox that does not parse, a missing scope or format: bad usage (exit 2), nothing written', async () => {
    const out = path.join(dir, 'bad.html');
    for (const args of [
      ['--bbox', '22,44,40.5', '--format', 'html'],
      ['--bbox', '40,44,22,52', '--format', 'html'],
      ['--format', 'html'],
      ['--bbox', BBOX, '--watch', 'x', '--format', 'html'],
      ['--bbox', BBOX, '--format', 'docx'],
    ]) {
      const run = await report(dir, [...args, '--out', out, '--db', mainDb]);
      expect(run.code, args.join(' ')).toBe(2);
      expectNothingWritten(out);
    }
  });

  it('an output path that cannot be written: exit 1, a clear message, nothing left behind', async () => {
    const missing = path.join(dir, 'no-such-folder', 'r.html');
    const run = await report(dir, ['--bbox', BBOX, '--format', 'html', '--out', missing, '--db', mainDb]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('does not exist');
    expectNothingWritten(missing);
    const folder = path.join(dir, 'a-folder');
    mkdirSync(folder);
    const onFolder = await report(dir, ['--bbox', BBOX, '--format', 'csv', '--out', folder, '--db', mainDb]);
    expect(onFolder.code).toBe(1);
    expect(onFolder.stderr).toContain('it is a folder');
  });

  it('a failed report leaves an existing file as it was', async () => {
    const out = path.join(dir, 'kept.csv');
    writeFileSync(out, 'before\n');
    const run = await report(dir, [
      '--watch',
      'no-such-watch',
      '--format',
      'csv',
      '--out',
      out,
      '--db',
      altDb,
    ]);
    expect(run.code).toBe(1);
    expect(readFileSync(out, 'utf8')).toBe('before\n');
  });

  it('no browser for a PDF: exit 1, names what to install, writes nothing', async () => {
    const out = path.join(dir, 'nobrowser.pdf');
    const run = await report(dir, ['--bbox', BBOX, '--format', 'pdf', '--out', out, '--db', mainDb], {
      WATCHFLOOR_CHROMIUM: path.join(dir, 'no-chromium-here'),
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('install Chromium');
    expect(existsSync(out)).toBe(false);
  });
});
