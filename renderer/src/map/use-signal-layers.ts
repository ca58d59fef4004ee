// Feeds the map's signal layers from the window's data and the one selection: the points and
// the country counts for the current filter, the selected signal ringed (and brought into
// view when it was selected elsewhere), and a hover and a click on the map: a signal's point,
// a cluster (listed when its points are few or at one place, else zoomed into), a measured
// reading or one of the analyst's areas (use-record-layers.ts feeds those), or a country's
// signals. A measured signal whose reading a shown layer draws is left to that layer. The
// time slider's range narrows the loaded points here, on the client.
import type Feature from 'ol/Feature';
import type { FeatureLike } from 'ol/Feature';
import type RenderEvent from 'ol/render/Event';
import { useEffect, useMemo, useRef, useState } from 'react';
import { askOnce } from '../state/map-request';
import { useSelection, type Selection } from '../state/selection';
import { useCountryCounts, useSignalPoints } from '../data';
import { POINT_FLAGS } from '../../../shared/contract-values';
import type { CountryCount, SignalPoints } from '../../../shared/contract';
import { useSignalFilter } from '../state/signal-filter';
import { isInspectable, type CountrySignalsHandle, type FeatureInfo, type SignalsHandle } from './layers';
import { COUNTRY_SIGNALS_LAYER_ID } from './layers/country-signals';
import { recordOf, selectionKeyOf } from './layers/record-layer';
import { SIGNALS_LAYER_ID, type ClusterCounts, type SignalHit } from './layers/signals';
import type { RecordsHandle } from './layers/record-layer';
import { stacked } from './signal-cells';
import { RECORD_LAYER_IDS } from './use-record-layers';
import {
  fitRange,
  pointsInRange,
  rangeBounds,
  timeWindow,
  useTimeRange,
  type TimeWindow,
} from './time-range';
import type { WatchMap } from './watch-map';

/** A cluster listed on a click (cell-list.tsx draws it). */
export interface CellListState {
  /** Where on the map it was clicked, in px from the map's corner. */
  x: number;
  y: number;
  /** The cluster's points (indices into `points`). */
  indices: number[];
  /** Whether they are at one place (zooming in would not split them). */
  stacked: boolean;
  points: SignalPoints;
}

export type Hover =
  | { kind: 'point'; x: number; y: number; index: number; points: SignalPoints }
  | { kind: 'feature'; x: number; y: number; info: FeatureInfo }
  | { kind: 'country'; x: number; y: number; name: string; count: CountryCount }
  | {
      kind: 'cell';
      x: number;
      y: number;
      n: number;
      maxBand: number;
      meanBand: number;
      measured: number;
    };

/**
 * Which of the things under the pointer the tooltip and a click take: a signal's point, then a
 * reading's or an area's symbol, then its lines and shapes (a quake's radius must not hide a
 * heat source inside it), then a country's shading.
 */
function rank(layer: string, feature: FeatureLike): number {
  if (layer === SIGNALS_LAYER_ID) return 0;
  if (layer === COUNTRY_SIGNALS_LAYER_ID) return 3;
  return feature.getGeometry()?.getType() === 'Point' ? 1 : 2;
}

/** The selection a click on a signal's point (or its line in a cluster's list) makes. */
function pointSelection(pts: SignalPoints, i: number): Selection {
  const cat = pts.categories[pts.category[i]!] ?? 'signal';
  return {
    kind: 'signal',
    id: pts.ids[i]!,
    label: `${pts.flags[i]! & POINT_FLAGS.measured ? 'Measured: ' : ''}${cat.replace(/_/g, ' ')}`,
    from: 'Map',
  };
}

/** A cluster of at most this many is listed on a click rather than zoomed into. */
const LIST_MAX = 12;

export interface SignalLayersState {
  /** The points drawn: the loaded ones narrowed to the time slider's range. */
  points: SignalPoints | undefined;
  /** Every point loaded for the filter (the slider's window comes from these). */
  loaded: SignalPoints | undefined;
  timeWindow: TimeWindow | null;
  countries: CountryCount[] | undefined;
  error: Error | null;
  hover: Hover | null;
  /**
   * Points the layer stood for at its last complete render, drawn singly or counted in cells
   * (the end-to-end tests read it: it equals the answer's point count).
   */
  drawn: number | null;
  /** Clusters drawn at the last complete render, or null (every point drawn singly). */
  cells: number | null;
  /** The clusters' counts at the last complete render (the end-to-end tests read them). */
  clusters: ClusterCounts | null;
  /** The cluster listed after a click on it, or null. */
  cellList: CellListState | null;
  closeCellList: () => void;
  /** Zooms in on the listed cluster (and closes its list). */
  zoomCellList: () => void;
  /** Selects a listed signal (its index in the points). */
  pickFromList: (index: number) => void;
  /** Set when the selected signal is in the cache but has no point (country level) or is filtered out. */
  selectedOffMap: boolean;
  /** The selected signal's id when it is drawn (ringed) on the map. */
  selectedOnMap: string | null;
}

/**
 * The value, or while it is undefined (a new question's answer on its way) the last one that
 * was not: React's "information from previous renders" pattern, without an extra commit.
 */
function useLastAnswer<T>(value: T | undefined): T | undefined {
  const [last, setLast] = useState(value);
  if (value !== undefined && value !== last) setLast(value);
  return value ?? last;
}

/** The longest the window's first counts wait for its first points drawn, once they are in. */
const COUNTS_AFTER_MS = 1_000;

/** How long the time range rests before the counts are asked for it. */
const COUNTS_SETTLE_MS = 150;

/** The value once it has not changed for `ms` (the first value at once). */
function useSettled(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    if (value === settled) return;
    const t = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(t);
  }, [value, settled, ms]);
  return settled;
}

export function useSignalLayers(map: WatchMap | null): SignalLayersState {
  const filter = useSignalFilter();
  const answer = useSignalPoints(filter);
  // While a changed filter's points are on their way the map still shows the last ones, and
  // so do the time slider and the counts: were they to go, the map would change size twice
  // per filter change, and every layer (the basemap, the points' buffers) be drawn anew each
  // time.
  const loaded = { data: useLastAnswer(answer.data), error: answer.error };
  const cached = useMemo(() => timeWindow(loaded.data), [loaded.data]);
  const saved = useTimeRange((s) => s.range);
  const range = fitRange(saved, cached);
  const [rangeFrom, rangeTo] = [range?.from, range?.to];
  const shown = useMemo(
    () =>
      loaded.data &&
      pointsInRange(loaded.data, rangeFrom === undefined ? null : { from: rangeFrom, to: rangeTo! }),
    [loaded.data, rangeFrom, rangeTo],
  );
  const points = { data: shown, error: loaded.error };
  // The counts are asked once the filter's points are in (and, at launch, drawn): main counts them over every cached
  // signal (~0.15 s at 200,000, its event loop held), and asked beside the points they held up
  // the points' answer, or as the window opens, the basemap's file behind them. They follow the
  // box (the filter's) and the time slider's range, as the points do: the range as it rests,
  // not each step of a drag.
  const bounds = useSettled(JSON.stringify(rangeBounds(saved, cached)), COUNTS_SETTLE_MS);
  const countsFilter = useMemo(
    () => ({ ...filter, ...(JSON.parse(bounds) as { start?: string; end?: string }) }),
    [filter, bounds],
  );
  const [drawn, setDrawn] = useState<number | null>(null);
  // At launch, not before the first points are drawn (or, a map that draws nothing, a second
  // after they are in): their ~0.2–0.4 s of SQL took a core from the window's first frames.
  const pointsIn = !answer.isPending;
  const [countsDue, setCountsDue] = useState(false);
  useEffect(() => {
    if (countsDue || !pointsIn) return;
    if (drawn !== null) return setCountsDue(true);
    const t = setTimeout(() => setCountsDue(true), COUNTS_AFTER_MS);
    return () => clearTimeout(t);
  }, [countsDue, pointsIn, drawn]);
  const countsAnswer = useCountryCounts(countsFilter, pointsIn && countsDue);
  const counts = { data: useLastAnswer(countsAnswer.data), error: countsAnswer.error };
  const selection = useSelection((s) => s.selection);
  const select = useSelection((s) => s.select);
  const [hover, setHover] = useState<Hover | null>(null);
  const [cells, setCells] = useState<number | null>(null);
  const [clusters, setClusters] = useState<ClusterCounts | null>(null);
  const [cellList, setCellList] = useState<(CellListState & { at: [number, number] }) | null>(null);
  const data = useRef<{ points?: SignalPoints; counts?: CountrySignalsHandle }>({});
  data.current.points = points.data;

  const selectedId = selection?.kind === 'signal' ? selection.id : null;
  const selectedIndex = selectedId && points.data ? points.data.ids.indexOf(selectedId) : -1;

  useEffect(() => {
    const h = map?.handle<SignalsHandle>(SIGNALS_LAYER_ID);
    if (!map || !h || !points.data) return;
    h.setPoints(points.data);
    map.map.render();
  }, [map, points.data]);

  useEffect(() => {
    const h = map?.handle<SignalsHandle>(SIGNALS_LAYER_ID);
    if (!map || !h) return;
    // Every complete render: zooming in or out switches between cells and single points.
    // Counted only once the frame shows the land and the current points.
    const onRendered = (e: RenderEvent) => {
      if (!data.current.points || !e.frameState) return;
      if (!map.withData(e.frameState) || !h.shows(e.frameState)) return;
      setDrawn(h.represented());
      setCells(h.cells());
      const next = h.clusters();
      setClusters((prev) => (JSON.stringify(prev) === JSON.stringify(next) ? prev : next));
    };
    map.map.on('rendercomplete', onRendered);
    return () => map.map.un('rendercomplete', onRendered);
  }, [map]);

  // One glyph per reading: a measured signal whose record a shown layer draws (where it was
  // measured) is not drawn again as a point. Told again when a layer's records or its
  // visibility change.
  useEffect(() => {
    const h = map?.handle<SignalsHandle>(SIGNALS_LAYER_ID);
    if (!map || !h) return;
    const readings = RECORD_LAYER_IDS.map((id) => map.handle<RecordsHandle<unknown>>(id)).filter(
      (r): r is RecordsHandle<unknown> => !!r,
    );
    let queued = false;
    const update = () => {
      if (queued) return;
      queued = true;
      queueMicrotask(() => {
        queued = false;
        const ids = new Set<string>();
        for (const r of readings) {
          if (!r.layer.getVisible()) continue;
          for (const f of r.source.getFeatures()) {
            const key = selectionKeyOf(f);
            if (key?.startsWith('signal:')) ids.add(key.slice('signal:'.length));
          }
        }
        h.setCovered(ids);
        map.map.render();
      });
    };
    update();
    for (const r of readings) {
      r.source.on('change', update);
      r.layer.on('change:visible', update);
    }
    return () => {
      for (const r of readings) {
        r.source.un('change', update);
        r.layer.un('change:visible', update);
      }
    };
  }, [map]);

  // A listed cluster's list goes when the points change or the map moves away from it.
  useEffect(() => setCellList(null), [points.data]);

  useEffect(() => {
    const h = map?.handle<CountrySignalsHandle>(COUNTRY_SIGNALS_LAYER_ID);
    if (h && counts.data) h.setCounts(counts.data.countries);
    data.current.counts = h;
  }, [map, counts.data]);

  useEffect(() => {
    map?.handle<SignalsHandle>(SIGNALS_LAYER_ID)?.setSelected(selectedIndex);
    // Selected in the table, the inspector or a notification: brought into view here once (a
    // return to the Map keeps the analyst's place), at zoom 5 or closer.
    if (map && selection && selectedIndex >= 0 && points.data && selection.from !== 'Map')
      askOnce(selection, {
        kind: 'point',
        lonLat: [points.data.lng[selectedIndex]!, points.data.lat[selectedIndex]!],
        zoom: Math.max(map.map.getView().getZoom() ?? 5, 5),
      });
  }, [map, selectedIndex, points.data, selection]);

  useEffect(() => {
    if (!map) return;
    const olMap = map.map;
    const inspectable = (id: string) => isInspectable(map.handle(id));
    type Hit = { feature: FeatureLike; layer: string; rank: number; records: number };
    type Found = Hit | { layer: typeof SIGNALS_LAYER_ID; signal: SignalHit };
    const signalAt = (pixel: number[]): SignalHit | null => {
      const coordinate = olMap.getCoordinateFromPixel(pixel);
      const resolution = olMap.getView().getResolution();
      const h = map.handle<SignalsHandle>(SIGNALS_LAYER_ID);
      if (!coordinate || !resolution || !h) return null;
      return h.hitAt([coordinate[0]!, coordinate[1]!], resolution, 3);
    };
    const hit = (pixel: number[]): Found | null => {
      let found: Hit | null = null;
      const all: Omit<Hit, 'records'>[] = [];
      // The signals layer first (rank 0), from the columns (signal-cells.ts), not by drawing it again.
      const signal = signalAt(pixel);
      olMap.forEachFeatureAtPixel(
        pixel,
        (feature, layer) => {
          const id = layer?.get('id') as string;
          if (id === COUNTRY_SIGNALS_LAYER_ID && !data.current.counts?.countOf(feature as Feature))
            return false;
          const r = rank(id, feature);
          all.push({ feature, layer: id, rank: r });
          // Layers come top first: the first of the best rank wins.
          if (!found || r < found.rank) found = { feature, layer: id, rank: r, records: 1 };
          return false;
        },
        {
          hitTolerance: 3,
          layerFilter: (l) => l.get('id') === COUNTRY_SIGNALS_LAYER_ID || inspectable(l.get('id')),
        },
      );
      const pts = data.current.points;
      // A reading's own symbol is what the map draws for its signal (the signal's point is left
      // to it): under the pointer it comes before a cluster of other signals at its place.
      if (signal?.kind === 'cell' && !all.some((h) => h.rank === 1))
        return { layer: SIGNALS_LAYER_ID, signal };
      if (signal?.kind === 'point' && pts) {
        // A measured signal's point sits on its own reading: the reading tells more (its key
        // figures), and a click on it selects the same signal.
        const key = `signal:${pts.ids[signal.index]!}`;
        const reading = all.find((h) => h.rank === 1 && selectionKeyOf(h.feature) === key);
        if (!reading) return { layer: SIGNALS_LAYER_ID, signal };
        found = { ...reading, records: 1 };
      }
      const best = found as Hit | null;
      // Readings that share a place (the same quake reported twice, a city's nights): how many.
      const chosen = best;
      if (chosen && inspectable(chosen.layer))
        chosen.records = new Set(
          all
            .filter((h) => h.layer === chosen.layer && h.rank === chosen.rank)
            .map((h) => recordOf(h.feature)),
        ).size;
      return best;
    };
    const describe = (found: Hit): FeatureInfo | null => {
      const h = map.handle(found.layer);
      const info = isInspectable(h) ? h.describe(found.feature) : null;
      if (!info || found.records < 2) return info;
      const more = info.measured
        ? `${found.records} readings of this kind here; the latest is shown.`
        : `${found.records} overlap here; the top one is shown.`;
      return { ...info, notes: [...info.notes, more] };
    };
    const el = olMap.getTargetElement();
    const setCursor = (c: string) => {
      if (el) el.style.cursor = c;
    };
    const onMove = (e: { pixel: number[]; dragging: boolean }) => {
      if (e.dragging) return;
      const found = hit(e.pixel);
      const [x = 0, y = 0] = e.pixel;
      const pts = data.current.points;
      if (found && 'signal' in found) {
        const s = found.signal;
        if (s.kind === 'cell') setHover({ ...s, x, y });
        else if (pts) setHover({ kind: 'point', x, y, index: s.index, points: pts });
        setCursor('pointer');
      } else if (found && inspectable(found.layer)) {
        const info = describe(found);
        setHover(info ? { kind: 'feature', x, y, info } : null);
        setCursor(info?.select ? 'pointer' : '');
      } else if (found?.layer === COUNTRY_SIGNALS_LAYER_ID) {
        const count = data.current.counts!.countOf(found.feature as Feature)!;
        setHover({ kind: 'country', x, y, name: found.feature.get('name') as string, count });
        setCursor('');
      } else {
        setHover(null);
        setCursor('');
      }
    };
    const onClick = (e: { pixel: number[] }) => {
      setCellList(null);
      const found = hit(e.pixel);
      const pts = data.current.points;
      if (found && !('signal' in found) && inspectable(found.layer)) {
        const target = describe(found)?.select;
        if (target) select({ ...target, from: 'Map' });
        return;
      }
      if (!found || !('signal' in found) || !pts) return;
      if (found.signal.kind === 'cell') {
        const v = olMap.getView();
        const members = found.signal.members();
        const together = stacked(pts, members, v.getMaxZoom());
        // A few, or points at one place (zooming never splits them): listed to pick from.
        if (members.length <= LIST_MAX || together) {
          // Beside the cluster, kept inside the map (the list is some 360 × 270 px).
          const [w = 0, h = 0] = olMap.getSize() ?? [];
          const x = Math.max(0, Math.min(e.pixel[0] ?? 0, w - 365));
          const y = Math.max(12, Math.min(e.pixel[1] ?? 0, h - 260));
          setCellList({ x, y, indices: members, stacked: together, points: pts, at: found.signal.at });
          return;
        }
        // Many, spread out: two zoom levels in, centred on it.
        v.animate({ center: found.signal.at, zoom: (v.getZoom() ?? 2) + 2, duration: 300 });
        return;
      }
      select(pointSelection(pts, found.signal.index));
    };
    const onLeave = () => setHover(null);
    // The list stands where its cluster was: the map moving takes it away.
    const onMoveStart = () => setCellList(null);
    olMap.on('pointermove', onMove);
    olMap.on('singleclick', onClick);
    olMap.on('movestart', onMoveStart);
    el?.addEventListener('pointerleave', onLeave);
    return () => {
      olMap.un('pointermove', onMove);
      olMap.un('singleclick', onClick);
      olMap.un('movestart', onMoveStart);
      el?.removeEventListener('pointerleave', onLeave);
    };
  }, [map, select]);

  return {
    points: points.data,
    loaded: loaded.data,
    timeWindow: cached,
    countries: counts.data?.countries,
    error: points.error ?? counts.error ?? null,
    hover,
    drawn,
    cells,
    clusters,
    cellList,
    closeCellList: () => setCellList(null),
    zoomCellList: () => {
      if (!map || !cellList) return;
      const v = map.map.getView();
      setCellList(null);
      v.animate({ center: cellList.at, zoom: (v.getZoom() ?? 2) + 2, duration: 300 });
    },
    pickFromList: (i) => {
      if (cellList) select(pointSelection(cellList.points, i));
    },
    selectedOffMap: !!selectedId && !!points.data && selectedIndex < 0,
    selectedOnMap: selectedIndex >= 0 ? selectedId : null,
  };
}
