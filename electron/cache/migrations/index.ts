// The schema, in order: every table and index of the cache file is made by a step here, one
// numbered file each (NNN-name.ts, NNN = its version; docs/cache.md, "Migrations"). Append
// only: a released step is never edited, a change is a new step (checked strictly increasing).
import { migration001 } from './001-meta';
import { migration002 } from './002-signals';
import { migration003 } from './003-outbox';
import { migration004 } from './004-events';
import { migration005 } from './005-watches';
import { migration006 } from './006-areas';
import { migration007 } from './007-measured';
import { migration008 } from './008-reference';
import { migration009 } from './009-sync-seen';
import { migration010 } from './010-orbital-elements';
import { migration011 } from './011-rtree-points';
import { migration012 } from './012-signal-facets';
import { migration013 } from './013-narrow-tkey-packed-payloads';
import { migration014 } from './014-local-notes';
import { migration015 } from './015-tool-answers';
import { migration016 } from './016-payload-column-refs';
import { migration017 } from './017-signal-id-hash';
import { migration018 } from './018-signal-change-count';
import { migration019 } from './019-signal-cells';
import { migration020 } from './020-demo-mark';
import { migration021 } from './021-country-level-points';
import { migration022 } from './022-category-index';
import type { Migration } from './types';

export type { Migration } from './types';

export const migrations: readonly Migration[] = [
  migration001,
  migration002,
  migration003,
  migration004,
  migration005,
  migration006,
  migration007,
  migration008,
  migration009,
  migration010,
  migration011,
  migration012,
  migration013,
  migration014,
  migration015,
  migration016,
  migration017,
  migration018,
  migration019,
  migration020,
  migration021,
  migration022,
];

/** Throws unless versions are positive integers, strictly increasing. */
export function checkMigrationOrder(list: readonly Migration[]): void {
  let previous = 0;
  for (const m of list) {
    if (!Number.isInteger(m.version) || m.version <= previous)
      throw new Error(`migration "${m.name}" has version ${m.version}, not above ${previous}`);
    previous = m.version;
  }
}

checkMigrationOrder(migrations);

export const LATEST_VERSION = migrations.at(-1)?.version ?? 0;
