// An assessment's imagery_handoff on its way into the Imagery form ("Search imagery with these
// parameters"): the exact /imagery inputs the service chose, put in the form's fields unchanged
// (a box given as text stays that text; numbers are joined as the form writes them). The
// Imagery view takes a pending handoff when it is shown, after the selected signal, so the
// handoff wins over the signal's own parameters.
import { create } from 'zustand';
import type { Assessment } from '../../../shared/service/common';

/** The Imagery form's fields a handoff fills, as typed text (features/imagery/imagery-state.ts). */
export interface HandedImageryFields {
  bbox?: string;
  eventDate?: string;
  eventPoint?: string;
  eventAoi?: string;
  eventTimestamp?: string;
}

type Handoff = NonNullable<NonNullable<NonNullable<Assessment['context']>['imagery_handoff']>['parameters']>;

interface HandoffState {
  pending: { label: string; changes: HandedImageryFields } | null;
  give: (label: string, changes: HandedImageryFields) => void;
  take: () => { label: string; changes: HandedImageryFields } | null;
}

export const useImageryHandoff = create<HandoffState>()((set, get) => ({
  pending: null,
  give: (label, changes) => set({ pending: { label, changes } }),
  take: () => {
    const p = get().pending;
    if (p) set({ pending: null });
    return p;
  },
}));

const text = (v: string | readonly number[] | null | undefined): string =>
  v === null || v === undefined ? '' : typeof v === 'string' ? v : v.join(',');

/** The handoff's parameters as the form's fields; a parameter the handoff lacks is left empty. */
export function formOfHandoff(p: Handoff): HandedImageryFields {
  return {
    ...(p.bbox !== null && p.bbox !== undefined ? { bbox: text(p.bbox) } : {}),
    eventDate: p.eventDate ?? '',
    eventPoint: text(p.eventPoint),
    eventAoi: text(p.eventAoi),
    eventTimestamp: p.eventTimestamp ?? '',
  };
}
