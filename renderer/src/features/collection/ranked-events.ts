// The ranked events of a survey answer, one shape for the table whatever the profile: the two
// services rank differently (main: top_priorities with spec_class, aoi and stage, and an
// observability list with headline, level, target and readiness; alternate: `top` with
// required_class and rs_aoi, and observability `top` with only the target). A field an answer
// lacks stays null and the table shows a dash.
import type { StoredAnswer } from '../../../../shared/contract';
import type * as A from '../../../../shared/service/alternate';
import type * as M from '../../../../shared/service/main';

export interface RankedEvent {
  rank: number;
  /** As the service names it; the signal's id in the cache (the alternate's integers as text). */
  eventId: string;
  headline: string | null;
  importance: number | null;
  /** spec_class (main), required_class (alternate), rs_level (observability). */
  cls: string | null;
  target: string | null;
  stage: string | null;
  aoi: readonly number[] | null;
  collectionReady: boolean | null;
}

const row = (rank: number, eventId: string | number, over: Partial<RankedEvent>): RankedEvent => ({
  rank,
  eventId: String(eventId),
  headline: null,
  importance: null,
  cls: null,
  target: null,
  stage: null,
  aoi: null,
  collectionReady: null,
  ...over,
});

export function rankedEvents(a: StoredAnswer): RankedEvent[] {
  if (a.tool === 'collection.priority' && a.answer) {
    // The stored row's profile says which service's shape the answer has.
    if (a.profile === 'main') {
      const p = (a.answer as M.CollectionPriority).priority;
      return (p.top_priorities ?? []).map((e, i) =>
        row(i + 1, e.event_id, {
          importance: e.importance ?? null,
          cls: e.spec_class ?? null,
          stage: e.stage ?? null,
          aoi: e.aoi ?? null,
        }),
      );
    }
    const p = (a.answer as A.CollectionPriority).priority;
    return (p.top ?? []).map((e, i) =>
      row(i + 1, e.event_id, {
        importance: e.importance ?? null,
        cls: e.required_class ?? null,
        aoi: e.rs_aoi ?? null,
      }),
    );
  }
  if (a.tool === 'collection.observability' && a.answer) {
    if (a.profile === 'main') {
      const s = (a.answer as M.ObservabilitySurvey).survey;
      return (s.events ?? []).map((e, i) =>
        row(i + 1, e.event_id, {
          headline: e.headline ?? null,
          cls: e.rs_level ?? null,
          target: e.rs_target ?? null,
          stage: e.stage ?? null,
          collectionReady: e.collection_ready ?? null,
        }),
      );
    }
    const s = (a.answer as A.ObservabilitySurvey).survey;
    return (s.top ?? []).map((e, i) => row(i + 1, e.event_id, { target: e.rs_target ?? null }));
  }
  return [];
}

/** The survey's counts, as given (absent ones are left out). */
export function surveyCounts(a: StoredAnswer): { label: string; value: string }[] {
  const out: { label: string; value: string }[] = [];
  const add = (label: string, v: unknown) => {
    if (typeof v === 'number' || typeof v === 'boolean') out.push({ label, value: String(v) });
  };
  const classes = (label: string, rec: Record<string, unknown> | null | undefined) => {
    if (rec && Object.keys(rec).length)
      out.push({
        label,
        value: Object.entries(rec)
          .map(([k, v]) =>
            typeof v === 'number'
              ? `${k} ${v}`
              : `${k} ${(v as { count?: number | null }).count ?? '—'} (mean importance ${
                  (v as { mean_importance?: number | null }).mean_importance ?? '—'
                })`,
          )
          .join(' · '),
      });
  };
  if (a.tool === 'collection.priority' && a.answer) classes('By class', a.answer.priority.by_spec_class);
  if (a.tool === 'collection.observability' && a.answer) {
    const s = a.answer.survey;
    if (typeof s.sensor === 'string') out.push({ label: 'Sensor', value: s.sensor });
    add('In the window', s.total_in_window);
    add('Examined', s.examined);
    add('Observable', s.observable_count);
    add('Not observable', s.not_observable_count);
    add('Collection-ready', s.collection_ready_count);
    if (s.page_capped === true)
      out.push({ label: 'Page capped', value: 'yes: not every event was examined' });
    classes('By level', s.by_rs_level);
  }
  return out;
}
