// A stored GET /imagery answer: what the catalog says of the event's coverage (baseline before,
// scenes after, bracketing, the SAR pair's status and the service's orbit note, as given) and
// one row per scene: when, which side of the event, how it relates to the event's geometry,
// how much of the event AOI it covers. Previews open in the system browser (external.open).
import type { ImageryResult, Scene } from '../../../../shared/service/common';
import { useExternalOpen } from '../../data';
import { formatUtc } from '../../ui/time';

const TIMING: Record<string, string> = {
  pre: 'before the event',
  post: 'after the event',
  same_day_unknown: 'same day, order unknown',
};
const yesNo = (v: boolean | null | undefined) => (v === true ? 'yes' : v === false ? 'no' : '—');
const words = (s: string) => s.replace(/_/g, ' ');

function Relation({ scene }: { scene: Scene }) {
  const r = scene.target_relation;
  if (!r) return <span className="muted">—</span>;
  const parts = [
    r.covers_event_geometry === true
      ? 'covers the event'
      : r.covers_event_geometry === false
        ? 'misses the event'
        : null,
    r.usable_for_analysis === true ? 'usable' : r.usable_for_analysis === false ? 'not usable' : null,
    r.intersects_event_aoi === true
      ? 'touches the AOI'
      : r.intersects_event_aoi === false
        ? 'outside the AOI'
        : null,
  ].filter(Boolean);
  return <>{parts.join(' · ') || '—'}</>;
}

export function ImageryAnswer({
  answer,
  onDetectShips,
}: {
  answer: ImageryResult;
  /** Asks POST /ships for a scene (absent: no such action offered). */
  onDetectShips?: (scene: Scene) => void;
}) {
  const open = useExternalOpen();
  const m = answer.meta;
  const eventAsked = m.has_pre_baseline !== undefined || m.bracketing_available !== undefined;
  return (
    <div className="imagery-answer">
      <dl className="tool-facts" aria-label="Catalog summary">
        <div>
          <dt>Collection</dt>
          <dd>{m.collection ?? '—'}</dd>
        </div>
        <div>
          <dt>Window searched</dt>
          <dd>
            {m.start_date ?? '—'} → {m.end_date ?? '—'}
          </dd>
        </div>
        <div>
          <dt>Scenes</dt>
          <dd data-testid="imagery-count">{m.count ?? answer.scenes.length}</dd>
        </div>
        {eventAsked && (
          <>
            <div>
              <dt>Baseline before</dt>
              <dd>{yesNo(m.has_pre_baseline)}</dd>
            </div>
            <div>
              <dt>Scene after</dt>
              <dd>{yesNo(m.has_post)}</dd>
            </div>
            <div>
              <dt>Bracketing</dt>
              <dd data-testid="imagery-bracketing">
                {m.bracketing_available ? 'available' : 'not available'}
              </dd>
            </div>
            {m.window_status && (
              <div>
                <dt>Window</dt>
                <dd>{words(m.window_status)}</dd>
              </div>
            )}
          </>
        )}
        {m.sar_pair_status && (
          <div>
            <dt>SAR pair</dt>
            <dd data-testid="imagery-sar-pair">{words(m.sar_pair_status)}</dd>
          </div>
        )}
      </dl>
      {m.orbit_note && <p className="muted">{m.orbit_note}</p>}
      {answer.scenes.length === 0 ? (
        <p className="muted">The catalog has no scene of this collection touching the box in this window.</p>
      ) : (
        <div className="table-scroll">
          <table className="dense imagery-scenes" aria-label="Scenes">
            <thead>
              <tr>
                <th scope="col">Scene</th>
                <th scope="col">Acquired (UTC)</th>
                <th scope="col">Platform</th>
                <th scope="col" className="right">
                  Cloud %
                </th>
                <th scope="col">Timing</th>
                <th scope="col">Target relation</th>
                <th scope="col" className="right">
                  AOI covered
                </th>
                <th scope="col">Preview</th>
                {onDetectShips && (
                  <th scope="col">
                    <span className="visually-hidden">Ships</span>
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {answer.scenes.map((s) => (
                <tr key={s.id}>
                  <td className="mono">{s.id}</td>
                  <td className="num">{s.datetime ? formatUtc(s.datetime) : '—'}</td>
                  <td>{s.platform ?? '—'}</td>
                  <td className="right num">{s.cloud_cover ?? '—'}</td>
                  <td>{s.timing ? (TIMING[s.timing] ?? words(s.timing)) : '—'}</td>
                  <td>
                    <Relation scene={s} />
                  </td>
                  <td className="right num">
                    {typeof s.target_relation?.event_aoi_coverage_ratio === 'number'
                      ? `${Math.round(s.target_relation.event_aoi_coverage_ratio * 100)}%`
                      : '—'}
                  </td>
                  <td>
                    {s.preview && /^https?:\/\//.test(s.preview) ? (
                      <a
                        href={s.preview}
                        onClick={(e) => {
                          e.preventDefault();
                          open.mutate({ url: s.preview! });
                        }}
                        aria-label={`Open the preview of ${s.id} in the browser`}
                      >
                        Preview ↗
                      </a>
                    ) : (
                      '—'
                    )}
                  </td>
                  {onDetectShips && (
                    <td>
                      <button
                        type="button"
                        className="ghost"
                        aria-label={`Detect ships on ${s.id}`}
                        onClick={() => onDetectShips(s)}
                      >
                        Detect ships
                      </button>
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
