// Which features fill which slot (ui/slots.tsx): a view leaves a place for another feature's
// part, and the shell says what stands there, so no feature imports another.
import { AssessSignalButton } from '../features/analyst/assess-signal';
import { ExportBoxButton, ExportWatchButton } from '../features/export/export-dialog';
import { ThreadDialog } from '../features/inspector/thread-dialog';
import { LocalNotesPanel } from '../features/notes/local-notes-panel';
import { WatchNotes } from '../features/notes/watch-notes';
import { CreateFromBox } from '../features/orders/create-from-box';
import { RefineSection } from '../features/refine/refine-location';
import { CreateWatchFromBox } from '../features/watches/create-watch';
import type { SlotFills } from '../ui/slots';

export const SLOT_FILLS: SlotFills = {
  'box.actions': [ExportBoxButton, CreateFromBox, CreateWatchFromBox],
  'signal.actions': [AssessSignalButton],
  'signal.sections': [RefineSection],
  'watch.actions': [ExportWatchButton],
  'event.thread': [ThreadDialog],
  'watch.notes': [WatchNotes],
  'watches.aside': [LocalNotesPanel],
};
