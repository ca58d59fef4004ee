// A stand-in for Electron's Linux distribution, so electron-builder can pack the app where
// Electron's binary cannot be downloaded. For an unpacked `electronDist` folder,
// app-builder-lib (electron/ElectronFramework.js, `unpack`) copies the folder as it is into
// the output, renames `electron` to the executable name, moves `LICENSE` aside, writes the
// app into `resources/`, and then flips the fuses (@electron/fuses) in the executable by
// finding the fuse sentinel. So the stand-in is a folder with `LICENSE`, `resources/` and an
// `electron` file that carries the sentinel and a fuse wire in Electron's own default states:
// whatever the packed binary's wire then says was set by electron-builder.yml.
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { FuseV1Options } from '@electron/fuses';
// Not re-exported by the package's index: the marker the wire follows, and the state bytes.
import { FuseState, SENTINEL } from '@electron/fuses/dist/constants.js';

const FUSE_WIRE_VERSION = 1;

/** Electron's shipped fuse states (electronjs.org/docs/latest/tutorial/fuses, "Current Fuses"). */
export const ELECTRON_DEFAULT_FUSES: Record<FuseV1Options, FuseState> = {
  [FuseV1Options.RunAsNode]: FuseState.ENABLE,
  [FuseV1Options.EnableCookieEncryption]: FuseState.DISABLE,
  [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: FuseState.ENABLE,
  [FuseV1Options.EnableNodeCliInspectArguments]: FuseState.ENABLE,
  [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: FuseState.DISABLE,
  [FuseV1Options.OnlyLoadAppFromAsar]: FuseState.DISABLE,
  [FuseV1Options.LoadBrowserProcessSpecificV8Snapshot]: FuseState.DISABLE,
  [FuseV1Options.GrantFileProtocolExtraPrivileges]: FuseState.ENABLE,
};

/** Writes the stand-in distribution into `dir` (created) and returns `dir`. */
export function writeStubElectronDist(dir: string): string {
  mkdirSync(path.join(dir, 'resources'), { recursive: true });
  writeFileSync(path.join(dir, 'LICENSE'), 'Stand-in for the Electron distribution (tests only).\n');
  const states = Object.keys(ELECTRON_DEFAULT_FUSES)
    .map(Number)
    .sort((a, b) => a - b)
    .map((i) => ELECTRON_DEFAULT_FUSES[i as FuseV1Options]);
  const binary = Buffer.concat([
    Buffer.from('#!/bin/sh\necho "stand-in Electron: not runnable" >&2\nexit 1\n'),
    Buffer.from(SENTINEL, 'ascii'),
    Buffer.from([FUSE_WIRE_VERSION, states.length, ...states]),
  ]);
  writeFileSync(path.join(dir, 'electron'), binary);
  chmodSync(path.join(dir, 'electron'), 0o755);
  return dir;
}
