// Signals as the cache answers them, and a fake 'signals.query' that applies the filter the
// way main does (q rules, categories, stages, minimum band, markets), so a test sees what the
// analyst would: the rows the window asked for.
import type { Input, SignalRow, SignalsQueryResult } from '../../shared/contract';
import { matchesQuery, parseQuery } from '../../shared/q';

const base: Omit<SignalRow, 'id' | 'title'> = {
  category: 'armed_conflict',
  occurredAt: '2026-11-01T10:00:00Z',
  stage: 'localized',
  severityBand: 5,
  severityScore: 5.1,
  lat: 46.48,
  lng: 30.72,
  plottable: true,
  location: 'Odesa',
  country: 'Ukraine',
  countryCode: 'UA',
  measured: false,
  measuredKind: null,
  retracted: false,
  publishers: 4,
  markets: [],
};

export const SIGNALS: SignalRow[] = [
  {
    ...base,
    id: 's-port',
    title: 'Drone strike on Odesa port',
    severityBand: 7,
    markets: ['grain', 'shipping'],
  },
  {
    ...base,
    id: 's-kyiv',
    title: 'Air raid alert over Kyiv',
    location: 'Kyiv',
    occurredAt: '2026-11-02T08:30:00Z',
    severityBand: 4,
    stage: 'reported',
    publishers: 12,
  },
  {
    ...base,
    id: 's-fire',
    title: 'Thermal anomaly near Dnipro refinery',
    category: 'thermal_anomaly',
    location: 'Dnipro',
    occurredAt: '2026-10-30T23:10:00Z',
    severityBand: 9,
    stage: 'pinpointed',
    measured: true,
    measuredKind: 'thermal_anomaly',
    publishers: null,
    markets: ['oil'],
  },
  {
    ...base,
    id: 's-flood',
    title: 'Flooding in Chittagong',
    category: 'flood',
    location: null,
    country: 'Bangladesh',
    countryCode: 'BD',
    plottable: false,
    lat: null,
    lng: null,
    occurredAt: null,
    severityBand: null,
    stage: null,
    publishers: 2,
  },
];

export function answerSignals(
  input: Input<'signals.query'>,
  rows: readonly SignalRow[] = SIGNALS,
  extra: Partial<SignalsQueryResult> = {},
): SignalsQueryResult {
  const q = input.q ? parseQuery(input.q) : null;
  const out = rows.filter(
    (r) =>
      (!q || matchesQuery(q, [r.title, r.location, r.country, r.category])) &&
      (!input.categories || input.categories.includes(r.category)) &&
      (!input.stages || (r.stage !== null && input.stages.includes(r.stage))) &&
      (!input.minSeverityBand || (r.severityBand ?? 0) >= input.minSeverityBand) &&
      (!input.markets || r.markets.some((m) => input.markets!.includes(m))),
  );
  return {
    rows: out,
    total: out.length,
    clamps: [],
    asOf: '2026-11-02T09:00:00Z',
    profile: 'main',
    demo: true,
    ...extra,
  };
}
