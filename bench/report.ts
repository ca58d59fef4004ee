// One table for `npm run bench`: every figure with its target and PASS or MISS, printed at the
// end and written as JSON under bench-results/ (in the checkout; ignored by git).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const RESULTS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../bench-results');

export interface Figure {
  bench: 'cache' | 'window' | 'passes' | 'reports' | 'slow-link';
  figure: string;
  value: string;
  target: string;
  pass: boolean;
  /** The measured number(s) behind `value`, for comparing runs. */
  data?: Record<string, number>;
}

export const figures: Figure[] = [];

export function record(f: Figure): void {
  figures.push(f);
}

export function printTable(out: Figure[] = figures): void {
  const w = (k: 'figure' | 'value' | 'target') => Math.max(k.length, ...out.map((f) => f[k].length));
  const [fw, vw, tw] = [w('figure'), w('value'), w('target')];
  const row = (b: string, f: string, v: string, t: string, p: string) =>
    `${b.padEnd(9)} ${f.padEnd(fw)}  ${v.padStart(vw)}  ${t.padEnd(tw)}  ${p}`;
  console.log(`\n${row('bench', 'figure', 'value', 'target', 'result')}`);
  console.log('-'.repeat(9 + fw + vw + tw + 16));
  for (const f of out) console.log(row(f.bench, f.figure, f.value, f.target, f.pass ? 'PASS' : 'MISS'));
}

/** Writes the figures with what the run was (N, when, on what) and returns the file. */
export function writeJson(meta: Record<string, unknown>, out: Figure[] = figures): string {
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const at = new Date().toISOString();
  const file = path.join(RESULTS_DIR, `bench-${at.replace(/[:.]/g, '-')}.json`);
  const machine = { cpus: os.cpus().length, cpu: os.cpus()[0]?.model ?? null, node: process.version };
  fs.writeFileSync(file, `${JSON.stringify({ at, ...meta, machine, figures: out }, null, 2)}\n`);
  return file;
}
