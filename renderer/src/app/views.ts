// The views of the window, declared once: the navigation, the `g` shortcuts, the palette
// and the shortcuts sheet all read this list.
import { lazy, type ComponentType } from 'react';
import { BriefView } from '../features/brief/brief-view';
import { DevelopmentsView } from '../features/developments/developments-view';
import { PackageView } from '../features/package/package-view';
import { StatusView } from '../features/status/status-view';
import { WatchesView } from '../features/watches/watches-view';
import type { ViewId } from '../state/view-state';
import type { IconName } from './icons';

export interface ViewDef {
  id: ViewId;
  label: string;
  /** `g` then this letter jumps here. */
  key: string;
  icon: IconName;
  /** One line for the palette. */
  hint: string;
  Component: ComponentType;
}

// OpenLayers is the largest part of the bundle: it loads when the map is first shown.
const MapView = lazy(() => import('../features/map/map-view'));
// The table machinery (TanStack Table and Virtual) loads with the Signals view.
const SignalsView = lazy(() =>
  import('../features/signals/signals-view').then((m) => ({ default: m.SignalsView })),
);
// uPlot (the monitoring series chart) loads with the Orders view.
const OrdersView = lazy(() =>
  import('../features/orders/orders-view').then((m) => ({ default: m.OrdersView })),
);
// The online tools load when first shown (the Imagery view's footprints draw through the map).
const ImageryView = lazy(() =>
  import('../features/imagery/imagery-view').then((m) => ({ default: m.ImageryView })),
);
const AnalystView = lazy(() =>
  import('../features/analyst/analyst-view').then((m) => ({ default: m.AnalystView })),
);
const CollectionView = lazy(() =>
  import('../features/collection/collection-view').then((m) => ({ default: m.CollectionView })),
);
const RegistryView = lazy(() =>
  import('../features/registry/registry-view').then((m) => ({ default: m.RegistryView })),
);
// Terrain and the alternate profile's tools (its polygon and hotspots draw through the map).
const TerrainView = lazy(() =>
  import('../features/terrain/terrain-view').then((m) => ({ default: m.TerrainView })),
);
const HotspotsView = lazy(() =>
  import('../features/hotspots/hotspots-view').then((m) => ({ default: m.HotspotsView })),
);
const ClaimsView = lazy(() =>
  import('../features/claims/claims-view').then((m) => ({ default: m.ClaimsView })),
);
const DiscriminatorsView = lazy(() =>
  import('../features/discriminators/discriminators-view').then((m) => ({ default: m.DiscriminatorsView })),
);
// The passes view is small; its map track loads with the map.
const PassesView = lazy(() =>
  import('../features/passes/passes-view').then((m) => ({ default: m.PassesView })),
);

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
