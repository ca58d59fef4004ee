// Cache benchmark: synthetic main-profile signals ingested in 500-signal pages through the
// sync engine's path (the cache writer's worker thread running storeSignalsPage, FTS5 + R*Tree
// kept in step) while the main thread's event-loop delay is measured, then bbox / 30-day
// window / q queries on the account's connection, then bytes on disk. Targets: ≥ 25,000
// signals/s, a page in ≤ 20 ms, event-loop delay p99 ≤ 20 ms and max ≤ 100 ms, p95 ≤ 10 ms.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import {
  openCache,
  querySignals,
  workerWriter,
  type CacheWriter,
  type OpCall,
  type SignalQuery,
} from '../electron/cache/index';
import { BULK_AFTER_PAGES, GROUP_PAGES, pageGroups } from '../electron/sync/page-groups';
import { coldStart } from './cold-start';
import { record, RESULTS_DIR } from './report';

const PAGE = 500;
const DAYS = 60;
const END = Date.parse('2026-11-20T00:00:00Z');

/** mulberry32: deterministic, so every run measures the same data. */
export function random(seed: number) {
  let a = seed >>> 0;
  const next = (): number => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!;
  const hex = (n: number) => Array.from({ length: n }, () => Math.floor(next() * 16).toString(16)).join('');
  return { next, pick, uuid: () => `${hex(8)}-${hex(4)}-4${hex(3)}-a${hex(3)}-${hex(12)}` };
}
type Random = ReturnType<typeof random>;

// name,code,west,south,east,north: real extents, so points spread where news happens.
const COUNTRIES = `Ukraine,UA,22.1,44.4,40.2,52.4;Sudan,SD,21.8,8.7,38.6,22.2;Yemen,YE,42.5,12.1,54.5,19
Myanmar,MM,92.2,9.8,101.2,28.5;DR Congo,CD,12.2,-13.5,31.3,5.4;Syria,SY,35.7,32.3,42.4,37.3
Nigeria,NG,2.7,4.3,14.7,13.9;Mexico,MX,-117.1,14.5,-86.7,32.7;Colombia,CO,-79,-4.2,-66.9,12.5
Brazil,BR,-73.9,-33.7,-34.8,5.3;India,IN,68.2,8.1,97.4,35.5;Pakistan,PK,60.9,23.7,77.8,37.1
Afghanistan,AF,60.5,29.4,74.9,38.5;Iraq,IQ,38.8,29.1,48.6,37.4;Iran,IR,44,25.1,63.3,39.8
Israel,IL,34.3,29.5,35.9,33.3;Lebanon,LB,35.1,33.1,36.6,34.7;Somalia,SO,41,-1.7,51.4,12
Ethiopia,ET,33,3.4,48,14.9;Mali,ML,-12.2,10.2,4.2,25;Libya,LY,9.4,19.5,25.2,33.2
Philippines,PH,117,5,126.6,18.5;Indonesia,ID,95,-10.4,141,5.9;China,CN,73.5,18.2,134.8,53.6
Taiwan,TW,120,21.9,122,25.3;Japan,JP,129.4,31,145.5,45.5;South Korea,KR,126.1,34.4,129.6,38.6
Russia,RU,27.3,41.2,179,77.7;Turkey,TR,26,36,44.8,42.1;Egypt,EG,24.7,22,36.9,31.7
Saudi Arabia,SA,34.6,16.4,55.7,32.2;France,FR,-4.8,42.3,8.2,51.1;Germany,DE,5.9,47.3,15,55.1
United Kingdom,GB,-8.2,49.9,1.8,58.6;Poland,PL,14.1,49,24.1,54.8;United States,US,-124.7,25.1,-67,49.4
Canada,CA,-140,42,-52.6,70;Venezuela,VE,-73.4,0.6,-59.8,12.2;Peru,PE,-81.3,-18.4,-68.7,-0.1
Chile,CL,-75.6,-55.9,-66.9,-17.5;Argentina,AR,-73.6,-55.1,-53.6,-21.8;South Africa,ZA,16.3,-34.8,32.9,-22.1
Kenya,KE,33.9,-4.7,41.9,5.5;Mozambique,MZ,30.2,-26.9,40.8,-10.5;Australia,AU,113.3,-43.6,153.6,-10.7
Bangladesh,BD,88,20.7,92.7,26.6;Thailand,TH,97.3,5.6,105.6,20.5;Vietnam,VN,102.1,8.6,109.5,23.4
Haiti,HT,-74.5,18,-71.6,20.1;Burkina Faso,BF,-5.5,9.4,2.4,15.1;Niger,NE,0.2,11.7,16,23.5
Cameroon,CM,8.5,1.7,16.2,13.1;Greece,GR,19.4,34.8,28.2,41.7;Italy,IT,6.6,36.6,18.5,47.1`
  .split(/[;\n]/)
  .map((row) => {
    const [name, code, ...box] = row.split(',');
    return { name: name!, code: code!, box: box.map(Number) as [number, number, number, number] };
  });
const words = (s: string) => s.split(' ');
const CATEGORIES = words(
  'armed_conflict protest terrorism maritime_incident industrial_accident natural_disaster cyber_incident ' +
    'political_violence displacement infrastructure_damage civil_unrest military_movement',
);
const ACTORS = words('Militants Protesters Gunmen Rebels Troops Police Separatists Workers Drones Sailors');
const VERBS = words(
  'attack shell seize block strike raid burn bomb occupy evacuate storm sabotage close ambush',
);
const OBJECTS = [
  ...words('market refinery port airfield bridge pipeline substation checkpoint hospital warehouse dam mine'),
  ...['fuel depot', 'power station', 'border crossing', 'police station', 'oil terminal', 'military base'],
  ...['grain silo', 'railway junction', 'water plant', 'ferry terminal'],
];
// News text is Zipfian: a few words in most summaries, most words in few. Frequent English
// words first, then made-up ones, drawn with probability ∝ 1/rank.
const SYLLABLES = words('ka ra mo lu sa ti ne ba do zi ha ve an or el qu pe mi to ri');
const COMMON = words(
  'reported officials said local residents after near forces security area city killed injured ' +
    'attack people sources media according statement confirmed police government early morning ' +
    'damage fire smoke witnesses casualties emergency services roads closed electricity supplies ' +
    'shipping vessel cargo crew detained ceasefire artillery drones missiles protest rally curfew ' +
    'flooding landslide earthquake displaced aid convoy humanitarian access blocked',
);
function syllableWord(r: Random, n: number): string {
  return Array.from({ length: n }, () => r.pick(SYLLABLES)).join('');
}
function vocabulary(r: Random): { vocab: string[]; cumulative: number[] } {
  const vocab = [...COMMON, ...Array.from({ length: 4000 }, (_, i) => syllableWord(r, 2 + (i % 3)))];
  let sum = 0;
  return { vocab, cumulative: vocab.map((_, i) => (sum += 1 / (i + 1))) };
}

interface World {
  r: Random;
  places: { name: string; country: (typeof COUNTRIES)[number]; lat: number; lng: number }[];
  vocab: string[];
  cumulative: number[];
}

export function makeWorld(seed = 20261120): World {
  const r = random(seed);
  const places = Array.from({ length: 4000 }, () => {
    const country = r.pick(COUNTRIES);
    const [w, s, e, n] = country.box;
    const name = syllableWord(r, 2 + Math.floor(r.next() * 3));
    const cap = name[0]!.toUpperCase() + name.slice(1);
    return { name: cap, country, lat: s + r.next() * (n - s), lng: w + r.next() * (e - w) };
  });
  return { r, places, ...vocabulary(r) };
}

function zipfWord(w: World): string {
  const x = w.r.next() * w.cumulative.at(-1)!;
  let lo = 0;
  let hi = w.cumulative.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (w.cumulative[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return w.vocab[lo]!;
}

/**
 * A main-profile signal shaped and sized as the spec's "Signal (main profile)". Sync
 * delivers signals roughly in update order (updated_since): `at` (0..1) is this one's
 * place in the 60 days; it happened up to 72 hours before it was last updated.
 */
export function makeSignal(w: World, at: number): Record<string, unknown> {
  const { r } = w;
  const p = r.pick(w.places);
  const updated = Math.min(END, Math.floor(END - DAYS * 86_400_000 * (1 - at) + r.next() * 3_600_000));
  const occurred = updated - Math.floor(r.next() * 72 * 3_600_000);
  const severity = Math.round(r.next() * 100) / 10;
  const stage = r.pick(['reported', 'localized', 'pinpointed'] as const);
  const sentence = () => Array.from({ length: 8 + Math.floor(r.next() * 8) }, () => zipfWord(w)).join(' ');
  const object = r.pick(OBJECTS);
  const lat = Number((p.lat + (r.next() - 0.5) * 0.2).toFixed(5));
  const lng = Number((p.lng + (r.next() - 0.5) * 0.2).toFixed(5));
  const iso = (ms: number) => new Date(ms).toISOString();
  return {
    id: r.uuid(),
    category: r.pick(CATEGORIES),
    title: `${r.pick(ACTORS)} ${r.pick(VERBS)} ${object} in ${p.name}, ${p.country.name}`,
    summary: `${sentence()} in ${p.name}. ${sentence()} ${object}. ${sentence()}.`,
    occurred_at: iso(occurred),
    occurred_at_precision: 'hour',
    occurred_at_basis: 'stated',
    last_reported_at: iso(updated),
    location: stage === 'reported' ? p.country.name : p.name,
    location_level: stage === 'pinpointed' ? 'facility' : 'locality',
    country: p.country.name,
    country_code: p.country.code,
    lat,
    lng,
    plottable: stage !== 'reported',
    stage,
    stage_reason: stage === 'pinpointed' ? 'located_to_facility' : 'no_finer_place_named',
    severity_score: severity,
    severity_band: Math.max(1, Math.floor(severity)),
    geoint_score: Math.round(r.next() * 100) / 10,
    escalation_trend: r.next() < 0.2 ? 'escalating' : 'stable',
    cross_border_risk: r.next() < 0.1,
    infrastructure_target: r.next() < 0.3 ? 'energy' : null,
    casualties: {
      killed: Math.floor(r.next() * 20),
      injured: Math.floor(r.next() * 40),
      basis: 'reported_count',
      disputed: false,
      not_counted: [],
    },
    reporting: {
      member_count: 1 + Math.floor(r.next() * 30),
      distinct_hosts: 1 + Math.floor(r.next() * 12),
      source_reliability_best: 'B',
      credibility_best: 2,
      graded_members: 3,
    },
    collection: {
      level: severity > 6 ? 'vhr' : 'hr',
      sensor: 'optical',
      target: object,
      reason: 'damage visible from orbit',
      niirs: 5,
      analysis: 'change_detection',
      aoi: [lng - 0.05, lat - 0.05, lng + 0.05, lat + 0.05].map((x) => Number(x.toFixed(4))),
      gap: null,
      observability: Math.round(r.next() * 100) / 100,
    },
    imagery: {
      post_status: r.pick(['available', 'none', 'confirmed_post']),
      sar_pair_status: 'pair_available',
      latest_scene_date: iso(updated).slice(0, 10),
    },
    market_impact: r.next() < 0.3 ? [r.pick(words('oil natural_gas grain shipping defense metals'))] : [],
    quality: { status: 'passed', score: 0.9, issues: null },
    last_updated_at: iso(updated),
    assessed_at: iso(updated),
    measured: false,
  };
}

/** Analyst-sized boxes around where events are (a city, a region, a country) and words. */
export function queries(w: World): { family: string; query: SignalQuery }[] {
  const { r } = w;
  const startDate = new Date(END - 29 * 86_400_000).toISOString().slice(0, 10);
  const endDate = new Date(END).toISOString().slice(0, 10);
  const box = () => {
    const p = r.pick(w.places);
    const [dx, dy] = r.pick([[0.5, 0.5], [2, 2], [5, 4], [12, 9]] as const); // prettier-ignore
    return [
      Math.max(-180, p.lng - dx),
      Math.max(-90, p.lat - dy),
      Math.min(180, p.lng + dx),
      Math.min(90, p.lat + dy),
    ];
  };
  const midWord = () => w.vocab[COMMON.length + Math.floor(r.next() * 300)]!;
  const q = () =>
    r.pick([
      () => r.pick(OBJECTS),
      () => r.pick(w.places).name,
      () => `${r.pick(COMMON)} ${r.pick(OBJECTS).split(' ')[0]}`,
      () => `"${r.pick(OBJECTS)}" ${r.pick(VERBS)}`,
      () => `${r.pick(OBJECTS).split(' ')[0]} -${r.pick(COMMON)}`,
      () => `${r.pick(COUNTRIES).name} ${midWord()}`,
      () => `${r.pick(COMMON)} ${r.pick(COMMON)}`,
    ])();
  const out: { family: string; query: SignalQuery }[] = [];
  for (let i = 0; i < 150; i++) {
    out.push({ family: 'bbox + window', query: { bbox: box(), startDate, endDate } });
    out.push({ family: 'bbox + window + q', query: { bbox: box(), startDate, endDate, q: q() } });
    out.push({ family: 'q + window', query: { startDate, endDate, q: q() } });
  }
  return out;
}

const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))] ?? 0;
const ms = (x: number) => `${x.toFixed(x < 10 ? 2 : 1)} ms`;
const fig = (figure: string, value: string, target: string, pass: boolean, data?: Record<string, number>) =>
  record({ bench: 'cache', figure, value, target, pass, ...(data ? { data } : {}) });

/** Bytes this process has written (Linux, /proc/self/io), or null elsewhere. */
function bytesWritten(): number | null {
  try {
    const m = /^wchar: (\d+)$/m.exec(fs.readFileSync('/proc/self/io', 'utf8'));
    return m ? Number(m[1]) : null;
  } catch {
    return null;
  }
}

export async function benchCache(opts: { n?: number } = {}): Promise<void> {
  const n = opts.n ?? 1_000_000;
  // Scratch space inside the checkout (bench-results/ is ignored by git).
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const dir = fs.mkdtempSync(path.join(RESULTS_DIR, 'cache-'));
  const file = path.join(dir, 'cache.db');
  const db = openCache(file, { baseUrl: 'https://bench.invalid', profile: 'main' });
  const writer = workerWriter(db);
  try {
    const world = makeWorld();
    console.log(`cache: ${n.toLocaleString('en')} synthetic main-profile signals, ${PAGE} a page (${file})`);
    // Per 500-signal page, the writer's time: a page stored alone, or its share of its group.
    const pageMs: number[] = [];
    const groupMs: number[] = [];
    let stored = 0;
    let grouped = 0;
    // The main thread does what it does in a sync: parses each page (a worker stands in for
    // the service) and hands it to the writer; the delay histogram says how long the window
    // would have waited for its thread meanwhile.
    const source = new Worker(new URL('./page-source.ts', import.meta.url), {
      workerData: { n, page: PAGE },
      execArgv: ['--import', 'tsx'],
    });
    const pages: string[] = [];
    let waiting: ((text: string) => void) | null = null;
    source.on('message', (text: string) => (waiting ? waiting(text) : pages.push(text)));
    const nextPage = () =>
      new Promise<string>((resolve) => {
        source.postMessage('next');
        const ready = pages.shift();
        if (ready !== undefined) resolve(ready);
        else waiting = (text) => ((waiting = null), resolve(text));
      });
    // The sync engine's group commit (electron/sync/page-groups.ts), timed per group.
    // BENCH_GROUP_PAGES=1 measures one transaction per page throughout.
    const groupPages = process.env.BENCH_GROUP_PAGES ? Number(process.env.BENCH_GROUP_PAGES) : GROUP_PAGES;
    const timed: CacheWriter = {
      ...writer,
      commitStaged: async (key) => {
        const t0 = performance.now();
        const results = await writer.commitStaged(key);
        const took = performance.now() - t0;
        groupMs.push(took);
        for (let i = 0; i < results.length; i++) pageMs.push(took / results.length);
        return results;
      },
    };
    const groups = pageGroups(timed, 'signals', { pages: groupPages });
    // Sampled every millisecond; each sample includes that millisecond, so figures err high.
    const loop = monitorEventLoopDelay({ resolution: 1 });
    loop.enable();
    const started = performance.now();
    const cpuBefore = process.cpuUsage();
    const wroteBefore = bytesWritten();
    try {
      let coming = nextPage();
      for (let done = 0, page = 0; done < n; done += PAGE, page++) {
        const signals = JSON.parse(await coming) as Record<string, unknown>[];
        // The next response arrives while this page is written, as over the network.
        if (done + PAGE < n) coming = nextPage();
        const checkpoint = { updated_since: signals.at(-1)!.last_updated_at, offset: done + signals.length };
        const call: OpCall = [
          'storeSignalsPage',
          { profile: 'main', signals, stream: 'signals', checkpoint },
        ];
        const count = (results: unknown[]) => (stored += (results[0] as { inserted: number }).inserted);
        // As syncSignals: pages one by one until the pass is long, then in groups.
        if (page >= BULK_AFTER_PAGES && groupPages > 1) {
          await groups.add([call], count);
          grouped += signals.length;
        } else {
          const t0 = performance.now();
          count(await writer.tx([call]));
          pageMs.push(performance.now() - t0);
        }
        if ((done + PAGE) % 100_000 === 0)
          process.stderr.write(`  stored ${(done + PAGE).toLocaleString('en')}\n`);
      }
      await groups.flush();
      // As syncSignals ends a long pass: the words' index tidied and the map's points saved for
      // the next launch (their time counts in the rate).
      let t0 = performance.now();
      if (await writer.one('tidySignalIndex', { stored: grouped })) {
        console.log(`  words' index tidied in ${ms(performance.now() - t0)}`);
        t0 = performance.now();
        if (await writer.one('savePointColumns'))
          console.log(`  map's point columns saved in ${ms(performance.now() - t0)}`);
      }
    } finally {
      await source.terminate();
    }
    const elapsed = performance.now() - started;
    const cpu = process.cpuUsage(cpuBefore);
    loop.disable();
    // CPU time of every thread (the stand-in service's, the main thread's, the writer's and the
    // checkpointer's) per signal: with os.availableParallelism() cores, the rate cannot pass
    // cores / this, however the work is split between threads.
    const cpuPerSignal = (cpu.user + cpu.system) / stored;
    const cores = os.availableParallelism();
    fig(
      'ingest CPU per signal, all threads',
      `${cpuPerSignal.toFixed(1)} µs (${cores} cores: ≤ ${Math.round((cores * 1e6) / cpuPerSignal).toLocaleString('en')}/s at best)`,
      '-',
      true,
      { cpuPerSignal, cores },
    );
    // What the ingest wrote (WAL and checkpoints, every thread): unlike the rate, the VM's
    // load does not move it.
    const wrote = bytesWritten();
    if (wrote !== null && wroteBefore !== null)
      fig(
        'bytes written per signal, ingest',
        `${Math.round((wrote - wroteBefore) / stored).toLocaleString('en')} B`,
        '-',
        true,
        {
          perSignal: (wrote - wroteBefore) / stored,
        },
      );
    // Wall time of the whole ingest: fetching (parsing) and writing overlap, as in a sync.
    const rate = stored / (elapsed / 1000);
    fig(
      `ingest rate (${n.toLocaleString('en')})`,
      `${Math.round(rate).toLocaleString('en')}/s`,
      '≥ 25,000/s',
      rate >= 25_000,
      { rate, writerRate: stored / (pageMs.reduce((a, b) => a + b, 0) / 1000) },
    );
    const p95 = pct(pageMs, 0.95);
    fig(`500-signal page p95 (writer's time; groups of up to ${groupPages})`, ms(p95), '≤ 20 ms', p95 <= 20, {
      p95,
      max: Math.max(...pageMs),
    });
    if (groupMs.length)
      fig(
        `group commit p50 / p95 (${groupMs.length} groups)`,
        `${ms(pct(groupMs, 0.5))} / ${ms(pct(groupMs, 0.95))}`,
        '-',
        true,
        {
          p50: pct(groupMs, 0.5),
          p95: pct(groupMs, 0.95),
          max: Math.max(...groupMs),
        },
      );
    const [p99, max] = [loop.percentile(99) / 1e6, loop.max / 1e6];
    fig('main event-loop delay p99, ingest', ms(p99), '≤ 20 ms', p99 <= 20, {
      p99,
      p50: loop.percentile(50) / 1e6,
    });
    fig('main event-loop delay max, ingest', ms(max), '≤ 100 ms', max <= 100, { max });
    await writer.close();

    queryPasses(db);

    db.pragma('wal_checkpoint(TRUNCATE)');
    const size = fs.statSync(file).size;
    const perSignal = size / stored;
    fig(
      'bytes on disk per signal',
      `${Math.round(perSignal).toLocaleString('en')} B`,
      '≤ 1,500 B',
      perSignal <= 1500,
      {
        perSignal,
        fileBytes: size,
        payloadJson: JSON.stringify(makeSignal(world, 1)).length,
      },
    );

    // Serve started on the cache as the analyst would: the first launch after the sync (which
    // may gather the query planner's statistics), then another.
    db.close();
    const home = path.join(dir, 'home');
    fs.mkdirSync(home);
    await coldStarts(file, home, ['first launch', 'second launch']);
  } finally {
    await writer.close();
    db.close();
    // BENCH_KEEP=1 leaves the cache file for a closer look (its path is printed above).
    if (!process.env.BENCH_KEEP) fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Serve launched on file once per label, each launch's figures recorded. */
async function coldStarts(file: string, home: string, launches: string[]): Promise<void> {
  for (const launch of launches) {
    const c = await coldStart(file, home);
    if (!c) {
      console.log('  (cold start not measured: build the CLI first, npm run build:node)');
      break;
    }
    fig(
      `serve cold start to first map answer, ${launch} (${c.points.toLocaleString('en')} points)`,
      ms(c.pointsMs),
      '≤ 2 s',
      c.pointsMs <= 2000,
      { ...c },
    );
    fig(
      `serve RSS after it, ${launch} (peak)`,
      `${Math.round(c.rssMb)} MB (${Math.round(c.peakMb)} MB; anon ${Math.round(c.anonMb)}, file ${Math.round(c.fileMb)})`,
      '≤ 400 MB',
      c.peakMb <= 400,
      { ...c },
    );
  }
}

/**
 * The queries, twice: the first pass reads pages the ingest did not leave in memory (on the
 * development VM the kernel pages the file cache out within seconds), the second is what an
 * analyst moving about the map sees. CPU time beside wall time: the VM is shared.
 */
function queryPasses(db: ReturnType<typeof openCache>): void {
  for (const pass of ['first pass', 'second pass']) {
    const byFamily = new Map<string, number[]>();
    const cpuByFamily = new Map<string, number[]>();
    for (const { family, query } of queries(makeWorld())) {
      const [t0, c0] = [performance.now(), process.cpuUsage()];
      querySignals(db, query);
      const c = process.cpuUsage(c0);
      byFamily.set(family, [...(byFamily.get(family) ?? []), performance.now() - t0]);
      cpuByFamily.set(family, [...(cpuByFamily.get(family) ?? []), (c.user + c.system) / 1000]);
    }
    const all = [...byFamily.values()].flat();
    for (const [family, xs] of [...byFamily, ['all queries', all] as const]) {
      const [p50, p95q, maxq] = [pct(xs, 0.5), pct(xs, 0.95), Math.max(...xs)];
      const cpu = cpuByFamily.get(family);
      fig(
        `${family}, ${pass} p50/p95/max`,
        `${p50.toFixed(2)} / ${p95q.toFixed(2)} / ${maxq.toFixed(1)} ms` +
          (cpu ? ` (CPU p95 ${pct(cpu, 0.95).toFixed(2)} ms)` : ''),
        'p95 ≤ 10 ms',
        p95q <= 10,
        { p50, p95: p95q, max: maxq, ...(cpu ? { cpuP95: pct(cpu, 0.95) } : {}) },
      );
    }
  }
}

/**
 * The queries alone on a cache built before (BENCH_CACHE_FILE, e.g. one a BENCH_KEEP=1 run left
 * under bench-results/): building 1M signals takes minutes. The file is opened as the account
 * opens it, so it may be migrated; use a copy.
 */
export function benchQueriesOn(file: string): void {
  const db = openCache(file, { baseUrl: 'https://bench.invalid', profile: 'main' });
  try {
    console.log(`cache: queries on ${file}`);
    queryPasses(db);
  } finally {
    db.close();
  }
}

/**
 * The cold start alone on a cache built before (BENCH_COLD_FILE, e.g. one a BENCH_KEEP=1 run
 * left under bench-results/): building 1M signals takes minutes. The point columns saved beside
 * it (read/points-file.ts) are removed first, so the first launch reads the table as after a
 * sync, and the next two load what it saved.
 */
export async function benchColdStart(file: string): Promise<void> {
  const home = fs.mkdtempSync(path.join(RESULTS_DIR, 'cold-home-'));
  try {
    fs.rmSync(`${file}.points`, { force: true });
    await coldStarts(file, home, ['columns read from the table', 'columns saved', 'columns saved, again']);
  } finally {
    fs.rmSync(home, { recursive: true, force: true });
  }
}
