// Feeds the map's record layers from the cache: the five measured lists, the transit index,
// and the analyst's watches, standing orders and monitoring areas. Each answer goes to its
// layer's handle; the layer says how many records it could place (a record without a place
// is not drawn). The window's one selection is marked on whichever layer holds it, and each
// complete render records how many features every shown layer holds (the end-to-end test
// reads it from the map's `data-layer-features`).
import { useEffect, useMemo, useRef, useState } from 'react';
import type { MeasuredListKind, MeasuredListResult } from '../../../shared/contract';
import { useMeasured, useMonitoringAreas, useStandingOrders, useTransit, useWatches } from '../data';
import { createEmpty, extend } from 'ol/extent';
import { transformExtent } from 'ol/proj';
import { askOnce } from '../state/map-request';
import { useSelection, type SelectionKind } from '../state/selection';
import { isInspectable, type RecordsHandle } from './layers';
import { selectionKeyOf } from './layers/record-layer';
import { CYCLONES_LAYER_ID } from './layers/cyclones';
import { MONITORING_AREAS_LAYER_ID } from './layers/monitoring-areas';
import { NIGHTLIGHT_LAYER_ID } from './layers/nightlight';
import { QUAKES_LAYER_ID } from './layers/quakes';
import { SO2_LAYER_ID } from './layers/so2';
import { STANDING_ORDERS_LAYER_ID } from './layers/standing-orders';
import { THERMAL_LAYER_ID } from './layers/thermal';
import { TRANSIT_LAYER_ID, transitRecords } from './layers/transit';
import { WATCHES_LAYER_ID } from './layers/watches';
import type { WatchMap } from './watch-map';

/** The layer that outlines each kind of the analyst's own records. */
const OUTLINE_LAYER: Partial<Record<SelectionKind, string>> = {
  watch: WATCHES_LAYER_ID,
  order: STANDING_ORDERS_LAYER_ID,
  area: MONITORING_AREAS_LAYER_ID,
};

/** The most records a measured list answers with (the contract's limit). */
const MEASURED_LIMIT = 1000;

export const RECORD_LAYER_IDS = [
  THERMAL_LAYER_ID,
  NIGHTLIGHT_LAYER_ID,
  SO2_LAYER_ID,
  QUAKES_LAYER_ID,
  CYCLONES_LAYER_ID,
  TRANSIT_LAYER_ID,
  WATCHES_LAYER_ID,
  STANDING_ORDERS_LAYER_ID,
  MONITORING_AREAS_LAYER_ID,
] as const;

export interface RecordLayersState {
  /** Layer id -> records placed on the map; absent until the layer's answer is in. */
  placed: Record<string, number>;
  /** Layer id -> features the layer held at the last complete render (0 while hidden). */
  drawn: Record<string, number>;
  /** Answers that could not be read, by layer title. */
  errors: { layer: string; message: string }[];
}

const MEASURED_LAYERS: [MeasuredListKind, string, string][] = [
  ['thermal', THERMAL_LAYER_ID, 'Thermal'],
  ['nightlight', NIGHTLIGHT_LAYER_ID, 'Night lights'],
  ['so2', SO2_LAYER_ID, 'SO2'],
  ['quake', QUAKES_LAYER_ID, 'Quakes'],
  ['cyclone', CYCLONES_LAYER_ID, 'Cyclones'],
];

export function useRecordLayers(map: WatchMap | null): RecordLayersState {
  // One query per list; hooks in a fixed order, so the five measured kinds are spelled out.
  const thermal = useMeasured({ kind: 'thermal', limit: MEASURED_LIMIT });
  const nightlight = useMeasured({ kind: 'nightlight', limit: MEASURED_LIMIT });
  const so2 = useMeasured({ kind: 'so2', limit: MEASURED_LIMIT });
  const quake = useMeasured({ kind: 'quake', limit: MEASURED_LIMIT });
  const cyclone = useMeasured({ kind: 'cyclone', limit: MEASURED_LIMIT });
  const transit = useTransit();
  const watches = useWatches();
  const orders = useStandingOrders();
  const areas = useMonitoringAreas();
  const selection = useSelection((s) => s.selection);
  const [placed, setPlaced] = useState<Record<string, number>>({});
  const [drawn, setDrawn] = useState<Record<string, number>>({});
  const transitRows = useMemo(
    () => (transit.data ? (transitRecords(transit.data) ?? []) : undefined),
    [transit.data],
  );
  /** The answer each layer was last handed, on which map: an unchanged answer is not re-fed. */
  const fed = useRef<{ map: WatchMap | null; rows: Map<string, unknown> }>({ map: null, rows: new Map() });

  const measured: Record<MeasuredListKind, MeasuredListResult | undefined> = {
    thermal: thermal.data,
    nightlight: nightlight.data,
    so2: so2.data,
    quake: quake.data,
    cyclone: cyclone.data,
  };
  // Each layer's records, or undefined while its answer is not in.
  const feeds: [string, readonly unknown[] | null | undefined][] = [
    ...MEASURED_LAYERS.map(([kind, id]) => [id, measured[kind]?.rows] as [string, unknown[] | undefined]),
    [TRANSIT_LAYER_ID, transitRows],
    [WATCHES_LAYER_ID, watches.data?.rows],
    [STANDING_ORDERS_LAYER_ID, orders.data?.rows],
    [MONITORING_AREAS_LAYER_ID, areas.data?.rows],
  ];

  // After every render, cheaply: only a layer whose answer changed (by identity) is fed again.
  useEffect(() => {
    if (!map) return;
    if (fed.current.map !== map) fed.current = { map, rows: new Map() };
    const changed: Record<string, number> = {};
    for (const [id, rows] of feeds) {
      const h = map.handle<RecordsHandle<unknown>>(id);
      if (!h || rows === undefined || fed.current.rows.get(id) === rows) continue;
      fed.current.rows.set(id, rows);
      changed[id] = h.setRecords(rows);
    }
    if (Object.keys(changed).length === 0) return;
    setPlaced((prev) => ({ ...prev, ...changed }));
    map.map.render();
  });

  const selectedKey = selection ? `${selection.kind}:${selection.id}` : null;
  useEffect(() => {
    if (!map) return;
    for (const id of RECORD_LAYER_IDS) {
      const h = map.handle(id);
      if (isInspectable(h)) h.setSelected(selectedKey);
    }
  }, [map, selectedKey]);

  // A watch, order or area chosen elsewhere (a list, a notification) is shown whole once its
  // outline is on the map (its answer may come after the map opens), asked through the map's one
  // request and only once for that choice: a return to the Map keeps the analyst's place. One
  // picked on the map stays where it is.
  const outlined = selection ? OUTLINE_LAYER[selection.kind] : undefined;
  useEffect(() => {
    if (!map || !selection || !outlined || selection.from === 'Map' || !selectedKey) return;
    const features = map
      .handle<RecordsHandle<unknown>>(outlined)
      ?.source.getFeatures()
      .filter((f) => selectionKeyOf(f) === selectedKey);
    if (!features?.length) return;
    const extent = createEmpty();
    for (const f of features) {
      const g = f.getGeometry();
      if (g) extend(extent, g.getExtent());
    }
    const [w = 0, s = 0, e = 0, n = 0] = transformExtent(
      extent,
      map.map.getView().getProjection(),
      'EPSG:4326',
    );
    askOnce(selection, { kind: 'box', box: [w, s, e, n] });
  });

  useEffect(() => {
    if (!map) return;
    const count = () => {
      const next: Record<string, number> = {};
      for (const id of RECORD_LAYER_IDS) {
        const h = map.handle<RecordsHandle<unknown>>(id);
        next[id] = h && h.layer.getVisible() ? h.source.getFeatures().length : 0;
      }
      setDrawn((prev) => (RECORD_LAYER_IDS.every((id) => prev[id] === next[id]) ? prev : next));
    };
    map.map.on('rendercomplete', count);
    return () => map.map.un('rendercomplete', count);
  }, [map]);

  const errors = useMemo(
    () =>
      [
        ...MEASURED_LAYERS.map(
          ([, , title], i) => [title, [thermal, nightlight, so2, quake, cyclone][i]!.error] as const,
        ),
        ['Transit chokepoints', transit.error] as const,
        ['Watches', watches.error] as const,
        ['Standing orders', orders.error] as const,
        ['Monitoring areas', areas.error] as const,
      ]
        .filter(([, e]) => e)
        .map(([layer, e]) => ({ layer, message: e!.message })),
    [
      thermal.error,
      nightlight.error,
      so2.error,
      quake.error,
      cyclone.error,
      transit.error,
      watches.error,
      orders.error,
      areas.error,
    ],
  );

  return { placed, drawn, errors };
}
