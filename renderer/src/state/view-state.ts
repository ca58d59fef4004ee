// What the window looked like, kept across restarts in localStorage: the view, the theme,
// the inspector, the search text and the map's position and layers. A stored value that
// no longer fits (an old version, a hand edit) falls back to the default, field by field.
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export const VIEW_IDS = ['map', 'signals', 'developments', 'brief', 'status'] as const;
export type ViewId = (typeof VIEW_IDS)[number];
export type Theme = 'dark' | 'light';

export interface MapViewState {
  /** [longitude, latitude] in degrees. */
  center: [number, number];
  zoom: number;
  /** Layer id -> shown; a layer not listed takes its module's default. */
  layers: Record<string, boolean>;
}

interface ViewStateData {
  view: ViewId;
  theme: Theme;
  inspectorOpen: boolean;
  query: string;
  map: MapViewState;
}

interface ViewState extends ViewStateData {
  setView: (view: ViewId) => void;
  setTheme: (theme: Theme) => void;
  toggleTheme: () => void;
  toggleInspector: () => void;
  setQuery: (query: string) => void;
  setMapPosition: (center: [number, number], zoom: number) => void;
  setLayerVisible: (id: string, visible: boolean) => void;
}

export const DEFAULT_MAP: MapViewState = { center: [20, 25], zoom: 2.4, layers: {} };
const DEFAULTS: ViewStateData = {
  view: 'map',
  theme: 'dark',
  inspectorOpen: true,
  query: '',
  map: DEFAULT_MAP,
};
export const VIEW_STATE_KEY = 'watchfloor.view-state';

const isLonLat = (v: unknown): v is [number, number] =>
  Array.isArray(v) &&
  v.length === 2 &&
  typeof v[0] === 'number' &&
  typeof v[1] === 'number' &&
  Math.abs(v[0]) <= 540 &&
  Math.abs(v[1]) <= 90;

/** Keeps each stored field only if it is still valid. */
export function sanitize(stored: unknown): Partial<ViewStateData> {
  if (!stored || typeof stored !== 'object') return {};
  const s = stored as Record<string, unknown>;
  const out: Partial<ViewStateData> = {};
  if (VIEW_IDS.includes(s.view as ViewId)) out.view = s.view as ViewId;
  if (s.theme === 'dark' || s.theme === 'light') out.theme = s.theme;
  if (typeof s.inspectorOpen === 'boolean') out.inspectorOpen = s.inspectorOpen;
  if (typeof s.query === 'string') out.query = s.query.slice(0, 2000);
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
    }),
    {
      name: VIEW_STATE_KEY,
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ view, theme, inspectorOpen, query, map }): ViewStateData => ({
        view,
        theme,
        inspectorOpen,
        query,
        map,
      }),
      merge: (stored, current) => ({ ...current, ...sanitize(stored) }),
    },
  ),
);
