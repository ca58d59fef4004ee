// A monitoring area's series with its anomalies, below the Orders view's lists: uPlot's charts
// (series-chart.tsx), which load with the Orders view, not with the window (the inspector's
// order section takes only detail-panels.tsx).
import { useMonitoringSeries } from '../../data';
import { AnswerMarks } from '../../ui/answer-marks';
import { Loaded } from '../../ui/empty-state';
import { HonestyMark } from '../../ui/honesty-mark';
import { SeriesChart } from './series-chart';
import { describeMonitoringPrice } from '../../../../shared/tool-prices';

export function SeriesPanel({
  areaId,
  name,
  demo,
  metering = null,
}: {
  areaId: string;
  name: string;
  demo: boolean;
  /** The metering the service stated when it accepted the area, in words. */
  metering?: string | null;
}) {
  const answer = useMonitoringSeries(areaId);
  const data = answer.data;
  return (
    <section className="panel orders-detail" aria-label={`Series of ${name}`}>
      <header className="panel-header">
        <h2>{name}</h2>
        {data && <AnswerMarks demo={demo} asOf={data.asOf} />}
        {data?.pending && <HonestyMark kind="pending" detail="not yet with the service" />}
      </header>
      <p className="panel-line muted" aria-label="Metering">
        {metering
          ? `Metering, as the service stated when it accepted the area: ${metering}.`
          : `Price, as documented: ${describeMonitoringPrice()}`}
      </p>
      <Loaded query={answer} failed="This area could not be read from the cache" reading="Reading…">
        {(data) =>
          data.metrics.length === 0 ? (
            <p className="panel-line muted">
              {data.pending
                ? 'This area is not with the service yet: it has no measurements.'
                : 'No measurement is cached for this area yet.'}
            </p>
          ) : (
            data.metrics.map((m, i) => (
              <SeriesChart
                key={m.polygonId ?? i}
                label={(m.label ?? m.metric ?? 'value').replace(/_/g, ' ')}
                points={m.points}
              />
            ))
          )
        }
      </Loaded>
    </section>
  );
}
