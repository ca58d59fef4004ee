// The Imagery form → GET /imagery's parameters, checked before anything is sent: a box in
// order, a window of at most 30 days (the document's cap), the event's parameters as typed
// (filled from the signal unchanged). And back: a stored request → the form ("Run again").
import { BBoxError, parseBBox } from '../../../../shared/bbox';
import { IMAGERY_MAX_DAYS, type Profile, type ToolParams } from '../../../../shared/contract';
import type { Built } from '../../tools-common/define-tool';
import type { ImageryForm } from './imagery-state';
import { isCalendarDate } from '../../../../shared/dates';

type ImageryParams = ToolParams<'imagery'>;
const dayMs = (d: string) => Date.parse(`${d}T00:00:00Z`);

const fail = (problem: string): Built => ({ input: null, problem });

function box(text: string, label: string): [number, number, number, number] {
  const b = parseBBox(text, label);
  return [b[0], b[1], b[2], b[3]];
}

/** The form's box when it is a valid one (the index series uses it whatever the window). */
export function boxOf(form: ImageryForm): [number, number, number, number] | null {
  try {
    return form.bbox.trim() ? box(form.bbox, 'the box') : null;
  } catch (e) {
    if (e instanceof BBoxError) return null;
    throw e;
  }
}

export function buildImagery(form: ImageryForm, profile: Profile): Built {
  if (!form.bbox.trim())
    return fail('Give a box: draw one on the map, select a signal or a watch, or type W,S,E,N.');
  const params: ImageryParams = { bbox: [0, 0, 1, 1] };
  try {
    params.bbox = box(form.bbox, 'the box');
    if (form.eventAoi.trim()) params.event_aoi = box(form.eventAoi, 'the event AOI');
  } catch (e) {
    if (e instanceof BBoxError) return fail(e.message);
    throw e;
  }
  params.collection = form.collection;
  if (profile === 'main') {
    if (!isCalendarDate(form.startDate) || !isCalendarDate(form.endDate))
      return fail('Give both dates of the window, yyyy-mm-dd (days that exist).');
    const span = (dayMs(form.endDate) - dayMs(form.startDate)) / 86_400_000;
    if (span < 0) return fail('The window’s start is after its end.');
    if (span > IMAGERY_MAX_DAYS)
      return fail(`The window is at most ${IMAGERY_MAX_DAYS} days (it is ${span}).`);
    params.start_date = form.startDate;
    params.end_date = form.endDate;
  } else {
    const days = Number(form.days);
    if (!isCalendarDate(form.date)) return fail('Give the window’s date, yyyy-mm-dd (a day that exists).');
    if (!Number.isInteger(days) || days < 1 || days > IMAGERY_MAX_DAYS)
      return fail(`Days must be a whole number from 1 to ${IMAGERY_MAX_DAYS}.`);
    params.date = form.date;
    params.days = days;
  }
  if (form.cloudMax.trim()) {
    const c = Number(form.cloudMax);
    if (!Number.isFinite(c) || c < 0 || c > 100) return fail('Cloud cover is a percentage from 0 to 100.');
    params.cloud_cover_max = c;
  }
  if (form.eventDate.trim()) {
    if (!isCalendarDate(form.eventDate.trim()))
      return fail('The event date is yyyy-mm-dd (a day that exists).');
    params.event_date = form.eventDate.trim();
  }
  if (form.eventPoint.trim()) {
    const parts = form.eventPoint.split(',').map((x) => Number(x.trim()));
    const [lon, lat] = parts;
    if (parts.length !== 2 || !(Math.abs(lon!) <= 180) || !(Math.abs(lat!) <= 90))
      return fail('The event point is lon,lat.');
    params.event_point = [lon!, lat!];
  }
  if (form.eventTimestamp.trim()) {
    if (Number.isNaN(Date.parse(form.eventTimestamp.trim())))
      return fail('The event time is an ISO 8601 timestamp.');
    params.event_timestamp = form.eventTimestamp.trim();
  }
  return { input: { tool: 'imagery', params }, problem: null };
}

/** A stored request back in the form, as it was sent. */
export function formOf(p: ImageryParams): Partial<ImageryForm> {
  return {
    bbox: p.bbox.join(','),
    bboxFrom: 'A stored request',
    ...(p.collection ? { collection: p.collection } : {}),
    ...(p.start_date ? { startDate: p.start_date } : {}),
    ...(p.end_date ? { endDate: p.end_date } : {}),
    ...(p.date ? { date: p.date } : {}),
    ...(p.days ? { days: String(p.days) } : {}),
    cloudMax: p.cloud_cover_max === undefined ? '' : String(p.cloud_cover_max),
    eventDate: p.event_date ?? '',
    eventPoint: p.event_point ? p.event_point.join(',') : '',
    eventAoi: p.event_aoi ? p.event_aoi.join(',') : '',
    eventTimestamp: p.event_timestamp ?? '',
  };
}

/** One line for the history: box, collection, window and event date. */
export function summarize(p: ImageryParams): string {
  const window = p.start_date
    ? `${p.start_date} → ${p.end_date}`
    : p.date
      ? `${p.date} +${p.days ?? 7} d`
      : 'last 7 days';
  return [
    p.collection ?? 'default collection',
    `[${p.bbox.join(', ')}]`,
    window,
    p.event_date ? `event ${p.event_date}` : null,
  ]
    .filter(Boolean)
    .join(' · ');
}
