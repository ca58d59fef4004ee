// On the map: the footprints of the scenes in the answer the Imagery view shows (read from the
// cache, so they draw offline too), with the event's point. The map's status line says what is
// drawn (the end-to-end test reads the feature count from it).
import { useEffect, useState } from 'react';
import { useToolAnswer } from '../../data';
import {
  IMAGERY_FOOTPRINTS_LAYER_ID,
  type Footprint,
  type ImageryFootprintsHandle,
  imageryFootprintsLayer,
} from './footprints-layer';
import type { MapFeature, MapPartProps } from '../../map/slots';
import { useImageryState } from './imagery-state';

export function FootprintsOnMap({ controller }: MapPartProps) {
  const chosenId = useImageryState((s) => s.chosenId);
  const answer = useToolAnswer(chosenId).data;
  const imagery = answer?.tool === 'imagery' && answer.answer ? answer : null;
  const [drawn, setDrawn] = useState(0);

  useEffect(() => {
    const h = controller?.handle<ImageryFootprintsHandle>(IMAGERY_FOOTPRINTS_LAYER_ID);
    if (!h) return;
    if (!imagery?.answer) {
      setDrawn(h.setFootprints(null));
      return;
    }
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
    setDrawn(h.setFootprints({ footprints, eventPoint: imagery.request.event_point ?? null }));
    const [w, so, e, n] = imagery.request.bbox;
    controller?.centerOn([(w + e) / 2, (so + n) / 2], 6);
    controller?.map.render();
  }, [controller, imagery]);

  if (!imagery) return null;
  return (
    <span className="map-imagery" data-testid="imagery-footprints-status" data-features={drawn}>
      Imagery: {imagery.answer?.scenes.length ?? 0} scene footprints
    </span>
  );
}

/** The Imagery view's scene footprints on the map, and their count (map/slots.ts). */
export const footprintsOnMap: MapFeature = { layers: [imageryFootprintsLayer], Status: FootprintsOnMap };
