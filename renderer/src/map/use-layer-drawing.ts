// A feature's part on the map (map/slots.ts) hands its layer a picture: whenever the picture
// changes it is drawn (null clears the layer), the map goes where it says the first time that
// picture is shown (state/map-request.ts: a later return to the Map keeps the analyst's place),
// and the count of features drawn comes back for the map's status line (the end-to-end tests
// read it from `data-features`).
import { useEffect, useState } from 'react';
import { askOnce, type MapTarget } from '../state/map-request';
import type { DrawnLayerHandle } from './layers/drawn-layer';
import type { LayerHandle } from './layers/types';
import type { WatchMap } from './watch-map';

export interface LayerPicture<D> {
  data: D;
  /**
   * Where to show it, asked once per `by` (the stored answer, the chosen pass): the first time
   * the Map shows that picture, never again on a return.
   */
  place?: { by: object | string; target: MapTarget };
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
    if (picture.place) askOnce(picture.place.by, picture.place.target);
    controller?.map.render();
  }, [controller, layerId, set, picture]);
  return drawn;
}
