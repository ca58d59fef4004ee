// What every measured layer shares: its records are events too (the record's event_id is the
// signal's id, so a click selects that signal for the inspector), they state what was recorded
// and never a cause, and a plan may withhold their detail.
import type { FeatureInfo } from './types';

export const MEASURED_CLASS = 'wf-measured';

interface MeasuredBase {
  event_id: string;
  title?: string | null | undefined;
  detail_withheld?: boolean | null | undefined;
}

export const measuredSelectionKey = (r: MeasuredBase): string | null =>
  r.event_id ? `signal:${r.event_id}` : null;

export function measuredInfo(
  r: MeasuredBase,
  info: Omit<FeatureInfo, 'measured' | 'select' | 'notes'> & { notes?: string[] },
): FeatureInfo {
  const notes = [...(info.notes ?? [])];
  if (r.detail_withheld) notes.push('The plan withholds some of this record’s detail.');
  return {
    ...info,
    measured: true,
    notes,
    select: r.event_id
      ? { kind: 'signal', id: r.event_id, label: `Measured: ${r.title ?? info.title}` }
      : null,
  };
}
