// A stored elevation or terrain answer as the service gave it. An elevation the service does
// not give (over water, or outside its coverage) is absence: shown as the service's null with
// its own words, never as 0 m.
import type { ReactNode } from 'react';
import type { StoredAnswerOf } from '../../../../shared/contract';

const metres = (v: number | null | undefined) => (typeof v === 'number' ? `${v} m` : null);
const percent = (v: number | null | undefined) =>
  typeof v === 'number' ? `${Math.round(v * 1000) / 10} %` : null;

function Facts({ rows, testId }: { rows: [string, ReactNode | null | undefined][]; testId: string }) {
  const shown = rows.filter(([, v]) => v !== null && v !== undefined && v !== '');
  return (
    <dl className="tool-facts" data-testid={testId}>
      {shown.map(([k, v]) => (
        <div key={k}>
          <dt>{k}</dt>
          <dd className="num">{v}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The answer's own text fields beyond the figures (a note, a reason…), quoted as given. */
function ServiceWords({ record, skip }: { record: object; skip: string[] }) {
  const words = Object.entries(record).filter(
    ([k, v]) => !skip.includes(k) && typeof v === 'string' && v.trim() !== '',
  ) as [string, string][];
  if (words.length === 0) return null;
  return (
    <ul className="muted">
      {words.map(([k, v]) => (
        <li key={k}>
          <span className="mono">{k}</span>: “{v}”
        </li>
      ))}
    </ul>
  );
}

export function ElevationAnswer({ answer }: { answer: StoredAnswerOf<'elevation'> }) {
  const a = answer.answer;
  if (!a) return null;
  const e = a.elevation;
  return (
    <div data-testid="elevation-answer">
      <p>
        Measured as <strong>{a.mode ?? 'not stated'}</strong>
        {a.attribution ? ` · source: ${a.attribution}` : ''}
      </p>
      {e === null || e === undefined ? (
        <div className="tool-absent" role="status" data-testid="elevation-absent">
          <p>
            <strong>No elevation here.</strong> The service answered{' '}
            <span className="mono">elevation: null</span>: it has no height for this place (over water, or
            outside its coverage). That is absence, not 0 m.
          </p>
          <ServiceWords record={a} skip={['mode', 'attribution']} />
        </div>
      ) : (
        <>
          <Facts
            testId="elevation-figures"
            rows={[
              ['Elevation', metres(typeof e.elevation_m === 'number' ? e.elevation_m : undefined)],
              ['Lowest', metres(e.min_m)],
              ['Highest', metres(e.max_m)],
              ['Mean', metres(e.mean_m)],
              ['Median', metres(e.median_m)],
              ['10th percentile', metres(e.p10_m)],
              ['90th percentile', metres(e.p90_m)],
              ['Relief', metres(e.relief_m)],
              ['Sample spacing', metres(e.sample_spacing_m)],
              ['Downsampled', typeof e.downsampled === 'boolean' ? (e.downsampled ? 'yes' : 'no') : null],
              ['Measured over', e.measured_over?.replace(/_/g, ' ')],
              ['Polygon corners', typeof e.polygon_vertices === 'number' ? String(e.polygon_vertices) : null],
            ]}
          />
          <ServiceWords record={a} skip={['mode', 'attribution']} />
        </>
      )}
    </div>
  );
}

export function TerrainAnswer({ answer }: { answer: StoredAnswerOf<'terrain'> }) {
  const a = answer.answer;
  if (!a) return null;
  const g = a.sar_geometry;
  return (
    <div data-testid="terrain-answer">
      {g ? (
        <Facts
          testId="terrain-figures"
          rows={[
            ['Usable', percent(g.usable_fraction)],
            ['Layover', percent(g.layover_fraction)],
            ['Shadow', percent(g.shadow_fraction)],
            ['Foreshortening', percent(g.foreshortening_fraction)],
            [
              'Mean local incidence',
              typeof g.mean_local_incidence_deg === 'number' ? `${g.mean_local_incidence_deg}°` : null,
            ],
            ['Sample spacing', metres(g.sample_spacing_m)],
          ]}
        />
      ) : (
        <p className="muted">The answer has no SAR geometry.</p>
      )}
      {a.interpretation && (
        <p>
          The service’s reading: <q>{a.interpretation}</q>
        </p>
      )}
    </div>
  );
}
