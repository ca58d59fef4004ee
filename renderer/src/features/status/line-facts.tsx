// The link to the service as the sync sees it (shared/sync-line.ts): its rate and round trip,
// whether answers come compressed, the signals page size chosen for it ("slow link: pages of N")
// and what a thousand signals cost at that size, the page in flight with its progress, and a
// first sync's time left. While a run works, from its pushes; between runs, from sync.status
// (what the last run saw, and what the next first sync will cost, shown before it starts).
import type { SyncLine } from '../../../../shared/sync-line';
import { tokensPer1000 } from '../../../../shared/sync-line';
import { streamWords } from '../../../../shared/contract-resources';
import { formatCount } from '../../../../shared/count';

const kB = (n: number) =>
  n >= 1_000_000 ? `${(n / 1_000_000).toFixed(1)} MB` : `${(n / 1000).toFixed(1)} kB`;
const duration = (s: number) =>
  s < 90
    ? `${Math.max(1, Math.round(s))} s`
    : s < 5400
      ? `${Math.round(s / 60)} min`
      : `${(s / 3600).toFixed(1)} h`;

export function LineFacts({
  line,
  running,
  firstSyncPending,
}: {
  line: SyncLine | null;
  running: boolean;
  firstSyncPending: boolean;
}) {
  if (!line) return null;
  const page = running ? line.page : null;
  const first = running ? line.firstSync : null;
  const how =
    line.encoding === null
      ? 'uncompressed'
      : `${line.encoding}${line.compressionRatio !== null ? `, ${Math.round(line.compressionRatio * 100)}% of the size` : ''}`;
  return (
    <div data-testid="sync-line" aria-label="Line" role="group">
      <dl className="facts">
        <dt>Line</dt>
        <dd data-testid="line-rate">
          {line.bytesPerSecond === null ? (
            'not measured yet'
          ) : (
            <>
              <span className="num">{kB(line.bytesPerSecond)}/s</span>
              {line.firstByteMs !== null && (
                <>
                  {', first byte in '}
                  <span className="num">{line.firstByteMs} ms</span>
                </>
              )}
              {`, ${how}`}
            </>
          )}
        </dd>
        <dt>Pages</dt>
        <dd data-testid="line-pages">
          {line.adapted ? `Slow link: pages of ${line.pageLimit}` : `Pages of ${line.pageLimit}`}
          {` — ${line.tokensPer1000} tokens per 1,000 signals`}
          {line.pageLimit < 500 ? ` (${tokensPer1000(500)} at pages of 500)` : ''}
        </dd>
        {page && (
          <>
            <dt>In flight</dt>
            <dd data-testid="line-page">
              {streamWords(page.stream)} page {page.number} of up to {page.limit}:{' '}
              <span className="num">
                {kB(page.bytes)}
                {page.expectedBytes ? ` of ~${kB(page.expectedBytes)}` : ''}
              </span>{' '}
              <progress
                max={page.expectedBytes ?? undefined}
                value={page.expectedBytes ? Math.min(page.bytes, page.expectedBytes) : undefined}
                aria-label="Page in flight"
              />
            </dd>
          </>
        )}
        {first && (
          <>
            <dt>First sync</dt>
            <dd data-testid="line-first-sync">
              {first.phase === 'latest' ? 'the latest days first' : 'the past, newest first'}:{' '}
              <span className="num">{formatCount(first.stored)}</span> stored
              {first.through ? `, back to ${first.through}` : ''}
              {first.secondsLeft !== null && (
                <>
                  {'; about '}
                  <span className="num">{duration(first.secondsLeft)}</span> left
                </>
              )}
              {first.signalsLeft !== null && first.tokensLeft !== null && (
                <>
                  {' ('}
                  <span className="num">~{formatCount(first.signalsLeft)}</span> signals,{' '}
                  <span className="num">~{formatCount(first.tokensLeft)}</span> tokens)
                </>
              )}
            </dd>
          </>
        )}
        {!running && firstSyncPending && (
          <>
            <dt>First sync</dt>
            <dd data-testid="line-first-sync-plan">
              not done yet: it starts with pages of {line.pageLimit}, {line.tokensPer1000} tokens per 1,000
              signals (3 a page whatever its size), the latest days first
            </dd>
          </>
        )}
      </dl>
    </div>
  );
}
