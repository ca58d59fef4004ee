// The package diff on two cached revisions: what an analyst comparing r1 with r2 must be told
// (discriminators and negative evidence added, removed and changed, field by field; limitations
// added; nothing reported when nothing moved; namesakes not paired twice).
import { describe, expect, it } from 'vitest';
import { diffPackages } from '../../renderer/src/features/package/package-diff';
import { evidenceKind } from '../../renderer/src/features/package/evidence-kind';
import { R1, R2 } from './package-fixtures';

describe('diffPackages', () => {
  it('finds the discriminators added, removed and changed between two revisions', () => {
    const d = diffPackages(R1, R2);
    expect(d.from).toBe('r1');
    expect(d.to).toBe('r2');
    expect(d.discriminators.added.map((x) => x.observable)).toEqual(['night-time lights of the port']);
    expect(d.discriminators.removed.map((x) => x.observable)).toEqual(['port AIS traffic']);
    expect(d.discriminators.changed).toHaveLength(1);
    const c = d.discriminators.changed[0]!;
    expect(c.key).toBe('post-event imagery of the site');
    expect(c.fields).toEqual([
      { field: 'verdict', before: 'not_observable', after: 'procurable' },
      { field: 'max_elimination', before: 1, after: 3 },
    ]);
    expect(d.discriminators.unchanged).toBe(0);
  });

  it('finds the negative evidence added, removed and changed, and the limitation added', () => {
    const d = diffPackages(R1, R2);
    expect(d.evidence.added.map((x) => x.observable)).toEqual(['oil slick']);
    expect(d.evidence.removed.map((x) => x.observable)).toEqual(['crane movement']);
    const c = d.evidence.changed[0]!;
    expect(c.key).toBe('burn scar · imagery_post_status');
    expect(c.fields.map((f) => f.field)).toEqual(['status', 'reason', 'source_status']);
    // The burn scar went from a look that could not be made to a look that found nothing.
    expect(evidenceKind(c.before)).toBe('could-not-look');
    expect(evidenceKind(c.after)).toBe('looked-absent');
    expect(d.limitations).toEqual({ added: ['Night lights are a monthly composite.'], removed: [] });
    expect(d.schemaVersion).toBeNull();
    expect(d.same).toBe(false);
  });

  it('reads the other way round as the mirror image', () => {
    const d = diffPackages(R2, R1);
    expect(d.discriminators.added.map((x) => x.observable)).toEqual(['port AIS traffic']);
    expect(d.discriminators.removed.map((x) => x.observable)).toEqual(['night-time lights of the port']);
    expect(d.limitations).toEqual({ added: [], removed: ['Night lights are a monthly composite.'] });
  });

  it('says two revisions with the same content are the same, a null and a missing field alike', () => {
    const copy = {
      ...R1,
      revision: 'r1b',
      discriminators: R1.discriminators!.map((x) => ({ ...x })),
      // A detail the service sent as null is simply left out here.
      negative_evidence: R1.negative_evidence!.map(({ detail, ...rest }) =>
        detail === null ? rest : { ...rest, detail },
      ),
    };
    const d = diffPackages(R1, copy);
    expect(d.same).toBe(true);
    expect(d.discriminators.unchanged).toBe(2);
    expect(d.evidence.unchanged).toBe(2);
  });

  it('tells a schema version change, and keeps two discriminators about one observable apart', () => {
    const twin = { observable: 'port AIS traffic', verdict: 'actionable', max_elimination: 1 };
    const after = {
      ...R1,
      revision: 'r9',
      schema_version: '2',
      discriminators: [...R1.discriminators!, twin],
    };
    const d = diffPackages(R1, after);
    expect(d.schemaVersion).toEqual({ before: '1', after: '2' });
    expect(d.discriminators.added).toEqual([twin]);
    expect(d.discriminators.changed).toEqual([]);
    expect(d.discriminators.unchanged).toBe(2);
  });
});

describe('evidenceKind', () => {
  it('calls only a look that was made and found nothing "looked, absent"', () => {
    expect(evidenceKind({ status: 'absent', source_status: 'ok' })).toBe('looked-absent');
    expect(evidenceKind({ status: 'absent', source_status: 'cloud_cover' })).toBe('could-not-look');
    expect(evidenceKind({ status: 'absent', source_status: 'no_coverage' })).toBe('could-not-look');
    expect(evidenceKind({ status: 'inconclusive', source_status: 'ok' })).toBe('could-not-look');
    // A status the window does not know claims less, never absence.
    expect(evidenceKind({ status: 'something_new', source_status: null })).toBe('could-not-look');
    expect(evidenceKind({})).toBe('could-not-look');
  });
});
