// Dates as the analyst and the service write them, checked as calendars do: `Date.parse`
// takes 2026-02-30 for 2 March, so a window that does not exist would be asked for as one
// that does. date-fns's parseISO refuses a day its month lacks.
import { isValid, parseISO } from 'date-fns';

const YMD = /^\d{4}-\d{2}-\d{2}$/;

/** YYYY-MM-DD naming a day that exists (2028-02-29 yes, 2026-02-30 no). */
export function isCalendarDate(text: string): boolean {
  return YMD.test(text) && isValid(parseISO(text));
}

/** A day (YYYY-MM-DD) or an ISO 8601 time, naming an instant that exists. */
export function isRealDateOrTime(text: string): boolean {
  return text.length === 10 ? isCalendarDate(text) : isValid(parseISO(text));
}
