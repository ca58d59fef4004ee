// Monitoring areas (monitoring.list) as dotted outlines, in the attention colour when the
// service marks the area's status or a metric's latest reading as an anomaly.
import type { MonitoringListResult } from '../../../../shared/contract';
import { isNum, num, textFigure, timeOf } from './figures';
import { ownAreaLayer } from './own-areas';

type Area = MonitoringListResult['rows'][number]['record'];
export const MONITORING_AREAS_LAYER_ID = 'monitoring-areas';

export const monitoringAreasLayer = ownAreaLayer<Area>({
  id: MONITORING_AREAS_LAYER_ID,
  title: 'Monitoring areas',
  kind: 'Monitoring area',
  hint: 'boxes measured from satellite scenes',
  dash: 'dotted',
  labelAt: 'inside',
  selectionKind: 'area',
  bboxOf: (a) => a.bbox,
  nameOf: (a) => a.name,
  attention: (a) => a.status === 'anomaly' || !!a.metrics?.some((m) => m.latest?.is_anomaly),
  describe(a) {
    const metrics = (a.metrics ?? []).filter((m) => isNum(m.latest?.value));
    const latest = metrics
      .map((m) => m.latest?.date)
      .filter((d): d is string => typeof d === 'string')
      .sort()
      .at(-1);
    return {
      figures: [
        ...textFigure('Status', a.status),
        ...metrics.map((m) => ({
          label: (m.metric_label ?? m.metric ?? 'metric').replace(/_/g, ' '),
          value: `${num(m.latest!.value!, 2)}${m.latest!.is_anomaly ? ' (anomaly)' : ''}`,
        })),
      ],
      time: timeOf(['latest reading', latest]),
      notes: [],
    };
  },
});
