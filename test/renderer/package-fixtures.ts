// Two kept revisions of one watch's decision package, as the cache holds them: between r1 and
// r2 one discriminator changed its verdict and elimination, one was dropped and one added; one
// piece of negative evidence changed, one was dropped and one added; a limitation was added.
import type { PackageRevision } from '../../shared/contract';
import type { DecisionPackage } from '../../shared/service/alternate';

export const WATCH_ID = 'w-port';

export const R1: DecisionPackage = {
  schema_version: '1',
  package_id: 'pkg-w-port',
  revision: 'r1',
  discriminators: [
    {
      observable: 'post-event imagery of the site',
      verdict: 'not_observable',
      max_elimination: 1,
      refutes_if_absent: ['h1'],
    },
    { observable: 'port AIS traffic', verdict: 'procurable', max_elimination: 2, refutes_if_absent: ['h2'] },
  ],
  negative_evidence: [
    {
      observable: 'burn scar',
      axis: 'imagery_post_status',
      status: 'inconclusive',
      reason: 'cloud cover over the site',
      source_status: 'no_usable_scene',
      detail: null,
    },
    {
      observable: 'crane movement',
      axis: 'imagery_post_status',
      status: 'absent',
      reason: 'no cranes moved between two clear scenes',
      source_status: 'ok',
      detail: 'two Sentinel-2 scenes, 3 days apart',
    },
  ],
  limitations: ['Absence of a burn scar cannot be judged under cloud.'],
};

export const R2: DecisionPackage = {
  ...R1,
  revision: 'r2',
  discriminators: [
    {
      observable: 'post-event imagery of the site',
      verdict: 'procurable',
      max_elimination: 3,
      refutes_if_absent: ['h1'],
    },
    {
      observable: 'night-time lights of the port',
      verdict: 'actionable',
      max_elimination: 1,
      refutes_if_absent: ['h1', 'h2'],
    },
  ],
  negative_evidence: [
    {
      observable: 'burn scar',
      axis: 'imagery_post_status',
      status: 'absent',
      reason: 'a clear scene shows no scar',
      source_status: 'ok',
      detail: null,
    },
    {
      observable: 'oil slick',
      axis: 'sar',
      status: 'inconclusive',
      reason: 'no coverage of the bay',
      source_status: 'no_coverage',
      detail: null,
    },
  ],
  limitations: [
    'Absence of a burn scar cannot be judged under cloud.',
    'Night lights are a monthly composite.',
  ],
};

export const REVISIONS: PackageRevision[] = [
  { revision: 'r1', fetchedAt: '2026-11-20T08:00:00.000Z', schemaVersion: '1', packageId: 'pkg-w-port' },
  { revision: 'r2', fetchedAt: '2026-11-22T08:00:00.000Z', schemaVersion: '1', packageId: 'pkg-w-port' },
];
