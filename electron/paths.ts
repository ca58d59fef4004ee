// Where Watchfloor keeps its files: the same folder Electron's app.getPath('userData')
// gives for productName "Watchfloor", so the CLI and the desktop app open the same cache.
import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const PRODUCT_NAME = 'Watchfloor';

export function userDataDir(env: NodeJS.ProcessEnv = process.env, platform = process.platform): string {
  const home = env.HOME ?? os.homedir();
  if (platform === 'win32')
    return path.join(env.APPDATA ?? path.join(home, 'AppData', 'Roaming'), PRODUCT_NAME);
  if (platform === 'darwin') return path.join(home, 'Library', 'Application Support', PRODUCT_NAME);
  return path.join(env.XDG_CONFIG_HOME ?? path.join(home, '.config'), PRODUCT_NAME);
}

/** `--db FILE`, else `$WATCHFLOOR_DB`, else watchfloor.db in the per-user data folder (docs/cli.md "Common"). */
export function resolveDbPath(option: string | undefined, env: NodeJS.ProcessEnv = process.env): string {
  return path.resolve(option ?? env.WATCHFLOOR_DB ?? path.join(userDataDir(env), 'watchfloor.db'));
}

/** The checkout or installed package root (the folder holding package.json), from a module's folder. */
export function packageRoot(from: string): string {
  let dir = from;
  while (!existsSync(path.join(dir, 'package.json'))) {
    const up = path.dirname(dir);
    if (up === dir) throw new Error(`no package.json above ${from}`);
    dir = up;
  }
  return dir;
}

/**
 * Makes the folder a file of ours goes in: a folder created here is private to the user
 * (0700), and so is the per-user data folder even when an earlier version made it wider. A
 * folder the analyst chose (a --db or report elsewhere) is left as it is. docs/security.md.
 */
export function privateDir(dir: string, env: NodeJS.ProcessEnv = process.env): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (process.platform !== 'win32' && path.resolve(dir) === path.resolve(userDataDir(env)))
    chmodSync(dir, 0o700);
}
