// Slots: a place one part of the window leaves for what features bring, filled by the shell.
// A feature never imports another (eslint.config.js, "features"): where a view shows something
// of another feature (a watch's notes, a box's actions, a signal's refined location), it
// renders `<Slot id=… />` with the props the slot names here, and app/slots.tsx says which
// features' components fill it, in order. A slot no one fills renders nothing.
import { createContext, useContext, type ComponentType } from 'react';
import type { BBox } from '../../../shared/bbox';
import type { WatchNoteRow } from '../../../shared/contract';
import type { DrawnBox } from '../state/box-tool';

/** Every slot of the window, by id, with the props its fills are given. */
export interface SlotProps {
  /**
   * What can be done with the map's drawn box besides filtering (export it, create an order,
   * a monitoring area or a watch on it). `bbox` is the box as the contract takes it, null when
   * the service takes none (across the 180th meridian): `refusalId` then names the panel's
   * line that says so.
   */
  'box.actions': { box: DrawnBox; bbox: BBox | null; refusalId: string | null };
  /** Under a signal's details in the inspector (the alternate profile's refined location). */
  'signal.sections': { signalId: string; main: boolean };
  /** Beside the inspector's "Show on map": what a feature does with the signal's event. */
  'signal.actions': { eventId: string; label: string | null };
  /** A watch's actions in its detail (export it). */
  'watch.actions': { watchId: string; label: string | null };
  /** An event's thread, opened from a watch's detail. */
  'event.thread': { eventId: string; title: string | null; onClose: () => void };
  /** Under a watch's detail: its notes. */
  'watch.notes': { watchId: string; notes: readonly WatchNoteRow[] };
  /** Beside the watch list: the analyst's local notes. */
  'watches.aside': Record<never, never>;
}

export type SlotId = keyof SlotProps;
/** The components that fill each slot, in the order they show. */
export type SlotFills = { readonly [K in SlotId]?: readonly ComponentType<SlotProps[K]>[] };

const SlotContext = createContext<SlotFills>({});
/** The shell gives the fills once, around the window. */
export const SlotProvider = SlotContext.Provider;

export function Slot<K extends SlotId>(props: { id: K } & SlotProps[K]) {
  const fills = (useContext(SlotContext)[props.id] ?? []) as readonly ComponentType<SlotProps[K]>[];
  return (
    <>
      {fills.map((Fill, i) => (
        <Fill key={i} {...props} />
      ))}
    </>
  );
}
