// A map layer is one module: it makes its OpenLayers layer for a palette, says when its data
// is in (the map's first render waits for every layer), and recolours itself on a theme change.
import type { FeatureLike } from 'ol/Feature';
import type BaseLayer from 'ol/layer/Base';
import type { Selection } from '../../state/selection';
import type { MapPalette } from '../palette';

/**
 * A layer's property: the layer itself decides what an empty source draws (the points note
 * each frame even with none), so the map's rule of no canvas for an empty source leaves it be.
 */
export const DRAWS_EMPTY = 'drawsEmpty';

export interface LayerHandle {
  layer: BaseLayer;
  /** Resolves when the layer has its data (the basemap file parsed, the signals read…). */
  ready: Promise<void>;
  setPalette: (palette: MapPalette) => void;
  /** Told once every layer's data is in: the map's first whole frame comes next. */
  mapReady?: () => void;
  /** Told once the map's first whole frame is drawn (what can wait for it is added then). */
  firstFrame?: () => void;
  /** Told the view's resolution (metres per pixel at the equator) when it settles. */
  setResolution?: (metresPerPixel: number) => void;
  dispose?: () => void;
}

/** Where a layer's toggle sits in the layer list. */
export type LayerSection = 'Signals' | 'Measured' | 'Your areas' | 'Basemap';

/** How the layer list draws a layer's symbol beside its toggle (it doubles as the legend). */
export interface LayerKey {
  shape: 'circle' | 'ring' | 'target' | 'triangle' | 'square' | 'star' | 'box' | 'line';
  colour: string;
  dash?: 'dashed' | 'dotted';
  filled?: boolean;
}

export interface MapLayerModule {
  /** Stable: the analyst's on/off choice is remembered under it. */
  id: string;
  /** The name on its toggle. */
  title: string;
  defaultVisible: boolean;
  /** False for the land itself: a map without countries helps no one. */
  toggleable: boolean;
  section?: LayerSection;
  /** One line under the toggle's name: what the layer draws. */
  hint?: string;
  key?: (palette: MapPalette) => LayerKey;
  create: (palette: MapPalette) => LayerHandle;
}

/** What the tooltip shows of a feature under the pointer, and what a click selects. */
export interface FeatureInfo {
  /** The layer's name for this kind of thing ("Quake", "Standing order"). */
  kind: string;
  /** Measured (an instrument's reading) or the analyst's own area. */
  measured: boolean;
  title: string;
  /** Key figures, in the record's own units; a figure the record lacks is left out. */
  figures: { label: string; value: string }[];
  /** The record's time and what it is ("recorded", "index as of"…), ISO. */
  time: { label: string; iso: string } | null;
  notes: string[];
  /** What a click selects; null when the record names nothing to select. */
  select: Omit<Selection, 'from'> | null;
}

/** A layer whose features the pointer can inspect. */
export interface InspectableHandle extends LayerHandle {
  describe: (feature: FeatureLike) => FeatureInfo | null;
  /** Marks the feature(s) of the selection (`kind:id`), or none. */
  setSelected: (key: string | null) => void;
}

export const isInspectable = (h: LayerHandle | undefined): h is InspectableHandle =>
  !!h && typeof (h as Partial<InspectableHandle>).describe === 'function';
