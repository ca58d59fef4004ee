// What the Terrain view is asking and showing, kept while the analyst moves between views (a
// polygon is drawn on the Map and comes back here): the fields as typed, the polygon drawn, and
// the stored answers in view. Not kept across restarts: the answers are in the cache.
import { create } from 'zustand';
import type { LonLat } from '../../map/polygon-draw';

export type ElevationMode = 'point' | 'bbox' | 'polygon';

export interface TerrainForm {
  mode: ElevationMode;
  lat: string;
  lon: string;
  /** Where the point came from ("The selected signal: …", "Typed"). */
  pointFrom: string | null;
  /** W,S,E,N as typed. */
  bbox: string;
  bboxFrom: string | null;
  /** The SAR geometry's box, incidence and look azimuth (both required by the view). */
  sarBbox: string;
  sarBboxFrom: string | null;
  incidence: string;
  azimuth: string;
}

interface TerrainState {
  form: TerrainForm;
  /** The polygon drawn on the map (corners, lon/lat), or none. */
  polygon: LonLat[] | null;
  /** The map's polygon tool is on (clicks add corners). */
  drawing: boolean;
  elevationId: string | null;
  terrainId: string | null;
  set: (changes: Partial<TerrainForm>) => void;
  setPolygon: (polygon: LonLat[] | null) => void;
  setDrawing: (on: boolean) => void;
  chooseElevation: (id: string | null) => void;
  chooseTerrain: (id: string | null) => void;
}

export const initialTerrainForm = (): TerrainForm => ({
  mode: 'point',
  lat: '',
  lon: '',
  pointFrom: null,
  bbox: '',
  bboxFrom: null,
  sarBbox: '',
  sarBboxFrom: null,
  incidence: '',
  azimuth: '',
});

export const useTerrainState = create<TerrainState>()((set) => ({
  form: initialTerrainForm(),
  polygon: null,
  drawing: false,
  elevationId: null,
  terrainId: null,
  set: (changes) => set((s) => ({ form: { ...s.form, ...changes } })),
  // A finished polygon ends the drawing and becomes the area asked about.
  setPolygon: (polygon) =>
    set((s) => ({ polygon, drawing: false, form: polygon ? { ...s.form, mode: 'polygon' } : s.form })),
  setDrawing: (drawing) => set({ drawing }),
  chooseElevation: (elevationId) => set({ elevationId }),
  chooseTerrain: (terrainId) => set({ terrainId }),
}));
