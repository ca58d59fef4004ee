// "Next 48 hours over my watches": for each watch with a box (its centre is the place), the
// soonest sunlit optical pass and the soonest SAR pass from now. "None" is said only where the
// elements were there to look with; a family without elements makes it "unknown" instead.
import { useMemo } from 'react';
import { bboxCentre, type BBox } from '../../../../shared/bbox';
import type { PassRow } from '../../../../shared/contract';
import { useAppInfo, useSoonestPasses, useWatches } from '../../data';
import { HonestyMark } from '../../ui/honesty-mark';
import { formatUtc, RelativeTime } from '../../ui/time';

const HOURS = 48;

function Soonest({ pass, unknown }: { pass: PassRow | null; unknown: boolean }) {
  if (!pass)
    return (
      <span className="muted">{unknown ? 'none found; some families have no elements' : 'none in 48 h'}</span>
    );
  return (
    <span title={formatUtc(pass.peak, true)}>
      {pass.satellite} · <RelativeTime iso={pass.peak} />{' '}
      <span className="muted num">({pass.off_nadir_deg.toFixed(0)}° off-nadir)</span>
    </span>
  );
}

export function SoonestPanel() {
  const info = useAppInfo().data;
  const watches = useWatches();
  const { places, boxless } = useMemo(() => {
    const out: { id: string; lat: number; lon: number; name: string }[] = [];
    let none = 0;
    for (const r of watches.data?.rows ?? []) {
      const bbox = r.record.area?.bbox as BBox | null | undefined;
      if (!bbox) {
        none++;
        continue;
      }
      const c = bboxCentre(bbox);
      out.push({ id: r.id, lat: c.lat, lon: c.lon, name: r.record.name ?? r.id });
    }
    return { places: out, boxless: none };
  }, [watches.data]);
  const input = useMemo(
    () => ({ places: places.map(({ id, lat, lon }) => ({ id, lat, lon })), hours: HOURS }),
    [places],
  );
  const soonest = useSoonestPasses(input, places.length > 0);
  const names = new Map(places.map((p) => [p.id, p.name]));
  const missing = soonest.data?.familiesWithoutElements ?? [];

  return (
    <section className="passes-soonest" aria-labelledby="passes-soonest-heading">
      <h2 id="passes-soonest-heading" className="section-title">
        Next 48 hours over my watches
      </h2>
      {info?.profile === 'main' ? (
        <p className="muted">This service (main profile) has no watches.</p>
      ) : watches.error ? (
        <p role="alert">The watches could not be read: {watches.error.message}</p>
      ) : !watches.data ? (
        <p className="muted">Reading the watches…</p>
      ) : places.length === 0 ? (
        <p className="muted">No watch with a box{boxless ? ` (${boxless} without one)` : ''}.</p>
      ) : soonest.error ? (
        <p role="alert">The passes could not be computed: {soonest.error.message}</p>
      ) : !soonest.data ? (
        <p className="muted">Computing…</p>
      ) : (
        <>
          <p className="muted">
            From {formatUtc(soonest.data.window.start)} to {formatUtc(soonest.data.window.end)}; each watch’s
            box centre.{' '}
            {soonest.data.stale && (
              <HonestyMark
                kind="stale"
                detail={`elements up to ${soonest.data.maxTleAgeDays?.toFixed(1)} days from the window`}
              />
            )}
            {missing.length > 0 && <> No elements for {missing.join(', ')}: their passes are unknown.</>}
          </p>
          <table className="dense" aria-label="Soonest passes over my watches">
            <thead>
              <tr>
                <th>Watch</th>
                <th>Soonest sunlit optical</th>
                <th>Soonest SAR</th>
              </tr>
            </thead>
            <tbody>
              {soonest.data.places.map((p) => (
                <tr key={p.id} data-testid="soonest-row">
                  <td>{names.get(p.id) ?? p.id}</td>
                  <td>
                    <Soonest pass={p.optical} unknown={missing.length > 0} />
                  </td>
                  <td>
                    <Soonest pass={p.sar} unknown={missing.length > 0} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {boxless > 0 && <p className="muted">{boxless} watches have no box and are not listed.</p>}
        </>
      )}
    </section>
  );
}
