// Every reason a report may say less than it seems to (docs/reports.md, "Caveats"): demo
// data, cached not live, clamps the service reported, retracted and folded events,
// country-level signals not placed, a window beyond what the cache holds, old syncs.
import { describeClamps } from '../cache';
import type { ReportData } from './report-types';
import { passesCaveat } from './passes';
import { counted, isPlottable } from './signal-fields';

const were = (n: number) => (n === 1 ? 'was' : 'were');
import { evidenceKind, type EvidenceKind } from '../../shared/evidence';

/** Negative evidence, typed: the one rule of shared/evidence.ts. */
export const negativeKind = (e: Record<string, unknown>): EvidenceKind => evidenceKind(e);

const DAY_MS = 86_400_000;

export function buildCaveats(
  data: ReportData,
  ctx: {
    retractedLeftOut: number;
    includeRetracted: boolean;
    span: { first: string | null; last: string | null };
    startDate?: string;
    endDate?: string;
    now: Date;
  },
): string[] {
  const out: string[] = [];
  if (data.demo)
    out.push(
      'DEMO DATA: this report was made from the built-in demo service. Its events are generated, not real.',
    );
  out.push(
    `Cached, not live: read from the local cache only, as of each stream's last sync ` +
      `(signals: ${data.dataAsOf ?? 'never synced'}). Events since then are not in this report.`,
  );
  if (data.dataAsOf && ctx.now.getTime() - Date.parse(data.dataAsOf) > DAY_MS)
    out.push(
      `The signals were last synced more than a day before this report (${data.dataAsOf}); run \`watchfloor sync\` for newer data.`,
    );
  // Each narrowing said once in words, whichever streams recorded it.
  for (const c of describeClamps(data.clamps)) out.push(`${c.charAt(0).toUpperCase()}${c.slice(1)}.`);
  if (ctx.retractedLeftOut)
    out.push(
      `${counted(ctx.retractedLeftOut, 'event')} in scope ${were(ctx.retractedLeftOut)} retracted by the service and ${ctx.retractedLeftOut === 1 ? 'is' : 'are'} left out ` +
        '(`--include-retracted` lists them, flagged).',
    );
  const retracted = data.signals.filter((s) => s.retracted).length;
  if (ctx.includeRetracted && retracted)
    out.push(
      `${counted(retracted, 'listed event')} ${were(retracted)} retracted by the service: flagged RETRACTED, not evidence.`,
    );
  const folded = data.signals.reduce((n, s) => n + (s.merged_ids?.length ?? 0), 0);
  if (folded)
    out.push(
      `${counted(folded, 'event id')} ${were(folded)} folded into others by the service; each is shown once, under its ` +
        'surviving event (merged_ids).',
    );
  const countryLevel = data.signals.filter((s) => !isPlottable(s)).length;
  if (countryLevel)
    out.push(
      `${counted(countryLevel, 'signal')} ${countryLevel === 1 ? 'is' : 'are'} known only to country level: listed, never placed on the map ` +
        "(the coordinates the service gives them are their country's centre, not a place).",
    );
  const { first, last } = ctx.span;
  if (first && last && ((ctx.startDate && ctx.startDate < first) || (ctx.endDate && ctx.endDate > last)))
    out.push(
      `The cache holds signals that occurred from ${first} to ${last}; the part of the window outside ` +
        'that span is empty because nothing was synced for it, not because nothing happened.',
    );
  if (!data.signals.length)
    out.push(
      'No cached signal falls in this scope. That is what the cache holds, not proof that nothing happened.',
    );
  const passes = passesCaveat(data.passes);
  if (passes) out.push(passes);
  if (data.watch) {
    if (!data.watch.latestPackage) out.push('No decision package for this watch is cached.');
    const neg = data.watch.latestPackage?.package.negative_evidence;
    if (
      Array.isArray(neg) &&
      neg.some((e) => negativeKind(e as Record<string, unknown>) === 'could-not-look')
    )
      out.push(
        'Some negative evidence is "could not look" (no coverage, no usable scene, cloud, inconclusive): ' +
          'it says nothing about whether the thing is there.',
      );
    if (data.watch.pending || data.watch.notes.some((n) => n.pending))
      out.push('This watch has local changes the outbox has not sent yet; the service has not seen them.');
  }
  return out;
}
