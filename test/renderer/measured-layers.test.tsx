// The map's measured readings and the analyst's areas, from the cache through the typed
// contract (a fake client here): each layer draws only the parts a record gives (a quake's ring
// needs its epicentre and radius; a cyclone's quadrant without a radius is not guessed), the
// tooltip shows the key figures a record has and none it lacks, a click selects what the record
// stands for, the selection is marked, a cache change redraws, and the layer list's checkboxes
// are named by layer and remembered with the view.
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type Feature from 'ol/Feature';
import type { Geometry, LineString, Polygon } from 'ol/geom';
import type VectorLayer from 'ol/layer/Vector';
import OlMap from 'ol/Map';
import { toLonLat } from 'ol/proj';
import { getDistance } from 'ol/sphere';
import type ImageStyle from 'ol/style/Image';
import type Stroke from 'ol/style/Stroke';
import type Style from 'ol/style/Style';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MeasuredListKind } from '../../shared/contract';
import { LayerList } from '../../renderer/src/map/layer-list';
import { LAYER_MODULES, type InspectableHandle, type RecordsHandle } from '../../renderer/src/map/layers';
import { cyclonesLayer, saffirSimpson } from '../../renderer/src/map/layers/cyclones';
import { quakesLayer } from '../../renderer/src/map/layers/quakes';
import { standingOrdersLayer } from '../../renderer/src/map/layers/standing-orders';
import { transitLayer, transitRecords } from '../../renderer/src/map/layers/transit';
import { watchesLayer } from '../../renderer/src/map/layers/watches';
import { MapTooltip } from '../../renderer/src/map/map-overlays';
import { MAP_PALETTES } from '../../renderer/src/map/palette';
import {
  RECORD_LAYER_IDS,
  useRecordLayers,
  type RecordLayersState,
} from '../../renderer/src/map/use-record-layers';
import type { WatchMap } from '../../renderer/src/map/watch-map';
import { useSelection } from '../../renderer/src/state/selection';
import { useViewState, VIEW_STATE_KEY } from '../../renderer/src/state/view-state';
import { fakeClient, renderWithData } from './fake-client';
import {
  AREAS,
  CYCLONE,
  CYCLONE_NO_CENTRE,
  measuredAnswer,
  ORDERS,
  QUAKE,
  QUAKE_NO_EPICENTRE,
  QUAKE_NO_RADIUS,
  QUAKE_NOWHERE,
  THERMAL,
  TRANSIT,
  WATCHES,
} from './measured-fixtures';

const dark = MAP_PALETTES.dark;
const parts = (fs: Feature[]) => fs.map((f) => f.get('part') as string | undefined);
const lonLatOf = (c: number[]) => toLonLat(c) as [number, number];
const km = (a: [number, number], b: [number, number]) => getDistance(a, b) / 1000;

function handleOf<R>(module: { create: (p: typeof dark) => RecordsHandle<R> }, rows: readonly R[]) {
  const h = module.create(dark);
  const placed = h.setRecords(rows);
  return { h, placed, features: h.source.getFeatures() };
}

/** The colours a feature's style strokes with, as the map would draw it now. */
function strokes(h: InspectableHandle, f: Feature): string[] {
  const fn = (h.layer as VectorLayer).getStyleFunction()!;
  const styles = [fn(f, 1000)].flat() as Style[];
  return styles.flatMap((s) => {
    const image = s.getImage() as (ImageStyle & { getStroke?: () => Stroke | null }) | null;
    return [s.getStroke()?.getColor(), image?.getStroke?.()?.getColor()].filter(Boolean).map(String);
  });
}

describe('what each layer draws of a record', () => {
  it('quakes: the epicentre and the ring at the radius; no ring without both; nothing without a place', () => {
    const { placed, features } = handleOf(quakesLayer, [
      QUAKE,
      QUAKE_NO_RADIUS,
      QUAKE_NO_EPICENTRE,
      QUAKE_NOWHERE,
    ]);
    expect(placed).toBe(3);
    const of = (id: string) => features.filter((f) => f.get('record').event_id === id);
    expect(parts(of('q-full')).sort()).toEqual(['epicentre', 'radius']);
    expect(parts(of('q-bare'))).toEqual(['epicentre']);
    expect(parts(of('q-located'))).toEqual(['location']);
    // Every point of the ring lies 50 km from the epicentre on the ground.
    const ring = (
      of('q-full')
        .find((f) => f.get('part') === 'radius')!
        .getGeometry() as Polygon
    ).getCoordinates()[0]!;
    for (const c of ring) expect(km(lonLatOf(c), [-70.4, -23.65])).toBeCloseTo(50, 0);
  });

  it('cyclones: centre, 34-kt radii per quadrant (none guessed), the track through positions that have both coordinates', () => {
    const { features } = handleOf(cyclonesLayer, [CYCLONE, CYCLONE_NO_CENTRE]);
    const full = features.filter((f) => f.get('record') === CYCLONE);
    expect(parts(full).sort()).toEqual(['centre', 'forecast', 'forecast', 'radii', 'track']);
    const ring = (full.find((f) => f.get('part') === 'radii')!.getGeometry() as Polygon).getCoordinates()[0]!;
    const centre: [number, number] = [-60, 20];
    const bearingOf = (p: [number, number]) => {
      const [dx, dy] = [p[0] - centre[0], p[1] - centre[1]];
      return ((Math.atan2(dx * Math.cos((20 * Math.PI) / 180), dy) * 180) / Math.PI + 360) % 360;
    };
    const distances = ring.map((c) => ({ d: km(lonLatOf(c), centre), b: bearingOf(lonLatOf(c)) }));
    const inside = (lo: number, hi: number) =>
      distances.filter((x) => x.d > 1 && x.b > lo + 2 && x.b < hi - 2);
    // NE at 120 nm, SE 100, NW 80 (1 nm = 1.852 km); the SW quadrant has no radius: nothing drawn there.
    expect(inside(0, 90).every((x) => Math.abs(x.d - 120 * 1.852) < 1)).toBe(true);
    expect(inside(90, 180).every((x) => Math.abs(x.d - 100 * 1.852) < 1)).toBe(true);
    expect(inside(270, 360).every((x) => Math.abs(x.d - 80 * 1.852) < 1)).toBe(true);
    expect(inside(0, 90).length).toBeGreaterThan(5);
    expect(inside(180, 270)).toEqual([]);
    // The track: centre, then the two positions with both coordinates (the one without lat is skipped).
    const track = (full.find((f) => f.get('part') === 'track')!.getGeometry() as LineString).getCoordinates();
    expect(track.map((c) => lonLatOf(c).map((v) => Math.round(v * 10) / 10))).toEqual([
      [-60, 20],
      [-62, 21],
      [-66, 23.5],
    ]);

    // Without a centre: no radii and no centre mark, however complete the radii are; the track
    // between forecast positions stays one line across the 180th meridian.
    const bare = features.filter((f) => f.get('record') === CYCLONE_NO_CENTRE);
    expect(parts(bare).sort()).toEqual(['forecast', 'forecast', 'track']);
    const [a, b] = (
      bare.find((f) => f.get('part') === 'track')!.getGeometry() as LineString
    ).getCoordinates();
    expect(Math.abs(b![0]! - a![0]!)).toBeLessThan(300_000);
  });

  it('transit: a chokepoint per place with coordinates; your areas: a box per record that has one', () => {
    expect(handleOf(transitLayer, transitRecords(TRANSIT)!).placed).toBe(2);
    const watches = handleOf(watchesLayer, WATCHES.rows);
    expect(watches.placed).toBe(2);
    expect(watches.features.map((f) => f.get('record').id).sort()).toEqual(['local:1', 'w-1']);
    // A box across the 180th meridian is one box 1° wide, not one around the world.
    const order = handleOf(standingOrdersLayer, ORDERS.rows).features[0]!;
    const [w, , e] = order.getGeometry()!.getExtent();
    expect(km(lonLatOf([w!, 0]), lonLatOf([e!, 0]))).toBeCloseTo(111.3, 0);
  });
});

describe('the tooltip of a reading or an area', () => {
  const info = (h: InspectableHandle, f: Feature) => h.describe(f)!;
  const tip = (i: ReturnType<typeof info>) => {
    const { unmount } = render(<MapTooltip hover={{ kind: 'feature', x: 0, y: 0, info: i }} />);
    const text = screen.getByRole('tooltip').textContent ?? '';
    unmount();
    return text;
  };

  it('shows a quake’s magnitude, depth, radius and facilities, marked as measured, and leaves out what it lacks', () => {
    const { h, features } = handleOf(quakesLayer, [QUAKE, QUAKE_NO_RADIUS]);
    const full = tip(
      info(
        h,
        features.find((f) => f.get('record') === QUAKE && f.get('part') === 'epicentre')!,
      ),
    );
    expect(full).toContain('Measured · Quake');
    expect(full).toContain('M 6.4 mww · offshore');
    expect(full).toContain('Depth24 km');
    expect(full).toContain('Radius50 km');
    expect(full).toContain('Facilities in range1');
    expect(full).toContain('Coloso port (12 km)');
    expect(full).toContain('occurred 2026-11-19 03:42 UTC');
    expect(full).toContain('Click to select');
    const bare = tip(
      info(
        h,
        features.find((f) => f.get('record') === QUAKE_NO_RADIUS)!,
      ),
    );
    expect(bare).toContain('M 5.1');
    expect(bare).not.toMatch(/Depth|Radius|Facilities|occurred/);
  });

  it('shows a cyclone’s wind and category, a chokepoint’s index and its day, an area’s reading', () => {
    const c = handleOf(cyclonesLayer, [CYCLONE]);
    const storm = tip(
      info(
        c.h,
        c.features.find((f) => f.get('part') === 'centre')!,
      ),
    );
    expect(storm).toContain('Hurricane Irma');
    expect(storm).toContain('Max wind90 kt');
    expect(storm).toContain('Saffir–Simpson' + 'category 2');
    expect(storm).toContain('34-kt radiiNE 120 · SE 100 · NW 80 nm');
    expect(storm).not.toContain('SW');

    const t = handleOf(transitLayer, transitRecords(TRANSIT)!);
    const bab = tip(
      info(
        t.h,
        t.features.find((f) => f.get('record').place.name === 'Bab el-Mandeb')!,
      ),
    );
    expect(bab).toContain('Index61.5 (100 = usual)');
    expect(bab).toContain('index as of 2026-11-17 (UTC day)');
    expect(bab).toContain('Below usual since 2026-10-20 (28 days)');
    // Its anomalies are not signals: nothing to select.
    expect(bab).not.toContain('Click to select');

    const w = handleOf(watchesLayer, WATCHES.rows);
    const pending = tip(
      info(
        w.h,
        w.features.find((f) => f.get('record').id === 'local:1')!,
      ),
    );
    expect(pending).toContain('Watch');
    expect(pending).toContain('Not sent yet: waiting in the outbox.');
    expect(info(w.h, w.features[0]!).measured).toBe(false);
  });

  it('names the Saffir–Simpson category only from hurricane strength', () => {
    expect([63, 64, 83, 96, 113, 137].map(saffirSimpson)).toEqual([null, 1, 2, 3, 4, 5]);
  });
});

/** A map with the record layers only, as createWatchMap would hand them out. */
function fakeWatchMap(): { map: WatchMap; handles: Map<string, RecordsHandle<unknown>> } {
  const handles = new Map(
    LAYER_MODULES.filter((m) => (RECORD_LAYER_IDS as readonly string[]).includes(m.id)).map((m) => [
      m.id,
      m.create(dark) as RecordsHandle<unknown>,
    ]),
  );
  const olMap = new OlMap({ layers: [...handles.values()].map((h) => h.layer) });
  const map = { map: olMap, handle: (id: string) => handles.get(id) } as unknown as WatchMap;
  return { map, handles };
}

function answers() {
  return {
    'measured.list': ({ kind }: { kind: MeasuredListKind }) => measuredAnswer(kind),
    'transit.get': () => TRANSIT,
    'watches.list': () => WATCHES,
    'orders.list': () => ORDERS,
    'monitoring.list': () => AREAS,
  };
}

describe('the record layers fed from the cache', () => {
  let state: RecordLayersState;
  function Harness({ map }: { map: WatchMap }) {
    state = useRecordLayers(map);
    return null;
  }
  afterEach(() => useSelection.getState().clear());

  it('asks each list once, places what it can, marks the selection and redraws on a cache change', async () => {
    const client = fakeClient(answers());
    const { map, handles } = fakeWatchMap();
    renderWithData(<Harness map={map} />, client);
    await waitFor(() => expect(Object.keys(state.placed).sort()).toEqual([...RECORD_LAYER_IDS].sort()));
    expect(state.placed).toMatchObject({
      quakes: 3,
      cyclones: 2,
      thermal: 1,
      nightlight: 1,
      so2: 1,
      transit: 2,
      watches: 2,
      'standing-orders': 1,
      'monitoring-areas': 1,
    });
    expect(
      client
        .calls('measured.list')
        .map((i) => (i as { kind: string }).kind)
        .sort(),
    ).toEqual(['cyclone', 'nightlight', 'quake', 'so2', 'thermal']);
    // Night lights: the city's box and its mark.
    expect(handles.get('nightlight')!.source.getFeatures()).toHaveLength(2);
    expect(handles.get('thermal')!.source.getFeatures()[0]!.get('record')).toBe(THERMAL);

    // Selected anywhere (a list, the inspector), the order's outline takes the selection colour.
    const orders = handles.get('standing-orders')!;
    const box = orders.source.getFeatures()[0]! as Feature<Geometry>;
    expect(strokes(orders, box)).not.toContain(dark.selection);
    act(() => useSelection.getState().select({ kind: 'order', id: 'o-1' }));
    expect(strokes(orders, box)).toContain(dark.selection);
    // A measured reading is selected as its signal.
    const quakes = handles.get('quakes')!;
    const epicentre = quakes.source
      .getFeatures()
      .find((f) => f.get('part') === 'epicentre' && f.get('record') === QUAKE)!;
    expect(quakes.describe(epicentre)!.select).toEqual({
      kind: 'signal',
      id: 'q-full',
      label: expect.any(String),
    });
    act(() => useSelection.getState().select({ kind: 'signal', id: 'q-full' }));
    expect(strokes(quakes, epicentre)).toContain(dark.selection);

    // The next sync lists a second order: the layer follows the push.
    client.answer({
      'orders.list': () => ({
        ...ORDERS,
        rows: [...ORDERS.rows, { id: 'o-2', pending: false, record: { id: 'o-2', bbox: [30, 46, 31, 47] } }],
      }),
    });
    client.emit('cache.changed', { resources: ['standing_orders'] });
    await waitFor(() => expect(orders.source.getFeatures()).toHaveLength(2));
    expect(state.placed['standing-orders']).toBe(2);
  });

  it('draws nothing and says so when the cache holds none, and names a list that cannot be read', async () => {
    const client = fakeClient({
      ...answers(),
      'watches.list': () => ({ rows: [], asOf: null }),
      'orders.list': () => ({ rows: [], asOf: null }),
      'monitoring.list': () => {
        throw new Error('the cache is locked');
      },
    });
    const { map, handles } = fakeWatchMap();
    renderWithData(<Harness map={map} />, client);
    await waitFor(() =>
      expect(state.errors).toEqual([{ layer: 'Monitoring areas', message: 'the cache is locked' }]),
    );
    await waitFor(() => expect(state.placed.watches).toBe(0));
    expect(state.placed['standing-orders']).toBe(0);
    expect(handles.get('watches')!.source.getFeatures()).toEqual([]);
    expect(state.placed['monitoring-areas']).toBeUndefined();
  });
});

describe('the layer list', () => {
  beforeEach(() =>
    useViewState.setState({ map: { center: [20, 25], zoom: 2.4, layers: {} }, layerListOpen: true }),
  );

  /** Wired as the Map view wires it: choices go to the persisted view state. */
  function WiredList({ placed }: { placed: Record<string, number> }) {
    const layers = useViewState((s) => s.map.layers);
    const open = useViewState((s) => s.layerListOpen);
    return (
      <LayerList
        modules={LAYER_MODULES}
        visibility={layers}
        onToggle={useViewState.getState().setLayerVisible}
        placed={placed}
        palette={dark}
        open={open}
        onOpenChange={useViewState.getState().setLayerListOpen}
      />
    );
  }

  it('names a checkbox per layer in a group "Layers", with its count, and remembers each choice', async () => {
    const user = userEvent.setup();
    render(<WiredList placed={{ quakes: 41, watches: 0 }} />);
    const group = screen.getByRole('group', { name: 'Layers' });
    const names = [
      'Thermal',
      'Night lights',
      'SO2',
      'Quakes',
      'Cyclones',
      'Transit chokepoints',
      'Watches',
      'Standing orders',
      'Monitoring areas',
    ];
    for (const name of names)
      expect((within(group).getByRole('checkbox', { name }) as HTMLInputElement).checked).toBe(true);
    // Measured readings are their own section, apart from the signals and from your areas.
    const measured = within(screen.getByRole('group', { name: 'Measured' })).getAllByRole('checkbox');
    expect(
      measured.map(
        (c) => c.getAttribute('aria-describedby') && (c as HTMLInputElement).labels?.[0]?.textContent,
      ),
    ).toEqual(names.slice(0, 6));
    const quakes = within(group).getByRole('checkbox', { name: 'Quakes' });
    expect(document.getElementById(quakes.getAttribute('aria-describedby')!)?.textContent).toContain(
      '41 on the map',
    );

    await user.click(quakes);
    expect((quakes as HTMLInputElement).checked).toBe(false);
    expect(useViewState.getState().map.layers.quakes).toBe(false);
    expect(JSON.parse(localStorage.getItem(VIEW_STATE_KEY)!).state.map.layers).toEqual({ quakes: false });

    // Closed, the list leaves the map clear, and stays closed.
    await user.click(screen.getByRole('button', { name: /Layers/ }));
    expect(screen.queryByRole('group', { name: 'Layers' })).toBeNull();
    expect(JSON.parse(localStorage.getItem(VIEW_STATE_KEY)!).state.layerListOpen).toBe(false);
  });
});
