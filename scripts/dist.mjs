// `npm run dist` (after `npm run build`): the installers for this platform, built by
// electron-builder from electron-builder.yml, under the packager's name (docs/install.md,
// "Packaging for an organisation"). A .deb names its maintainer and a homepage; those belong
// to whoever packages Watchfloor, so they come from the environment:
//   WATCHFLOOR_PACKAGER="Name <email>"   WATCHFLOOR_HOMEPAGE=https://…
// or from packager.local.json beside package.json (git-ignored): {"packager": …, "homepage": …};
// the environment wins. Without them the AppImage and the tar.gz are built, and one line says
// what the .deb needs. `--dry-run` resolves the configuration electron-builder would use and
// prints it as JSON (linux targets, maintainer, homepage), building nothing.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const LOCAL_FILE = 'packager.local.json';
const BASE_LINUX_TARGETS = ['AppImage', 'tar.gz'];

export class PackagerError extends Error {}

/** "Name <email>" with a plausible e-mail, or a PackagerError saying what is wrong. */
function checkPackager(value, from) {
  const m = /^\s*([^<>]+?)\s*<([^<>\s@]+@[^<>\s@]+\.[^<>\s@]+)>\s*$/.exec(value);
  if (!m) throw new PackagerError(`${from} must be "Name <email>", got ${JSON.stringify(value)}`);
  return { name: m[1], email: m[2], packager: `${m[1]} <${m[2]}>` };
}

function checkHomepage(value, from) {
  let url;
  try {
    url = new URL(value);
  } catch {
    url = null;
  }
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:') || url.username || url.password)
    throw new PackagerError(
      `${from} must be an http(s) address without credentials, got ${JSON.stringify(value)}`,
    );
  return url.href;
}

/**
 * The packager's identity: the environment, else the local file; null parts when absent.
 * Throws PackagerError for a value that is there but malformed (nothing is built then).
 */
export function packagerIdentity(env = process.env, dir = root) {
  let local = {};
  const file = path.join(dir, LOCAL_FILE);
  if (existsSync(file)) {
    try {
      local = JSON.parse(readFileSync(file, 'utf8'));
    } catch (e) {
      throw new PackagerError(`${LOCAL_FILE} is not valid JSON: ${e.message}`);
    }
  }
  const packager = env.WATCHFLOOR_PACKAGER || local.packager;
  const homepage = env.WATCHFLOOR_HOMEPAGE || local.homepage;
  const who = env.WATCHFLOOR_PACKAGER ? 'WATCHFLOOR_PACKAGER' : `"packager" in ${LOCAL_FILE}`;
  const where = env.WATCHFLOOR_HOMEPAGE ? 'WATCHFLOOR_HOMEPAGE' : `"homepage" in ${LOCAL_FILE}`;
  return {
    packager: packager ? checkPackager(String(packager), who) : null,
    homepage: homepage ? checkHomepage(String(homepage), where) : null,
  };
}

/** What electron-builder is given on top of electron-builder.yml, and the one line when no .deb. */
export function distPlan(identity) {
  const missing = [
    identity.packager ? null : 'WATCHFLOOR_PACKAGER="Name <email>"',
    identity.homepage ? null : 'WATCHFLOOR_HOMEPAGE=https://…',
  ].filter(Boolean);
  const deb = missing.length === 0;
  const config = {
    linux: {
      target: deb ? [...BASE_LINUX_TARGETS, 'deb'] : [...BASE_LINUX_TARGETS],
      ...(deb ? { maintainer: identity.packager.packager } : {}),
    },
    ...(deb
      ? {
          extraMetadata: {
            homepage: identity.homepage,
            author: { name: identity.packager.name, email: identity.packager.email },
          },
        }
      : {}),
  };
  const note = deb
    ? null
    : `watchfloor dist: no .deb: it needs the packager's name and e-mail and a homepage; set ${missing.join(' and ')} (or put them in ${LOCAL_FILE}); building the AppImage and the tar.gz.`;
  return { config, note };
}

async function main(argv) {
  let plan;
  try {
    plan = distPlan(packagerIdentity());
  } catch (e) {
    if (e instanceof PackagerError) {
      process.stderr.write(`watchfloor dist: ${e.message}; nothing was built\n`);
      return 2;
    }
    throw e;
  }
  if (plan.note && process.platform === 'linux') process.stderr.write(`${plan.note}\n`);
  if (argv.includes('--dry-run')) {
    // The configuration electron-builder resolves: electron-builder.yml with these on top.
    const { getConfig } = await import('app-builder-lib/out/util/config/config.js');
    const resolved = await getConfig(root, null, structuredClone(plan.config));
    process.stdout.write(
      `${JSON.stringify({
        linux: {
          target: resolved.linux?.target,
          maintainer: resolved.linux?.maintainer ?? null,
        },
        homepage: resolved.extraMetadata?.homepage ?? null,
        author: resolved.extraMetadata?.author ?? null,
      })}\n`,
    );
    return 0;
  }
  const { build } = await import('electron-builder');
  await build({ config: plan.config, publish: 'never' });
  return 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url))
  process.exitCode = await main(process.argv.slice(2));
