// The shared machinery of the layers fed from cached records (measured lists, the transit
// index, the analyst's watches, orders and areas): one canvas vector layer whose source holds
// the features each record gives (a quake: its epicentre and its radius; a cyclone: its
// centre, wind radii and forecast track), restyled on a theme change, marking the selection,
// and describing the feature under the pointer for the tooltip. These lists are small (at
// most a thousand records each), so canvas drawing with per-feature styles is cheap.
import type Feature from 'ol/Feature';
import type { FeatureLike } from 'ol/Feature';
import VectorLayer from 'ol/layer/Vector';
import VectorSource from 'ol/source/Vector';
import type { StyleLike } from 'ol/style/Style';
import type Style from 'ol/style/Style';
import type { MapPalette } from '../palette';
import type { FeatureInfo, InspectableHandle, LayerKey, LayerSection, MapLayerModule } from './types';

/** What a style function knows besides the feature. */
export interface StyleContext {
  palette: MapPalette;
  resolution: number;
  /** The feature belongs to the selected record. */
  selected: boolean;
}

export interface RecordLayerSpec<R> {
  id: string;
  title: string;
  section: LayerSection;
  hint: string;
  defaultVisible: boolean;
  /** Layers of one family share a class, so OpenLayers draws them on one canvas. */
  className: string;
  key: (palette: MapPalette) => LayerKey;
  /** The features of one record: only the parts its fields give (nothing is drawn from a guess). */
  features: (record: R) => Feature[];
  style: (feature: FeatureLike, ctx: StyleContext) => Style | Style[] | undefined;
  describe: (record: R, feature: FeatureLike) => FeatureInfo | null;
  /** The selection this record stands for (`kind:id`), matched against the window's selection. */
  selectionKey: (record: R) => string | null;
  /** Labels give way to each other: true within this layer, a name to share with other layers. */
  declutter?: boolean | string;
}

export interface RecordsHandle<R> extends InspectableHandle {
  source: VectorSource;
  /** Replaces the records; returns how many of them gave at least one feature. */
  setRecords: (records: readonly R[] | null) => number;
}

export type RecordLayerModule<R> = MapLayerModule & { create: (palette: MapPalette) => RecordsHandle<R> };

const RECORD = 'record';
const SELECTION = 'selectionKey';
const ORDER = 'order';

/** The record a feature was made from (set on every feature the layer holds). */
export const recordOf = <R>(feature: FeatureLike): R => feature.get(RECORD) as R;
/** The selection a feature's record stands for (`kind:id`), or null. */
export const selectionKeyOf = (feature: FeatureLike): string | null =>
  (feature.get(SELECTION) as string | null | undefined) ?? null;

export function recordLayer<R>(spec: RecordLayerSpec<R>): RecordLayerModule<R> {
  return {
    id: spec.id,
    title: spec.title,
    section: spec.section,
    hint: spec.hint,
    defaultVisible: spec.defaultVisible,
    toggleable: true,
    key: spec.key,
    create(initial) {
      let palette = initial;
      let selected: string | null = null;
      const source = new VectorSource({ wrapX: true });
      const style: StyleLike = (feature, resolution) =>
        spec.style(feature, {
          palette,
          resolution,
          selected: selected !== null && feature.get(SELECTION) === selected,
        });
      const layer = new VectorLayer({
        source,
        style,
        // The first record given is drawn last, on top (the newest reading, where lists are newest
        // first), so it is also the one the pointer finds where several share a place.
        renderOrder: (a, b) => (b.get(ORDER) as number) - (a.get(ORDER) as number),
        className: spec.className,
        properties: { id: spec.id },
        ...(spec.declutter ? { declutter: spec.declutter === true ? spec.id : spec.declutter } : {}),
        updateWhileInteracting: false,
      });
      return {
        layer,
        source,
        // The records come from the window's queries after the map is up: nothing to wait for.
        ready: Promise.resolve(),
        setPalette(p) {
          palette = p;
          layer.changed();
        },
        setRecords(records) {
          source.clear(true);
          if (!records?.length) return 0;
          const all: Feature[] = [];
          let placed = 0;
          records.forEach((record, order) => {
            const features = spec.features(record);
            if (!features.length) return;
            placed++;
            const key = spec.selectionKey(record);
            for (const f of features)
              f.setProperties({ [RECORD]: record, [SELECTION]: key, [ORDER]: order }, true);
            all.push(...features);
          });
          source.addFeatures(all);
          return placed;
        },
        describe(feature) {
          const record = feature.get(RECORD) as R | undefined;
          return record === undefined ? null : spec.describe(record, feature);
        },
        setSelected(key) {
          if (key === selected) return;
          selected = key;
          layer.changed();
        },
        dispose() {
          layer.dispose();
        },
      };
    },
  };
}
