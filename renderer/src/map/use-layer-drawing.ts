// A feature's part on the map (map/slots.ts) hands its layer a picture: whenever the picture
// changes it is drawn (null clears the layer), the map is centred on it when it says where,
// and the count of features drawn comes back for the map's status line (the end-to-end tests
// read it from `data-features`).
import { useEffect, useState } from 'react';
import type { DrawnLayerHandle } from './layers/drawn-layer';
import type { LayerHandle } from './layers/types';
import type { WatchMap } from './watch-map';

export interface LayerPicture<D> {
  data: D;
  /** Where to centre the map, [lon, lat], and the least zoom to show it at. */
  centre?: { at: [number, number]; zoom: number };
}

const drawOn = (h: DrawnLayerHandle<unknown>, data: unknown) => h.draw(data);

/**
 * `set` hands the handle a picture (null clears; a `drawnLayer`'s `draw` unless said). Keep it
 * and `picture` stable between renders (a module constant, a memo) so the layer is redrawn only
 * when the picture changes.
 */
export function useLayerDrawing<D>(
  controller: WatchMap | null,
  layerId: string,
  picture: LayerPicture<D> | null,
): number;
export function useLayerDrawing<D, H extends LayerHandle>(
  controller: WatchMap | null,
  layerId: string,
  picture: LayerPicture<D> | null,
  set: (handle: H, data: D | null) => number,
): number;
export function useLayerDrawing(
  controller: WatchMap | null,
  layerId: string,
  picture: LayerPicture<unknown> | null,
  set: (handle: DrawnLayerHandle<unknown>, data: unknown) => number = drawOn,
): number {
  const [drawn, setDrawn] = useState(0);
  useEffect(() => {
    const h = controller?.handle<DrawnLayerHandle<unknown>>(layerId);
    if (!h) return;
    setDrawn(set(h, picture ? picture.data : null));
    if (!picture) return;
    if (picture.centre) controller?.centerOn(picture.centre.at, picture.centre.zoom);
    controller?.map.render();
  }, [controller, layerId, set, picture]);
  return drawn;
}
