// Issue 26, packaging: `npm run dist` takes the packager's identity (the .deb's maintainer and
// homepage) from WATCHFLOOR_PACKAGER / WATCHFLOOR_HOMEPAGE or a git-ignored packager.local.json;
// without one it builds the AppImage and the tar.gz and says in one line what the .deb needs.
// Checked on the configuration electron-builder resolves from electron-builder.yml with the
// script's additions (`scripts/dist.mjs --dry-run`): the Electron binary cannot be downloaded
// here, so no installer is built.
import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../helpers/cli';

const run = promisify(execFile);
let project: string;

interface Resolved {
  linux: { target: string[]; maintainer: string | null };
  homepage: string | null;
  author: { name: string; email: string } | null;
}

/** A copy of the project's packaging files (and nothing else), so a local file there is the test's own. */
function stage(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'wf-dist-'));
  for (const file of ['package.json', 'electron-builder.yml', 'scripts/dist.mjs']) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    cpSync(path.join(repoRoot, file), path.join(dir, file));
  }
  symlinkSync(path.join(repoRoot, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  return dir;
}

async function dryRun(dir: string, extra: NodeJS.ProcessEnv = {}) {
  const { WATCHFLOOR_PACKAGER: _p, WATCHFLOOR_HOMEPAGE: _h, ...env } = process.env;
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      [path.join(dir, 'scripts/dist.mjs'), '--dry-run'],
      {
        cwd: dir,
        env: { ...env, ...extra },
      },
    );
    const resolved = JSON.parse(stdout.trim().split('\n').at(-1)!) as Resolved;
    return { code: 0, resolved, stderr };
  } catch (e) {
    const err = e as { code: number; stderr: string };
    return { code: err.code, resolved: null, stderr: err.stderr };
  }
}

beforeAll(() => {
  project = stage();
});

describe('npm run dist: the packager identity', () => {
  it('without one: the AppImage and the tar.gz, and one line naming what the .deb needs', async () => {
    const r = await dryRun(project);
    expect(r.code).toBe(0);
    expect(r.resolved!.linux.target).toEqual(['AppImage', 'tar.gz']);
    expect(r.resolved!.linux.maintainer).toBeNull();
    const lines = r.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/no \.deb/);
    expect(lines[0]).toContain('WATCHFLOOR_PACKAGER="Name <email>"');
    expect(lines[0]).toContain('WATCHFLOOR_HOMEPAGE');
    expect(lines[0]).toContain('packager.local.json');
  });

  it('from the environment: the deb too, with its maintainer and homepage in the resolved configuration', async () => {
    const r = await dryRun(project, {
      WATCHFLOOR_PACKAGER: 'Example Org Analyst Tools <tools@example.org>',
      WATCHFLOOR_HOMEPAGE: 'https://tools.example.org/watchfloor',
    });
    expect(r.code, r.stderr).toBe(0);
    expect(r.resolved).toEqual({
      linux: {
        target: ['AppImage', 'tar.gz', 'deb'],
        maintainer: 'Example Org Analyst Tools <tools@example.org>',
      },
      homepage: 'https://tools.example.org/watchfloor',
      author: { name: 'Example Org Analyst Tools', email: 'tools@example.org' },
    });
    expect(r.stderr).not.toMatch(/no \.deb/);
  });

  it('from the ignored local file; the environment wins over it', async () => {
    const dir = stage();
    writeFileSync(
      path.join(dir, 'packager.local.json'),
      JSON.stringify({ packager: 'Local Build <build@example.net>', homepage: 'https://example.net/wf' }),
    );
    const r = await dryRun(dir);
    expect(r.code, r.stderr).toBe(0);
    expect(r.resolved!.linux).toEqual({
      target: ['AppImage', 'tar.gz', 'deb'],
      maintainer: 'Local Build <build@example.net>',
    });
    expect(r.resolved!.homepage).toBe('https://example.net/wf');
    const env = await dryRun(dir, { WATCHFLOOR_PACKAGER: 'Env Wins <env@example.org>' });
    expect(env.resolved!.linux.maintainer).toBe('Env Wins <env@example.org>');
    expect(env.resolved!.homepage).toBe('https://example.net/wf');
  });

  it('refuses a malformed identity with a clear error (exit 2), building nothing', async () => {
    for (const [extra, said] of [
      [
        { WATCHFLOOR_PACKAGER: 'Just A Name', WATCHFLOOR_HOMEPAGE: 'https://example.org' },
        'WATCHFLOOR_PACKAGER must be "Name <email>"',
      ],
      [
        { WATCHFLOOR_PACKAGER: 'A <a@example.org>', WATCHFLOOR_HOMEPAGE: 'ftp://example.org' },
        'WATCHFLOOR_HOMEPAGE must be an http(s) address',
      ],
    ] as const) {
      const r = await dryRun(project, extra);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(said);
      expect(r.stderr).toContain('nothing was built');
    }
  });

  it('the project keeps packager.local.json out of git', async () => {
    const { stdout } = await run('git', ['check-ignore', 'packager.local.json'], { cwd: repoRoot });
    expect(stdout.trim()).toBe('packager.local.json');
  });
});
