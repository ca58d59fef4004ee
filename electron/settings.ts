// The analyst's choices that outlive a launch: which service and profile this workstation
// talks to, and the sync schedule (minutes between runs, tokens per day). The key is not
// here: it lives in the OS keychain only.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { profileSchema } from '../shared/contract';

// The bounds are the `sync.configure` row's, so whatever the window may set can be kept.
const schema = z.object({
  baseUrl: z.url().nullable().default(null),
  profile: profileSchema.default('main'),
  /** The analyst allowed http:// to this (non-loopback) baseUrl: asked again for any other. */
  insecureHttp: z.boolean().default(false),
  intervalMinutes: z
    .number()
    .int()
    .min(5)
    .max(24 * 60)
    .default(15),
  dailyTokenBudget: z.number().int().min(0).max(1_000_000).default(500),
});
export type Settings = z.infer<typeof schema>;

/** The desktop app's and default `serve`'s settings: settings.json in the per-user folder. */
export const settingsFileIn = (dir: string) => path.join(dir, 'settings.json');

/** A cache named with --db keeps its own settings beside it: x.db → x.settings.json. */
export const settingsFileFor = (dbPath: string) =>
  path.join(path.dirname(dbPath), `${path.basename(dbPath, '.db')}.settings.json`);

/** Reads the settings; a missing or damaged file gives the defaults (never a crash). */
export function readSettings(file: string): Settings {
  try {
    return schema.parse(JSON.parse(readFileSync(file, 'utf8')));
  } catch {
    return schema.parse({});
  }
}

/** Writes atomically (temp file + rename), so a crash never leaves half a file. */
export function writeSettings(file: string, settings: Partial<Settings>): Settings {
  const next = schema.parse({ ...readSettings(file), ...settings });
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const tmp = `${file}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(next, null, 2)}\n`, { mode: 0o600 });
  renameSync(tmp, file);
  return next;
}
