// On the map: the footprints of the scenes in the answer the Imagery view shows (read from the
// cache, so they draw offline too), with the event's point. The map's status line says what is
// drawn (the end-to-end test reads the feature count from it).
import { useMemo } from 'react';
import { useToolAnswer } from '../../data';
import {
  IMAGERY_FOOTPRINTS_LAYER_ID,
  type Footprint,
  type FootprintsPicture,
  imageryFootprintsLayer,
} from './footprints-layer';
import type { MapFeature, MapPartProps } from '../../map/slots';
import { useLayerDrawing, type LayerPicture } from '../../map/use-layer-drawing';
import { footprintsKey, useImageryState } from './imagery-state';

export function FootprintsOnMap({ controller }: MapPartProps) {
  const chosenId = useImageryState((s) => s.chosenId);
  const answer = useToolAnswer(chosenId).data;
  const imagery = answer?.tool === 'imagery' && answer.answer ? answer : null;
  const picture = useMemo((): LayerPicture<FootprintsPicture> | null => {
    if (!imagery?.answer) return null;
    const footprints: Footprint[] = imagery.answer.scenes.flatMap((s) =>
      s.bbox?.length === 4
        ? [
            {
              id: s.id,
              bbox: [s.bbox[0]!, s.bbox[1]!, s.bbox[2]!, s.bbox[3]!] as const,
              timing: s.timing ?? null,
            },
          ]
        : [],
    );
    return {
      data: { footprints, eventPoint: imagery.request.event_point ?? null },
      place: { by: footprintsKey(imagery.id), target: { kind: 'box', box: imagery.request.bbox } },
    };
  }, [imagery]);
  const drawn = useLayerDrawing(controller, IMAGERY_FOOTPRINTS_LAYER_ID, picture);

  if (!imagery) return null;
  return (
    <span className="map-imagery" data-testid="imagery-footprints-status" data-features={drawn}>
      Imagery: {imagery.answer?.scenes.length ?? 0} scene footprints
    </span>
  );
}

/** The Imagery view's scene footprints on the map, and their count (map/slots.ts). */
export const footprintsOnMap: MapFeature = { layers: [imageryFootprintsLayer], Status: FootprintsOnMap };
