// One entry point for element files (docs/cli.md "passes": `--tle FILE`: TLE, 3LE or OMM
// JSON/CSV): the format is recognised from the content, not the file name.
import { readFileSync } from 'node:fs';
import type { ParsedElements, Rejection } from './elements';
import { parseOmmCsv, parseOmmJson } from './omm';
import { parseTleText } from './tle-text';

export type DetectedFormat = 'tle' | 'omm-json' | 'omm-csv' | 'empty' | 'unknown';

export function detectFormat(text: string): DetectedFormat {
  const body = text.replace(/^\uFEFF/, '').trimStart();
  if (body === '') return 'empty';
  if (body.startsWith('[') || body.startsWith('{')) return 'omm-json';
  const firstLine = body.split(/\r?\n/, 1)[0]!;
  if (/(^|,)"?NORAD_CAT_ID"?(,|$)/i.test(firstLine) || /(^|,)"?OBJECT_NAME"?(,|$)/i.test(firstLine))
    return 'omm-csv';
  if (body.startsWith('<') || /^CCSDS_OMM_VERS/.test(body)) return 'unknown';
  return 'tle';
}

/** Parses element text in any supported format; never throws on bad content. */
export function parseElementsText(text: string): ParsedElements {
  const body = text.replace(/^\uFEFF/, '');
  switch (detectFormat(body)) {
    case 'empty':
      return { sets: [], report: { format: 'empty', read: 0, valid: 0, rejected: [] } };
    case 'omm-json':
      return parseOmmJson(body);
    case 'omm-csv':
      return parseOmmCsv(body);
    case 'unknown':
      return {
        sets: [],
        report: {
          format: 'empty',
          read: 0,
          valid: 0,
          rejected: [{ reason: 'OMM XML and KVN are not read; use TLE, 3LE, OMM JSON or OMM CSV' }],
        },
      };
    default:
      return parseTleText(body);
  }
}

export class ElementsFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ElementsFileError';
  }
}

/** Reads and parses a file; throws ElementsFileError when it cannot be read at all. */
export function readElementsFile(file: string): ParsedElements {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new ElementsFileError(
      code === 'ENOENT' ? `no such file: ${file}` : `cannot read ${file}: ${(err as Error).message}`,
    );
  }
  return parseElementsText(text);
}

/** "line 12-14 (NORAD 43800): line 2 checksum is 3, expected 4" — one rejection in words. */
export function describeRejection(r: Rejection): string {
  const where =
    r.lines !== undefined
      ? r.lines.length === 2
        ? `lines ${r.lines[0]}-${r.lines[1]}`
        : `line ${r.lines[0]}`
      : r.record !== undefined
        ? `record ${r.record + 1}`
        : 'file';
  return `${where}${r.noradId !== undefined ? ` (NORAD ${r.noradId})` : ''}: ${r.reason}`;
}
