// TLE and 3LE text (CelesTrak FORMAT=tle / 3le): an optional name line ("0 " prefix in
// 3LE), then line 1 and line 2 of 69 columns. Field layout and checksum per the
// Space-Track / CelesTrak format description (https://celestrak.org/columns/v04n03/):
// checksum = (sum of digits + 1 for each '-') mod 10, in column 69.
// A corrupt set is reported by its line numbers and skipped as a whole.
import { twoline2satrec } from 'satellite.js';
import { satrecEpochMs, type ElementSet, type ParsedElements, type Rejection } from './elements';

type Kind = 'name' | 'l1' | 'l2';
interface Line {
  no: number;
  text: string;
  kind: Kind;
}

/** (digits + 1 per '-') mod 10 over the first 68 columns. */
export function tleChecksum(line: string): number {
  let sum = 0;
  for (let i = 0; i < 68 && i < line.length; i++) {
    const c = line.charCodeAt(i);
    if (c >= 48 && c <= 57) sum += c - 48;
    else if (c === 45) sum += 1;
  }
  return sum % 10;
}

/**
 * Catalog number of columns 3-7, including the Alpha-5 form that Space-Track uses past
 * 99,999 (a leading letter A-Z without I and O stands for 10-33: "A0001" = 100001).
 */
export function parseCatalogNumber(field: string): number | null {
  const f = field.trim();
  if (/^\d{1,5}$/.test(f)) return Number(f);
  const m = /^([A-HJ-NP-Z])(\d{4})$/.exec(f);
  if (!m) return null;
  const letter = m[1]!.charCodeAt(0) - 65; // A=0
  // I and O are skipped so they cannot be mistaken for 1 and 0.
  const value = 10 + letter - (letter > 8 ? 1 : 0) - (letter > 14 ? 1 : 0);
  return value * 10_000 + Number(m[2]);
}

function classify(text: string): Kind {
  if (text.startsWith('1 ')) return 'l1';
  if (text.startsWith('2 ')) return 'l2';
  return 'name';
}

/** Why a line pair is not a usable element set, or null when it is. */
export function checkTlePair(l1: string, l2: string): string | null {
  if (l1.length !== 69) return `line 1 has ${l1.length} characters, not 69`;
  if (l2.length !== 69) return `line 2 has ${l2.length} characters, not 69`;
  for (const [label, line] of [
    ['line 1', l1],
    ['line 2', l2],
  ] as const) {
    const expected = tleChecksum(line);
    const given = line[68]!;
    if (!/\d/.test(given) || Number(given) !== expected)
      return `${label} checksum is ${given}, expected ${expected}`;
  }
  const n1 = parseCatalogNumber(l1.slice(2, 7));
  const n2 = parseCatalogNumber(l2.slice(2, 7));
  if (n1 === null) return `line 1 catalog number "${l1.slice(2, 7)}" is not a number`;
  if (n1 !== n2)
    return `catalog numbers differ: ${l1.slice(2, 7).trim()} on line 1, ${l2.slice(2, 7).trim()} on line 2`;
  if (!/^\d{2}[\d ]{3}\.\d{8}$/.test(l1.slice(18, 32)))
    return `line 1 epoch "${l1.slice(18, 32)}" is malformed`;
  const meanMotion = Number(l2.slice(52, 63));
  if (!(meanMotion > 0)) return `line 2 mean motion "${l2.slice(52, 63).trim()}" is not positive`;
  const incl = Number(l2.slice(8, 16));
  if (!(incl >= 0 && incl <= 180)) return `line 2 inclination "${l2.slice(8, 16).trim()}" is out of range`;
  if (!/^\d{7}$/.test(l2.slice(26, 33))) return `line 2 eccentricity "${l2.slice(26, 33)}" is malformed`;
  return null;
}

/** Parses TLE/3LE text; every line either belongs to a valid set or to a rejection. */
export function parseTleText(text: string): ParsedElements {
  const lines: Line[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    const t = raw.replace(/\s+$/, '');
    if (t.trim() === '') return;
    lines.push({ no: i + 1, text: t, kind: classify(t) });
  });

  // Group lines as [name]? [line 1]? [line 2]? in that order; each group is one set read.
  const groups: Line[][] = [];
  let cur: Line[] = [];
  const order: Record<Kind, number> = { name: 0, l1: 1, l2: 2 };
  for (const line of lines) {
    const last = cur.at(-1);
    if (last && order[line.kind] <= order[last.kind]) {
      groups.push(cur);
      cur = [];
    }
    cur.push(line);
  }
  if (cur.length) groups.push(cur);

  const sets: ElementSet[] = [];
  const rejected: Rejection[] = [];
  for (const g of groups) {
    const name = g.find((l) => l.kind === 'name');
    const l1 = g.find((l) => l.kind === 'l1');
    const l2 = g.find((l) => l.kind === 'l2');
    const first = g[0]!.no;
    const lastNo = g.at(-1)!.no;
    const span: Rejection['lines'] = first === lastNo ? [first] : [first, lastNo];
    if (!l1 || !l2) {
      const reason =
        !l1 && !l2 ? 'a name line without element lines' : !l1 ? 'line 1 is missing' : 'line 2 is missing';
      rejected.push({ lines: span, reason });
      continue;
    }
    const problem = checkTlePair(l1.text, l2.text);
    const noradId = parseCatalogNumber(l1.text.slice(2, 7)) ?? undefined;
    if (problem) {
      rejected.push({ lines: span, ...(noradId !== undefined ? { noradId } : {}), reason: problem });
      continue;
    }
    try {
      const satrec = twoline2satrec(l1.text, l2.text);
      if (satrec.error !== 0 || !Number.isFinite(satrec.no)) throw new Error(`SGP4 error ${satrec.error}`);
      const epochMs = satrecEpochMs(satrec);
      if (!Number.isFinite(epochMs)) throw new Error('epoch does not convert to a date');
      const label = name ? name.text.replace(/^0 /, '').trim() : '';
      sets.push({
        noradId: noradId!,
        name: label || `NORAD ${noradId}`,
        epoch: new Date(Math.round(epochMs)).toISOString(),
        format: 'tle',
        raw: `${l1.text}\n${l2.text}`,
      });
    } catch (err) {
      rejected.push({ lines: span, noradId, reason: `SGP4 cannot use it: ${(err as Error).message}` });
    }
  }
  return { sets, report: { format: 'tle', read: groups.length, valid: sets.length, rejected } };
}
