// On the map: the ground track of the pass chosen in the Passes view, while that pass is the
// selection. It asks main for the track (SGP4 from the same element set the pass was found
// with), hands it to the map's pass-track layer, and says in the map's status line what is
// drawn (the end-to-end test reads the feature count from it).
import { useMemo } from 'react';
import { usePassTrack } from '../../data';
import { useSelection } from '../../state/selection';
import { formatUtc } from '../../ui/time';
import { PASS_TRACK_LAYER_ID, type PassTrack, passTrackLayer } from './pass-track-layer';
import type { MapFeature, MapPartProps } from '../../map/slots';
import { useLayerDrawing, type LayerPicture } from '../../map/use-layer-drawing';
import { trackPlace, usePassesState } from './passes-state';

export function PassTrackOnMap({ controller }: MapPartProps) {
  const selection = useSelection((s) => s.selection);
  const chosen = usePassesState((s) => s.chosen);
  const active = selection?.kind === 'pass' && chosen?.id === selection.id ? chosen : null;
  const track = usePassTrack(active ? { noradId: active.pass.norad_id, peak: active.pass.peak } : null);
  const picture = useMemo((): LayerPicture<PassTrack> | null => {
    if (!active || !track.data) return null;
    const { points, start } = track.data;
    const peakMs = Date.parse(active.pass.peak);
    let peakIndex: number | null = null;
    points.forEach((_, i) => {
      // The points are every 20 s from `start`: the one at the peak.
      if (Date.parse(start) + i * 20_000 === peakMs) peakIndex = i;
    });
    return {
      data: { points, peakIndex, target: active.target },
      place: trackPlace(active),
    };
  }, [active, track.data]);
  const drawn = useLayerDrawing(controller, PASS_TRACK_LAYER_ID, picture);

  if (!active) return null;
  if (track.error)
    return <span role="alert">The pass’s track could not be computed: {track.error.message}</span>;
  return (
    <span className="map-pass-track" data-testid="pass-track-status" data-features={drawn}>
      Pass: {active.pass.satellite} at {formatUtc(active.pass.peak)}
      {track.data ? ` · track ±10 min, ${track.data.points.length} points` : ' · computing the track…'}
    </span>
  );
}

/** The chosen pass's track on the map, and its line in the status (map/slots.ts). */
export const passTrackOnMap: MapFeature = { layers: [passTrackLayer], Status: PassTrackOnMap };
