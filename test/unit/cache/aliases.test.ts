// Folded events resolve to their survivor and are never listed on their own; retracted
// events are kept and flagged, left out unless asked (spec: main "States and transitions";
// docs/cli.md "signals", "signal").
import { describe, expect, it } from 'vitest';
import {
  getSignal,
  markRetracted,
  querySignals,
  recordAlias,
  resolveSignalId,
  storeSignalsPage,
} from '../../../electron/cache/index';
import { alternateCache, alternateSignal, ids, mainCache, mainSignal } from './fixtures';

describe('aliases', () => {
  it('resolve a folded id to its survivor, list only the survivor, with merged_ids', () => {
    const db = mainCache();
    const [a, b, c] = [mainSignal(), mainSignal(), mainSignal()];
    storeSignalsPage(db, { profile: 'main', signals: [a, b, c] });
    recordAlias(db, { oldId: a.id as string, survivorId: b.id as string });
    expect(resolveSignalId(db, a.id as string)).toEqual({ id: b.id, folded: true });
    expect(resolveSignalId(db, b.id as string)).toEqual({ id: b.id, folded: false });
    const listed = querySignals(db, {});
    expect(ids(listed)).toEqual([c.id, b.id]);
    expect(listed[1]!.merged_ids).toEqual([a.id]);
    expect(listed[0]).not.toHaveProperty('merged_ids');
    expect(querySignals(db, { q: String(a.title) })).toEqual([]);
    const got = getSignal(db, a.id as string);
    expect(got?.resolvedFrom).toBe(a.id);
    expect(got?.signal.id).toBe(b.id);
    expect(getSignal(db, b.id as string)).toEqual({ signal: expect.objectContaining({ id: b.id }) });
    db.close();
  });

  it('keep chains flat and follow a survivor folded in turn', () => {
    const db = mainCache();
    const [a, b, c] = [mainSignal(), mainSignal(), mainSignal()];
    storeSignalsPage(db, { profile: 'main', signals: [a, b, c] });
    recordAlias(db, { oldId: a.id as string, survivorId: b.id as string });
    recordAlias(db, { oldId: b.id as string, survivorId: c.id as string });
    expect(resolveSignalId(db, a.id as string)).toEqual({ id: c.id, folded: true });
    const listed = querySignals(db, {});
    expect(ids(listed)).toEqual([c.id]);
    expect(listed[0]!.merged_ids).toEqual([a.id, b.id].sort());
    db.close();
  });

  it('apply to a folded event stored after the alias was recorded', () => {
    const db = mainCache();
    const [a, b] = [mainSignal(), mainSignal()];
    recordAlias(db, { oldId: a.id as string, survivorId: b.id as string });
    storeSignalsPage(db, { profile: 'main', signals: [a, b] });
    expect(ids(querySignals(db, {}))).toEqual([b.id]);
    db.close();
  });

  it('unfold an id that becomes the survivor again', () => {
    const db = mainCache();
    const [a, b] = [mainSignal(), mainSignal()];
    storeSignalsPage(db, { profile: 'main', signals: [a, b] });
    recordAlias(db, { oldId: a.id as string, survivorId: b.id as string });
    recordAlias(db, { oldId: b.id as string, survivorId: a.id as string });
    expect(resolveSignalId(db, a.id as string)).toEqual({ id: a.id, folded: false });
    expect(ids(querySignals(db, {}))).toEqual([a.id]);
    db.close();
  });

  it('work with the alternate profile’s integer ids', () => {
    const db = alternateCache();
    const [a, b] = [alternateSignal(), alternateSignal()];
    storeSignalsPage(db, { profile: 'alternate', signals: [a, b] });
    recordAlias(db, { oldId: a.id as number, survivorId: b.id as number });
    expect(resolveSignalId(db, a.id as number)).toEqual({ id: String(b.id), folded: true });
    expect(getSignal(db, a.id as number)).toMatchObject({ resolvedFrom: String(a.id), signal: { id: b.id } });
    expect(querySignals(db, {})[0]!.merged_ids).toEqual([String(a.id)]);
    db.close();
  });

  it('return null for an id not cached', () => {
    const db = mainCache();
    expect(getSignal(db, 'nope')).toBeNull();
    db.close();
  });
});

describe('retractions', () => {
  it('keep the event, flag it, and leave it out unless asked', () => {
    const db = mainCache();
    const [a, b] = [mainSignal(), mainSignal()];
    storeSignalsPage(db, { profile: 'main', signals: [a, b] });
    expect(markRetracted(db, { id: a.id as string, retractedAt: '2026-10-02T00:00:00Z' })).toBe(true);
    expect(markRetracted(db, { id: 'not-cached' })).toBe(false);
    expect(ids(querySignals(db, {}))).toEqual([b.id]);
    const all = querySignals(db, { includeRetracted: true });
    expect(ids(all)).toEqual([b.id, a.id]);
    expect(all.map((s) => s.retracted)).toEqual([false, true]);
    expect(getSignal(db, a.id as string)?.signal.retracted).toBe(true);
    db.close();
  });

  it('are not undone by a later page that does not mention them', () => {
    const db = mainCache();
    const a = mainSignal();
    storeSignalsPage(db, { profile: 'main', signals: [a] });
    markRetracted(db, { id: a.id as string, retractedAt: '2026-10-02T00:00:00Z' });
    storeSignalsPage(db, { profile: 'main', signals: [{ ...a, title: 'refreshed' }] });
    expect(querySignals(db, {})).toEqual([]);
    expect(querySignals(db, { includeRetracted: true })[0]).toMatchObject({
      title: 'refreshed',
      retracted: true,
    });
    db.close();
  });

  it('are read from the payload when the service sends retracted_at', () => {
    const db = mainCache();
    const a = mainSignal({ retracted_at: '2026-10-03T00:00:00Z' });
    storeSignalsPage(db, { profile: 'main', signals: [a] });
    expect(querySignals(db, {})).toEqual([]);
    db.close();
  });

  it('mark the survivor when given a folded id', () => {
    const db = mainCache();
    const [a, b] = [mainSignal(), mainSignal()];
    storeSignalsPage(db, { profile: 'main', signals: [a, b] });
    recordAlias(db, { oldId: a.id as string, survivorId: b.id as string });
    markRetracted(db, { id: a.id as string });
    expect(querySignals(db, {})).toEqual([]);
    db.close();
  });
});
