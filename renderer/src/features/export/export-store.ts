// Which report the Export dialog is about and whether it is open: opened from the palette or
// its key (e), from a watch's detail ("Export this watch") and from the box tool ("Export box").
import { create } from 'zustand';
import type { BBox } from '../../../../shared/bbox';

/** What to report on, as the window knows it; the map's view is read when the export runs. */
export type ExportChoice =
  { kind: 'watch'; watchId: string; label?: string } | { kind: 'bbox'; bbox: BBox } | { kind: 'view' };

interface ExportState {
  open: boolean;
  choice: ExportChoice;
  openExport: (choice?: ExportChoice) => void;
  close: () => void;
}

export const useExportDialog = create<ExportState>()((set) => ({
  open: false,
  choice: { kind: 'view' },
  openExport: (choice) => set({ open: true, choice: choice ?? { kind: 'view' } }),
  close: () => set({ open: false }),
}));
