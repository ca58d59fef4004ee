// Watches, decision packages and notes (alternate profile document, "Watch") against records
// shaped as the document shows them.
import { describe, expect, it } from 'vitest';
import * as A from '../../../shared/service/alternate';
import { parsesKeepingUnknown, refusesAt } from './helpers';

const note = {
  id: 'n-1',
  note: 'Two outlets repeat the same wire copy; breadth is not confirmation.',
  confidence: null,
  supersedes_id: null,
  created_by: 'user',
};
const eventWatch = {
  id: 'w-1',
  name: 'Event: strike on a power plant',
  target_type: 'event',
  status: 'active',
  bucket: 'needs_attention',
  area: { bbox: [35.8, 49.4, 36.8, 50.4], area_status: 'anomaly' },
  measurements: [{ metric: 'ship_detection', latest: { value: 12, is_anomaly: true } }],
  questions: [{ question: 'Is the plant still operating?', cadence: 'daily' }],
  latest_change: { at: '2026-11-02T06:00:00Z', summary: 'New reporting linked to the watch' },
  event: {
    subject_key: 'cluster:1234567',
    stage: 'localized',
    developments_24h: 3,
    imagery_post_status: 'post_available',
  },
};
const { event: _event, ...rest } = eventWatch;
const areaWatch = { ...rest, id: 'w-2', target_type: 'area', bucket: 'stable' };
const list = {
  watches: [eventWatch, areaWatch],
  buckets: { needs_attention: 1, changed_today: 0, awaiting_data: 0, stable: 1 },
  limits: { max_active: 25, used_active: 2, remaining: 23 },
  next_cursor: null,
  has_more: false,
};
const thread = {
  canonical_event: { canonical_event_id: 'cluster:1234567', title: 'Strike', history_incomplete: false },
  timeline: [],
  sources: [{ event_id: 1234567, url: 'https://news.example/a', reported_at: '2026-11-02T02:00:00Z' }],
};
const pkg = {
  schema_version: '1',
  package_id: 'pkg-w-1',
  external_key: 'watch:w-1',
  revision: 'r3',
  watch: { bucket: 'needs_attention', target_type: 'event' },
  discriminators: [
    {
      observable: 'post-event imagery of the site',
      verdict: 'procurable',
      max_elimination: 2,
      refutes_if_absent: ['h1', 'h2'],
    },
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
  ],
  limitations: ['Absence of a burn scar cannot be judged under cloud.'],
};

describe('watch records', () => {
  it('parse as the document shows them and keep fields it does not name', () => {
    parsesKeepingUnknown(A.watches, list, ['watches', 0, 'event']);
    parsesKeepingUnknown(A.watchCreated, { watch: eventWatch, already_existed: false }, ['watch']);
    parsesKeepingUnknown(A.watchDetail, { watch: { ...eventWatch, notes: [note] }, thread }, [
      'thread',
      'canonical_event',
    ]);
    parsesKeepingUnknown(A.watchDetail, { watch: { ...eventWatch, target_type: 'area' }, thread: null });
    parsesKeepingUnknown(A.watchPatched, { watch: { id: 'w-1', status: 'paused' } }, ['watch']);
    parsesKeepingUnknown(
      A.watchDeleted,
      { deleted: 'w-1', removed: { monitoring_areas: 1, standing_orders: 0 } },
      ['removed'],
    );
    parsesKeepingUnknown(A.decisionPackage, pkg, ['negative_evidence', 0]);
    parsesKeepingUnknown(A.noteCreated, { note: { ...note, confidence: 'moderate', gaps: ['no imagery'] } }, [
      'note',
    ]);
  });

  it('give the window typed buckets, statuses and a string revision', () => {
    const w = A.watches.parse(list);
    const bucket: 'needs_attention' | 'changed_today' | 'awaiting_data' | 'stable' | null | undefined =
      w.watches[0]!.bucket;
    expect(bucket).toBe('needs_attention');
    expect(w.buckets?.stable).toBe(1);
    const p = A.decisionPackage.parse(pkg);
    expect(p.revision.localeCompare('r2')).toBe(1);
    expect(p.negative_evidence?.[0]?.status).toBe('inconclusive');
  });

  it('refuse a documented field of the wrong type, naming its path', () => {
    refusesAt(A.decisionPackage, pkg, ['revision'], 3);
    refusesAt(A.decisionPackage, pkg, ['schema_version'], 1);
    refusesAt(A.decisionPackage, pkg, ['discriminators', 0, 'max_elimination'], '2');
    refusesAt(A.decisionPackage, pkg, ['discriminators', 0, 'refutes_if_absent'], 'h1');
    refusesAt(A.decisionPackage, pkg, ['negative_evidence', 0, 'reason'], { text: 'cloud' });
    refusesAt(A.decisionPackage, pkg, ['limitations'], 'cloud');
    refusesAt(A.watches, list, ['watches', 0, 'event', 'developments_24h'], 'three');
    refusesAt(A.watches, list, ['watches', 0, 'measurements', 0, 'latest', 'is_anomaly'], 'yes');
    refusesAt(A.watches, list, ['limits', 'remaining'], '23');
    refusesAt(A.watches, list, ['buckets', 'stable'], '1');
    refusesAt(A.noteCreated, { note }, ['note', 'note'], 42);
    refusesAt(A.noteCreated, { note }, ['note', 'confidence'], 0.8);
  });

  it('refuse a value outside a complete documented set', () => {
    refusesAt(A.watches, list, ['watches', 0, 'bucket'], 'urgent');
    refusesAt(A.watches, list, ['watches', 1, 'status'], 'archived');
    refusesAt(A.watches, list, ['watches', 0, 'target_type'], 'facility');
    refusesAt(A.watches, list, ['watches', 0, 'event', 'stage'], 'confirmed');
    refusesAt(A.watches, list, ['buckets', 'urgent'], 2, ['buckets']);
    refusesAt(A.watchPatched, { watch: { id: 'w-1', status: 'paused' } }, ['watch', 'status'], 'stopped');
    refusesAt(A.decisionPackage, pkg, ['watch', 'bucket'], 'hot');
    refusesAt(A.decisionPackage, pkg, ['watch', 'target_type'], 'region');
  });

  it('keep value-seen fields open (negative evidence status, verdicts, created_by)', () => {
    const p = structuredClone(pkg);
    p.negative_evidence[0]!.status = 'absent_confirmed';
    p.discriminators[0]!.verdict = 'actionable';
    expect(A.decisionPackage.parse(p).negative_evidence?.[0]?.status).toBe('absent_confirmed');
    expect(A.noteCreated.parse({ note: { ...note, created_by: 'rule' } }).note.created_by).toBe('rule');
  });
});
