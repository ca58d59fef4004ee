// The report's "Passes over the area, next 48 hours" (HTML and PDF): who can image the area
// soon, from the cached orbital elements, with their age said plainly. The passes themselves
// are computed by the caller (ReportExtras.passes); this renders them and words the caveat.
import type { ReportPasses } from './report-types';
import { esc } from './signal-fields';

/** The printed table stops here (passes of 13 families over 48 hours are a few hundred at most). */
export const PASS_ROWS = 300;

/** The caveat the passes call for, or null when the elements are fresh. */
export function passesCaveat(p: ReportPasses | null): string | null {
  // An area too large gets no list, so nothing about the elements behind one applies.
  if (!p || p.area.tooLarge) return null;
  if (p.satellites === 0)
    return (
      'No orbital elements cached: the satellite passes over the area for the next 48 hours cannot be ' +
      'computed (their timing is unavailable, not "no passes"). Run `watchfloor elements refresh` or ' +
      'import an element file in the Passes view.'
    );
  if (p.stale)
    return (
      `Stale orbital elements: the passes below rest on element sets up to ${p.maxTleAgeDays} days from ` +
      `their peaks (over the ${p.staleAfterDays}-day threshold), so their times may be off; refresh the ` +
      'elements (`watchfloor elements refresh`).'
    );
  return null;
}

export function passesSection(p: ReportPasses | null): string {
  if (!p) return '';
  const km = (v: number) => Math.round(v).toLocaleString('en-US');
  const title = '<h2>Passes over the area, next 48 hours</h2>';
  if (p.area.tooLarge)
    return (
      `${title}<p>Not listed: the area is about ${km(p.area.spanKm)} km across. Over an area that large nearly every ` +
      'pass of every satellite in 48 hours reaches some part of it, so a list would say nothing about when a ' +
      `place in it can be imaged. Report on a smaller area (up to ${km(p.area.maxKm)} km across), or ask ` +
      '`watchfloor passes --lat LAT --lon LON` for a place.</p>'
    );
  const head = `${title}<p class="muted">Predicted offline for the whole area from ${esc(p.window.start)} to ${esc(p.window.end)}: a pass is listed when its reach (its family's off-nadir range seen from the satellite) meets any part of the area, sampled at ${p.area.points.toLocaleString('en-US')} points no more than ${km(p.area.slackKm)} km from any part of it (so a pass may reach no more than that beyond its edge). Off-nadir is to the sampled point seen nearest nadir. Systematic passes are geometric predictions, not scheduled acquisitions; taskable ones are access opportunities within the operator's off-nadir range, not confirmed collections.</p>`;
  const caveat = passesCaveat(p);
  const flag = caveat ? `<p class="flag">${esc(caveat)}</p>` : '';
  if (p.satellites === 0) return `${head}${flag}`;
  const missing = p.familiesWithoutElements.length
    ? `<p>No usable elements for ${esc(p.familiesWithoutElements.join(', '))}: their timing is unavailable (not "no passes").</p>`
    : '';
  const rows = p.passes
    .slice(0, PASS_ROWS)
    .map(
      (r) =>
        `<tr><td>${esc(r.family)}</td><td>${esc(r.satellite)}</td><td>${esc(r.peak)}</td><td>${r.sunlit ? 'sunlit' : 'night'}</td><td>${esc(r.off_nadir_deg.toFixed(1))}°</td></tr>`,
    )
    .join('');
  const shown = Math.min(p.passes.length, PASS_ROWS);
  const cut =
    p.found > shown
      ? `<p class="muted">Listing the first ${shown.toLocaleString('en-US')} of ${p.found.toLocaleString('en-US')} passes.</p>`
      : '';
  const table = p.found
    ? `<table><thead><tr><th>Family</th><th>Satellite</th><th>Peak (UTC)</th><th>Light</th><th>Off-nadir</th></tr></thead><tbody>${rows}</tbody></table>${cut}`
    : '<p>No pass of the families with elements in these 48 hours.</p>';
  const age =
    p.maxTleAgeDays !== null
      ? `<p class="muted">Element sets up to ${esc(p.maxTleAgeDays)} days from the peaks (stale above ${esc(p.staleAfterDays)}). ${esc(p.attribution)}</p>`
      : '';
  return `${head}${flag}${missing}${table}${age}`;
}
