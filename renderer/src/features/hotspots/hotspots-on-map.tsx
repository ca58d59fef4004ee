// On the map: the hotspots of the answer the Hotspots view shows (read from the cache, so they
// draw offline too), one grid cell each. The status line says how many cells are drawn (the
// end-to-end test reads the count from it).
import { useMemo } from 'react';
import { useToolAnswer } from '../../data';
import { HOTSPOTS_LAYER_ID, type HotspotsHandle, hotspotsLayer } from './hotspots-layer';
import type { MapFeature, MapPartProps } from '../../map/slots';
import { useLayerDrawing, type LayerPicture } from '../../map/use-layer-drawing';
import { hotspotsPlace, useHotspotsState } from './hotspots-state';

type Cells = Parameters<HotspotsHandle['setHotspots']>[0];
const setHotspots = (h: HotspotsHandle, cells: Cells) => h.setHotspots(cells);

export function HotspotsOnMap({ controller }: MapPartProps) {
  const id = useHotspotsState((s) => s.hotspotsId);
  const answer = useToolAnswer(id).data;
  const shown = answer?.tool === 'hotspots' && answer.answer ? answer : null;
  const picture = useMemo((): LayerPicture<NonNullable<Cells>> | null => {
    if (!shown?.answer) return null;
    const a = shown.answer;
    return {
      data: {
        // The cell size the service applied, else the one asked, else its documented default (1°).
        precision: a.meta.precision ?? shown.request.precision ?? 1,
        cells: a.hotspots.map((c) => ({
          lat: c.lat,
          lng: c.lng,
          count: c.count,
          maxSeverity: c.max_severity ?? null,
          categories: c.categories ?? [],
        })),
      },
      place: hotspotsPlace(shown),
    };
  }, [shown]);
  const drawn = useLayerDrawing(controller, HOTSPOTS_LAYER_ID, picture, setHotspots);

  if (!shown) return null;
  return (
    <span className="map-hotspots" data-testid="hotspots-status" data-features={drawn}>
      Hotspots: {shown.answer?.hotspots.length ?? 0} cells
    </span>
  );
}

/** The Hotspots view's cells on the map, and their count (map/slots.ts). */
export const hotspotsOnMap: MapFeature = { layers: [hotspotsLayer], Status: HotspotsOnMap };
