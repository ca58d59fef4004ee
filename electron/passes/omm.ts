// OMM records as CelesTrak serves them (GP data, FORMAT=json and FORMAT=csv: one record per
// satellite, keyword names from CCSDS 502.0-B-3; https://celestrak.org/NORAD/documentation/gp-data-formats.php).
// Each record is checked on its own; a bad one is reported (record index or CSV line) and
// skipped whole, never half-used.
import { json2satrec, type OMMJsonObject } from 'satellite.js';
import { z } from 'zod';
import { satrecEpochMs, type ElementSet, type ParsedElements, type Rejection } from './elements';

const num = z.union([z.number(), z.string().trim().min(1)]).transform((v, ctx) => {
  const n = Number(v);
  if (!Number.isFinite(n)) {
    ctx.addIssue({ code: 'custom', message: `"${v}" is not a number` });
    return z.NEVER;
  }
  return n;
});

// The keywords SGP4 needs; anything else (OBJECT_TYPE, RCS_SIZE...) is kept as given.
const record = z
  .object({
    OBJECT_NAME: z.string().trim().default(''),
    OBJECT_ID: z.string().trim().default(''),
    EPOCH: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z?$/, 'EPOCH must be an ISO 8601 UTC date-time'),
    MEAN_MOTION: num.refine((n) => n > 0 && n < 20, 'MEAN_MOTION must be between 0 and 20 rev/day'),
    ECCENTRICITY: num.refine((n) => n >= 0 && n < 1, 'ECCENTRICITY must be in [0, 1)'),
    INCLINATION: num.refine((n) => n >= 0 && n <= 180, 'INCLINATION must be within 0..180'),
    RA_OF_ASC_NODE: num,
    ARG_OF_PERICENTER: num,
    MEAN_ANOMALY: num,
    NORAD_CAT_ID: num.refine((n) => Number.isInteger(n) && n > 0, 'NORAD_CAT_ID must be a positive integer'),
    ELEMENT_SET_NO: num.default(999),
    BSTAR: num,
    MEAN_MOTION_DOT: num,
    MEAN_MOTION_DDOT: num.default(0),
    EPHEMERIS_TYPE: num.refine((n) => n === 0, 'EPHEMERIS_TYPE must be 0 (SGP4)').optional(),
  })
  .loose();

const KEY_FIELDS = ['NORAD_CAT_ID', 'EPOCH', 'MEAN_MOTION'] as const;

/** One OMM record → an element set, or the reason it cannot be one. */
export function ommRecordToSet(raw: unknown): ElementSet | { reason: string; noradId?: number } {
  const parsed = record.safeParse(raw);
  const idGuess = Number((raw as Record<string, unknown> | null)?.NORAD_CAT_ID);
  const noradId = Number.isInteger(idGuess) && idGuess > 0 ? idGuess : undefined;
  if (!parsed.success) {
    const first = parsed.error.issues[0]!;
    return { reason: `${first.path.join('.') || 'record'}: ${first.message}`, noradId };
  }
  const r = parsed.data;
  const epoch = r.EPOCH.endsWith('Z') ? r.EPOCH : `${r.EPOCH}Z`;
  if (Number.isNaN(Date.parse(epoch))) return { reason: `EPOCH "${r.EPOCH}" is not a date`, noradId };
  const omm = { ...r, EPOCH: epoch } as unknown as OMMJsonObject;
  const satrec = json2satrec(omm);
  if (satrec.error !== 0 || !Number.isFinite(satrec.no) || satrec.no <= 0)
    return { reason: `SGP4 cannot use it (error ${satrec.error})`, noradId: r.NORAD_CAT_ID };
  return {
    noradId: r.NORAD_CAT_ID,
    name: r.OBJECT_NAME || `NORAD ${r.NORAD_CAT_ID}`,
    epoch: new Date(Math.round(satrecEpochMs(satrec))).toISOString(),
    format: 'omm',
    raw: JSON.stringify(omm),
  };
}

const isSet = (v: ReturnType<typeof ommRecordToSet>): v is ElementSet => 'raw' in v;

export function parseOmmJson(text: string): ParsedElements {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    return {
      sets: [],
      report: {
        format: 'omm-json',
        read: 0,
        valid: 0,
        rejected: [{ reason: `not valid JSON: ${(err as Error).message}` }],
      },
    };
  }
  const records = Array.isArray(data) ? data : [data];
  const sets: ElementSet[] = [];
  const rejected: Rejection[] = [];
  records.forEach((raw, i) => {
    const out = ommRecordToSet(raw);
    if (isSet(out)) sets.push(out);
    else rejected.push({ record: i, ...(out.noradId ? { noradId: out.noradId } : {}), reason: out.reason });
  });
  return { sets, report: { format: 'omm-json', read: records.length, valid: sets.length, rejected } };
}

/** RFC 4180 fields of one line (CelesTrak quotes nothing, but a name may carry a comma). */
export function splitCsvLine(line: string): string[] {
  const out: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === ',') {
      out.push(field);
      field = '';
    } else field += c;
  }
  out.push(field);
  return out;
}

export function parseOmmCsv(text: string): ParsedElements {
  const lines = text.split(/\r?\n/);
  const headerAt = lines.findIndex((l) => l.trim() !== '');
  const header = splitCsvLine(lines[headerAt] ?? '').map((h) => h.trim().toUpperCase());
  const missing = KEY_FIELDS.filter((k) => !header.includes(k));
  if (missing.length)
    return {
      sets: [],
      report: {
        format: 'omm-csv',
        read: 0,
        valid: 0,
        rejected: [{ lines: [headerAt + 1], reason: `the CSV header lacks ${missing.join(', ')}` }],
      },
    };
  const sets: ElementSet[] = [];
  const rejected: Rejection[] = [];
  let read = 0;
  for (let i = headerAt + 1; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.trim() === '') continue;
    read++;
    const fields = splitCsvLine(line);
    if (fields.length !== header.length) {
      rejected.push({ lines: [i + 1], reason: `${fields.length} fields, the header has ${header.length}` });
      continue;
    }
    const rec: Record<string, string> = {};
    header.forEach((h, j) => {
      const v = fields[j]!.trim();
      if (v !== '') rec[h] = v;
    });
    const out = ommRecordToSet(rec);
    if (isSet(out)) sets.push(out);
    else
      rejected.push({ lines: [i + 1], ...(out.noradId ? { noradId: out.noradId } : {}), reason: out.reason });
  }
  return { sets, report: { format: 'omm-csv', read, valid: sets.length, rejected } };
}
