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
