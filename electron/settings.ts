// The analyst's choices that outlive a launch: which service and profile this workstation
// talks to. The key is not here: it lives in the OS keychain only.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const schema = z.object({
  baseUrl: z.url().nullable().default(null),
  profile: z.enum(['main', 'alternate']).default('main'),
  intervalMinutes: z.number().int().min(5).max(1440).default(15),
  dailyTokenBudget: z.number().int().min(0).default(500),
});
export type Settings = z.infer<typeof schema>;

export const settingsPath = (dir: string) => path.join(dir, 'settings.json');

/** Reads the settings; a missing or damaged file gives the defaults (never a crash). */
export function readSettings(dir: string): Settings {
  try {
    return schema.parse(JSON.parse(readFileSync(settingsPath(dir), 'utf8')));
  } catch {
    return schema.parse({});
  }
}

/** Writes atomically (temp file + rename), so a crash never leaves half a file. */
export function writeSettings(dir: string, settings: Partial<Settings>): Settings {
  const next = schema.parse({ ...readSettings(dir), ...settings });
  mkdirSync(dir, { recursive: true });
  const tmp = `${settingsPath(dir)}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(next, null, 2)}\n`, { mode: 0o600 });
  renameSync(tmp, settingsPath(dir));
  return next;
}
