// On the map: the hotspots of the answer the Hotspots view shows (read from the cache, so they
// draw offline too), one grid cell each. The status line says how many cells are drawn (the
// end-to-end test reads the count from it).
import { useEffect, useState } from 'react';
import { useToolAnswer } from '../../data';
import { HOTSPOTS_LAYER_ID, type HotspotsHandle, hotspotsLayer } from './hotspots-layer';
import type { MapFeature, MapPartProps } from '../../map/slots';
import { useHotspotsState } from './hotspots-state';

export function HotspotsOnMap({ controller }: MapPartProps) {
  const id = useHotspotsState((s) => s.hotspotsId);
  const answer = useToolAnswer(id).data;
  const shown = answer?.tool === 'hotspots' && answer.answer ? answer : null;
  const [drawn, setDrawn] = useState(0);

  useEffect(() => {
    const h = controller?.handle<HotspotsHandle>(HOTSPOTS_LAYER_ID);
    if (!h) return;
    if (!shown?.answer) {
      setDrawn(h.setHotspots(null));
      return;
    }
    const a = shown.answer;
    // The cell size the service applied, else the one asked, else its documented default (1°).
    const precision = a.meta.precision ?? shown.request.precision ?? 1;
    setDrawn(
      h.setHotspots({
        precision,
        cells: a.hotspots.map((c) => ({
          lat: c.lat,
          lng: c.lng,
          count: c.count,
          maxSeverity: c.max_severity ?? null,
          categories: c.categories ?? [],
        })),
      }),
    );
    const b = shown.request.bbox;
    const first = a.hotspots[0];
    if (b) controller?.centerOn([(b[0] + b[2]) / 2, (b[1] + b[3]) / 2], 4);
    else if (first) controller?.centerOn([first.lng, first.lat], 3);
    controller?.map.render();
  }, [controller, shown]);

  if (!shown) return null;
  return (
    <span className="map-hotspots" data-testid="hotspots-status" data-features={drawn}>
      Hotspots: {shown.answer?.hotspots.length ?? 0} cells
    </span>
  );
}

/** The Hotspots view's cells on the map, and their count (map/slots.ts). */
export const hotspotsOnMap: MapFeature = { layers: [hotspotsLayer], Status: HotspotsOnMap };
