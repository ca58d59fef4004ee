// What the window looked like, kept across restarts in localStorage: the view, the theme,
// the inspector, the search text, the signal filters and sort, the map's position and layers
// (and whether its layer list is open). A stored value that
// no longer fits (an old version, a hand edit) falls back to the default, field by field.
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { checkBBox, type BBox } from '../../../shared/bbox';
import { STAGES, type Stage } from '../../../shared/service/values';

export const VIEW_IDS = [
  'map',
  'signals',
  'developments',
  'brief',
  'status',
  'watches',
  'package',
  'orders',
  'passes',
  'imagery',
  'terrain',
  'hotspots',
  'claims',
  'discriminators',
  'analyst',
  'collection',
  'registry',
] as const;
export type ViewId = (typeof VIEW_IDS)[number];
export type Theme = 'dark' | 'light';

export interface MapViewState {
  /** [longitude, latitude] in degrees. */
  center: [number, number];
  zoom: number;
  /** Layer id -> shown; a layer not listed takes its module's default. */
  layers: Record<string, boolean>;
}

/** The signal filters the Signals table and the map share (the search text is `query`). */
export interface SignalFilters {
  categories: string[];
  stages: Stage[];
  /** Rows with a severity band at or above it; null: any band. */
  minBand: 4 | 6 | 9 | null;
  markets: string[];
  /** Only signals in this box (W,S,E,N): the map's box tool sets it. Absent: anywhere. */
  bbox?: BBox;
}
export const MIN_BANDS = [4, 6, 9] as const;

/** A table's sort, TanStack's shape: column id, descending. */
export type TableSort = { id: string; desc: boolean }[];

interface ViewStateData {
  view: ViewId;
  theme: Theme;
  inspectorOpen: boolean;
  query: string;
  map: MapViewState;
  filters: SignalFilters;
  signalSort: TableSort;
  /** Column id -> width in px, as the analyst resized them. */
  signalColumns: Record<string, number>;
  /** The map's layer list is open (closed, it leaves the map clear). */
  layerListOpen: boolean;
}

interface ViewState extends ViewStateData {
  setView: (view: ViewId) => void;
  setTheme: (theme: Theme) => void;
  toggleTheme: () => void;
  toggleInspector: () => void;
  setQuery: (query: string) => void;
  setMapPosition: (center: [number, number], zoom: number) => void;
  setLayerVisible: (id: string, visible: boolean) => void;
  setFilters: (patch: Partial<SignalFilters>) => void;
  clearFilters: () => void;
  setSignalSort: (sort: TableSort) => void;
  setSignalColumns: (sizes: Record<string, number>) => void;
  setLayerListOpen: (open: boolean) => void;
}

export const DEFAULT_MAP: MapViewState = { center: [20, 25], zoom: 2.4, layers: {} };
export const NO_FILTERS: SignalFilters = { categories: [], stages: [], minBand: null, markets: [] };
const DEFAULTS: ViewStateData = {
  view: 'map',
  theme: 'dark',
  inspectorOpen: true,
  query: '',
  map: DEFAULT_MAP,
  filters: NO_FILTERS,
  signalSort: [{ id: 'time', desc: true }],
  signalColumns: {},
  layerListOpen: false,
};
export const VIEW_STATE_KEY = 'watchfloor.view-state';

const isLonLat = (v: unknown): v is [number, number] =>
  Array.isArray(v) &&
  v.length === 2 &&
  typeof v[0] === 'number' &&
  typeof v[1] === 'number' &&
  Math.abs(v[0]) <= 540 &&
  Math.abs(v[1]) <= 90;

const strings = (v: unknown, max = 100): string[] =>
  Array.isArray(v)
    ? v.filter((x): x is string => typeof x === 'string' && x.length <= max).slice(0, 100)
    : [];

function sanitizeFilters(v: unknown): SignalFilters {
  if (!v || typeof v !== 'object') return NO_FILTERS;
  const f = v as Record<string, unknown>;
  return {
    categories: strings(f.categories),
    stages: strings(f.stages).filter((x): x is Stage => (STAGES as readonly string[]).includes(x)),
    minBand: (MIN_BANDS as readonly unknown[]).includes(f.minBand) ? (f.minBand as 4 | 6 | 9) : null,
    markets: strings(f.markets),
    ...storedBBox(f.bbox),
  };
}

/** A stored box that is still a valid one, or nothing. */
function storedBBox(v: unknown): { bbox?: BBox } {
  try {
    return Array.isArray(v) ? { bbox: checkBBox(v as number[]) } : {};
  } catch {
    return {};
  }
}

function sanitizeSort(v: unknown): TableSort {
  if (!Array.isArray(v)) return DEFAULTS.signalSort;
  return v
    .filter(
      (x): x is { id: string; desc: boolean } =>
        !!x && typeof x === 'object' && typeof x.id === 'string' && typeof x.desc === 'boolean',
    )
    .slice(0, 3)
    .map(({ id, desc }) => ({ id, desc }));
}

function sanitizeSizes(v: unknown): Record<string, number> {
  if (!v || typeof v !== 'object') return {};
  return Object.fromEntries(
    Object.entries(v as Record<string, unknown>)
      .filter((e): e is [string, number] => typeof e[1] === 'number' && e[1] >= 30 && e[1] <= 2000)
      .slice(0, 30),
  );
}

/** Keeps each stored field only if it is still valid. */
export function sanitize(stored: unknown): Partial<ViewStateData> {
  if (!stored || typeof stored !== 'object') return {};
  const s = stored as Record<string, unknown>;
  const out: Partial<ViewStateData> = {};
  if (VIEW_IDS.includes(s.view as ViewId)) out.view = s.view as ViewId;
  if (s.theme === 'dark' || s.theme === 'light') out.theme = s.theme;
  if (typeof s.inspectorOpen === 'boolean') out.inspectorOpen = s.inspectorOpen;
  if (typeof s.query === 'string') out.query = s.query.slice(0, 2000);
  if ('filters' in s) out.filters = sanitizeFilters(s.filters);
  if ('signalSort' in s) out.signalSort = sanitizeSort(s.signalSort);
  if ('signalColumns' in s) out.signalColumns = sanitizeSizes(s.signalColumns);
  if (typeof s.layerListOpen === 'boolean') out.layerListOpen = s.layerListOpen;
  const map = s.map as Record<string, unknown> | undefined;
  if (map && typeof map === 'object') {
    const layers = Object.fromEntries(
      Object.entries((map.layers as Record<string, unknown>) ?? {}).filter(([, v]) => typeof v === 'boolean'),
    ) as Record<string, boolean>;
    out.map = {
      center: isLonLat(map.center) ? map.center : DEFAULT_MAP.center,
      zoom: typeof map.zoom === 'number' && map.zoom >= 0 && map.zoom <= 22 ? map.zoom : DEFAULT_MAP.zoom,
      layers,
    };
  }
  return out;
}

export const useViewState = create<ViewState>()(
  persist(
    (set) => ({
      ...DEFAULTS,
      setView: (view) => set({ view }),
      setTheme: (theme) => set({ theme }),
      toggleTheme: () => set((s) => ({ theme: s.theme === 'dark' ? 'light' : 'dark' })),
      toggleInspector: () => set((s) => ({ inspectorOpen: !s.inspectorOpen })),
      setQuery: (query) => set({ query }),
      setMapPosition: (center, zoom) => set((s) => ({ map: { ...s.map, center, zoom } })),
      setLayerVisible: (id, visible) =>
        set((s) => ({ map: { ...s.map, layers: { ...s.map.layers, [id]: visible } } })),
      setFilters: (patch) => set((s) => ({ filters: { ...s.filters, ...patch } })),
      clearFilters: () => set({ filters: NO_FILTERS }),
      setSignalSort: (signalSort) => set({ signalSort }),
      setSignalColumns: (signalColumns) => set({ signalColumns }),
      setLayerListOpen: (layerListOpen) => set({ layerListOpen }),
    }),
    {
      name: VIEW_STATE_KEY,
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: ({
        view,
        theme,
        inspectorOpen,
        query,
        map,
        filters,
        signalSort,
        signalColumns,
        layerListOpen,
      }): ViewStateData => ({
        view,
        theme,
        inspectorOpen,
        query,
        map,
        filters,
        signalSort,
        signalColumns,
        layerListOpen,
      }),
      merge: (stored, current) => ({ ...current, ...sanitize(stored) }),
    },
  ),
);
