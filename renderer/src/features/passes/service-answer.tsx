// The service's own pass list (GET /passes) as it answered, read from the cache (offline too):
// labelled as the service's answer with when it answered, the window it searched (narrowed
// past the 7-day horizon: its clamp shown here), how it differs from the place and window the
// offline prediction shows, then its passes in their own table. Never merged with the
// prediction: the two come from different sources and are said to. As the prediction's, the
// list starts at the time of the answer; the passes already past then are apart (past-passes.tsx).
import type { StoredAnswerOf } from '../../../../shared/contract';
import { formatTokens } from '../../../../shared/tool-prices';
import { ClampBanner } from '../../ui/answer-marks';
import { EmptyState } from '../../ui/empty-state';
import { HonestyMark } from '../../ui/honesty-mark';
import { formatUtc } from '../../ui/time';
import { PastPasses } from './past-passes';
import type { PassTarget } from './passes-state';
import { differences, narrowedWindow, summarize } from './service-params';

/** The meta's note on the demo's names for the commercial families, when it has one. */
function demoNamesNote(meta: Record<string, unknown>): string | null {
  const d = meta.demo_names;
  if (!d || typeof d !== 'object') return null;
  const note = (d as { note?: unknown }).note;
  return typeof note === 'string' ? note : null;
}

type ServicePass = NonNullable<StoredAnswerOf<'passes'>['answer']>['passes'][number];

function ServiceTable({ label, passes }: { label: string; passes: readonly ServicePass[] }) {
  return (
    <table className="dense passes-table" aria-label={label}>
      <thead>
        <tr>
          <th scope="col">Peak (UTC)</th>
          <th scope="col">Satellite</th>
          <th scope="col">Family</th>
          <th scope="col" className="spare">
            Sensor
          </th>
          <th scope="col" className="spare">
            Mode
          </th>
          <th scope="col" className="right">
            Off-nadir °
          </th>
          <th scope="col">Light</th>
          <th scope="col" className="spare">
            Direction
          </th>
          <th scope="col" className="right">
            Elements age (d)
          </th>
        </tr>
      </thead>
      <tbody>
        {passes.map((p, i) => (
          <tr
            key={`${p.satellite}@${p.peak}#${i}`}
            data-testid="service-pass-row"
            title={[p.sensor === 'sar' ? 'SAR' : p.sensor, p.collection_mode, p.direction]
              .filter(Boolean)
              .join(' · ')}
          >
            <td className="num">{formatUtc(p.peak, true).replace(' UTC', '')}</td>
            <td>{p.satellite}</td>
            <td>{p.family_key}</td>
            <td className="spare">{p.sensor === 'sar' ? 'SAR' : (p.sensor ?? '—')}</td>
            <td className="spare">{p.collection_mode ?? '—'}</td>
            <td className="right num">{p.off_nadir_deg.toFixed(1)}</td>
            <td>{p.sunlit === undefined || p.sunlit === null ? '—' : p.sunlit ? 'sunlit' : 'night'}</td>
            <td className="spare">{p.direction ?? '—'}</td>
            <td className="right num">
              {typeof p.tle_age_days === 'number' ? p.tle_age_days.toFixed(1) : '—'}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function ServicePassesAnswer({
  answer,
  target,
  start,
  end,
}: {
  answer: StoredAnswerOf<'passes'>;
  target: PassTarget | null;
  start: string;
  end: string;
}) {
  const asOf = answer.answeredAt ?? answer.askedAt;
  const data = answer.answer;
  const differs = differences(answer, target, start, end);
  const narrowed = narrowedWindow(answer);
  const namesNote = data ? demoNamesNote(data.meta) : null;
  // As the service judged them when it answered: the list starts at that time, the past apart.
  const upcoming = data ? data.passes.filter((p) => !p.is_past) : [];
  const past = data ? data.passes.filter((p) => p.is_past) : [];
  return (
    <section className="service-passes-answer" aria-label="The service’s passes">
      <h3 className="section-title">The service’s answer (GET /passes), as of {formatUtc(asOf)}</h3>
      <p className="view-line">
        <span className="answer-marks">
          {answer.demo && <HonestyMark kind="demo" title="Demo data, not from the live service" />}
          <HonestyMark
            kind="cached"
            detail={`answered ${formatUtc(asOf)}`}
            title="Stored in the local cache when it was asked; readable offline"
          />
          {data?.freshness?.stale && (
            <HonestyMark kind="stale" detail="the service says its orbital elements are stale" />
          )}
        </span>
        <span className="muted"> {summarize(answer.request)}</span>
        {answer.charged !== null && (
          <span className="muted" data-testid="service-passes-charged">
            {' '}
            · charged {formatTokens(answer.charged)}
          </span>
        )}
      </p>
      {differs.length > 0 && (
        <p className="passes-warning" role="note" data-testid="service-passes-differs">
          Not the prediction’s question: {differs.join('; ')}.
        </p>
      )}
      <ClampBanner clamps={answer.clamps} />
      {answer.status === 'failed' ? (
        <EmptyState tone="error" title="The service refused this call">
          <p>{answer.error?.message}</p>
        </EmptyState>
      ) : !data ? (
        <p className="muted">No answer yet.</p>
      ) : (
        <>
          <p data-testid="service-passes-window">
            <span className="num">{data.passes.length}</span> passes from the service · searched{' '}
            {data.meta.window?.start ?? '—'} to {data.meta.window?.end ?? '—'} (UTC)
            {narrowed && (
              <>
                {' '}
                <HonestyMark kind="clamped" detail={`${narrowed}: the service caps the window to 7 days`} />
              </>
            )}
          </p>
          {!data.retrieval_ok && (
            <p className="passes-warning" role="note">
              The service says its retrieval was not complete: passes may be missing.
            </p>
          )}
          {data.passes.length === 0 ? (
            <p className="muted">The service lists no passes for this place and window.</p>
          ) : (
            <>
              {/* Focusable: the list scrolls (up to 100 rows) and its rows are not controls. */}
              <div
                className="table-scroll passes-table-scroll"
                tabIndex={0}
                role="group"
                aria-label="Service passes (scrolls)"
              >
                <ServiceTable label="Service passes" passes={upcoming} />
                {upcoming.length === 0 && (
                  <p className="muted">
                    No pass from the service’s answer is still to come: every one is already past.
                  </p>
                )}
              </div>
              <PastPasses count={past.length} windowStart={data.meta.window?.start ?? start} asOf={asOf}>
                <div className="table-scroll passes-table-scroll">
                  <ServiceTable label="Already past (the service)" passes={past} />
                </div>
              </PastPasses>
            </>
          )}
          {namesNote && <p className="muted passes-note">{namesNote}</p>}
          {data.note && <p className="muted passes-note">The service: {data.note}</p>}
          {data.attribution && <p className="muted passes-note">{data.attribution}</p>}
        </>
      )}
    </section>
  );
}
