// The views of the window, declared once: the navigation, the `g` shortcuts, the palette
// and the shortcuts sheet all read this list.
import type { ComponentType } from 'react';
import type { ViewId } from '../state/view-state';
import type { IconName } from './icons';
import { viewCode, type ViewCode } from './view-code';

export interface ViewDef {
  id: ViewId;
  label: string;
  /** `g` then this letter jumps here. */
  key: string;
  icon: IconName;
  /** One line for the palette. */
  hint: string;
  /** The view, or the code that loads it when first shown (view-code.ts). */
  Component: ComponentType | ViewCode;
}

// OpenLayers is the largest part of the bundle: it loads when the map is first shown (or as
// the window opens on it: main.tsx).
const MapView = viewCode(() => import('./map-view').then((m) => m.default));
// The table machinery (TanStack Table and Virtual) loads with the Signals view.
const SignalsView = viewCode(() => import('../features/signals/signals-view').then((m) => m.SignalsView));
// uPlot (the monitoring series chart) loads with the Orders view.
const OrdersView = viewCode(() => import('../features/orders/orders-view').then((m) => m.OrdersView));
// The online tools load when first shown (the Imagery view's footprints draw through the map).
const ImageryView = viewCode(() => import('../features/imagery/imagery-view').then((m) => m.ImageryView));
const AnalystView = viewCode(() => import('../features/analyst/analyst-view').then((m) => m.AnalystView));
const CollectionView = viewCode(() =>
  import('../features/collection/collection-view').then((m) => m.CollectionView),
);
const RegistryView = viewCode(() => import('../features/registry/registry-view').then((m) => m.RegistryView));
// Terrain and the alternate profile's tools (its polygon and hotspots draw through the map).
const TerrainView = viewCode(() => import('../features/terrain/terrain-view').then((m) => m.TerrainView));
const HotspotsView = viewCode(() => import('../features/hotspots/hotspots-view').then((m) => m.HotspotsView));
const ClaimsView = viewCode(() => import('../features/claims/claims-view').then((m) => m.ClaimsView));
const DiscriminatorsView = viewCode(() =>
  import('../features/discriminators/discriminators-view').then((m) => m.DiscriminatorsView),
);
// The lists and the status load when first shown too: the window's first script is what the
// shell needs (~0.2 s of the opening went to evaluating it).
const BriefView = viewCode(() => import('../features/brief/brief-view').then((m) => m.BriefView));
const DevelopmentsView = viewCode(() =>
  import('../features/developments/developments-view').then((m) => m.DevelopmentsView),
);
const PackageView = viewCode(() => import('../features/package/package-view').then((m) => m.PackageView));
const StatusView = viewCode(() => import('../features/status/status-view').then((m) => m.StatusView));
const WatchesView = viewCode(() => import('../features/watches/watches-view').then((m) => m.WatchesView));
// The passes view is small; its map track loads with the map.
const PassesView = viewCode(() => import('../features/passes/passes-view').then((m) => m.PassesView));

export const VIEWS: readonly ViewDef[] = [
  {
    id: 'map',
    label: 'Map',
    key: 'm',
    icon: 'map',
    hint: 'the offline basemap and plotted signals',
    Component: MapView,
  },
  {
    id: 'signals',
    label: 'Signals',
    key: 's',
    icon: 'signals',
    hint: 'search and list signals',
    Component: SignalsView,
  },
  {
    id: 'developments',
    label: 'Developments',
    key: 'd',
    icon: 'developments',
    hint: 'notable changes to watched events',
    Component: DevelopmentsView,
  },
  {
    id: 'watches',
    label: 'Watches',
    key: 'w',
    icon: 'watches',
    hint: 'watched events and areas, by bucket; notes',
    Component: WatchesView,
  },
  {
    id: 'package',
    label: 'Decision package',
    key: 'k',
    icon: 'package',
    hint: 'the selected watch’s decision package; compare its revisions',
    Component: PackageView,
  },
  {
    id: 'orders',
    label: 'Orders',
    key: 'o',
    icon: 'orders',
    hint: 'standing orders and monitoring areas',
    Component: OrdersView,
  },
  {
    id: 'passes',
    label: 'Passes',
    key: 'p',
    icon: 'passes',
    hint: 'who can image a place, and when: satellite passes from orbital elements',
    Component: PassesView,
  },
  {
    id: 'imagery',
    label: 'Imagery',
    key: 'i',
    icon: 'imagery',
    hint: 'which scenes cover a box, before and after an event; asked now, kept offline',
    Component: ImageryView,
  },
  {
    id: 'terrain',
    label: 'Terrain',
    key: 'e',
    icon: 'terrain',
    hint: 'ground elevation at a point or over an area; radar layover and shadow (free)',
    Component: TerrainView,
  },
  {
    id: 'hotspots',
    label: 'Hotspots',
    key: 'h',
    icon: 'hotspots',
    hint: 'signal counts by category and day, and hotspots on the map (alternate profile)',
    Component: HotspotsView,
  },
  {
    id: 'claims',
    label: 'Claims',
    key: 'l',
    icon: 'claims',
    hint: 'claims with their evidence classes, restatements and downgrades (alternate profile)',
    Component: ClaimsView,
  },
  {
    id: 'discriminators',
    label: 'Discriminators',
    key: 'x',
    icon: 'discriminators',
    hint: 'which observations tell hypotheses apart (alternate profile)',
    Component: DiscriminatorsView,
  },
  {
    id: 'analyst',
    label: 'Analyst',
    key: 'a',
    icon: 'analyst',
    hint: 'ask the service’s analyst; assess an event; asked now, kept offline',
    Component: AnalystView,
  },
  {
    id: 'collection',
    label: 'Collection',
    key: 'c',
    icon: 'collection',
    hint: 'a collection plan for an event; priority and observability surveys of a box',
    Component: CollectionView,
  },
  {
    id: 'registry',
    label: 'Registry',
    key: 'r',
    icon: 'registry',
    hint: 'search the location registry; an entity’s linked events and signals',
    Component: RegistryView,
  },
  { id: 'brief', label: 'Brief', key: 'b', icon: 'brief', hint: 'the service’s brief', Component: BriefView },
  {
    id: 'status',
    label: 'Status',
    key: 't',
    icon: 'status',
    hint: 'service, key, sync, outbox, notifications',
    Component: StatusView,
  },
];

export const viewById = (id: ViewId): ViewDef => VIEWS.find((v) => v.id === id) ?? VIEWS[0]!;
