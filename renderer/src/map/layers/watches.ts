// Watches (watches.list) as solid outlines of their area's box; an event watch's box is the
// area the service watches around its event. The main profile has no watches.
import type { WatchesListResult } from '../../../../shared/contract';
import { figure, textFigure, timeOf } from './figures';
import { ownAreaLayer } from './own-areas';

type Watch = WatchesListResult['rows'][number]['record'];
export const WATCHES_LAYER_ID = 'watches';

export const watchesLayer = ownAreaLayer<Watch>({
  id: WATCHES_LAYER_ID,
  title: 'Watches',
  kind: 'Watch',
  hint: 'your watches’ boxes',
  dash: 'solid',
  labelAt: 'above',
  selectionKind: 'watch',
  bboxOf: (w) => w.area?.bbox,
  nameOf: (w) => w.name,
  attention: (w) => w.bucket === 'needs_attention',
  describe(w) {
    const m = w.measurements?.find((x) => x.latest);
    return {
      figures: [
        ...textFigure('Status', w.status),
        ...textFigure('Bucket', w.bucket),
        ...textFigure('Watching', w.target_type),
        ...textFigure('Area status', w.area?.area_status),
        ...(m ? figure(m.metric ? `Latest ${m.metric.replace(/_/g, ' ')}` : 'Latest', m.latest?.value) : []),
      ],
      time: timeOf(['latest change', w.latest_change?.at]),
      notes: w.latest_change?.summary ? [w.latest_change.summary] : [],
    };
  },
});
