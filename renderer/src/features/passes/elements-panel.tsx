// The orbital elements behind every pass: how many satellites have them, how old they are
// (a pass more than 3 days from its set's epoch is marked stale), where they came from; a
// refresh from CelesTrak when online (it is asked at most once every two hours), and a file to
// import, chosen here or dropped anywhere on the window. Main validates the file's text and
// stores every set of it or none; a corrupt file is refused with the set and the reason.
import { useCallback, useEffect, useState } from 'react';
import {
  ELEMENTS_TEXT_MAX,
  type ElementsImportResult,
  type ElementsRefreshResult,
} from '../../../../shared/contract';
import { useElementsImport, useElementsRefresh, useElementsStatus } from '../../data';
import { HonestyMark } from '../../ui/honesty-mark';
import { formatUtc, RelativeTime, useNow } from '../../ui/time';

const DAY_MS = 86_400_000;

/** The window's own view of the network (the OS's), for the refresh button. */
function useOnline(): boolean {
  const [online, setOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    const on = () => setOnline(true);
    const off = () => setOnline(false);
    window.addEventListener('online', on);
    window.addEventListener('offline', off);
    return () => {
      window.removeEventListener('online', on);
      window.removeEventListener('offline', off);
    };
  }, []);
  return online;
}

export type ImportOutcome = { ok: true; result: ElementsImportResult } | { ok: false; message: string };

/** Reads a chosen or dropped file and sends its text to main; a file too large is refused here. */
export function useImportFile(): {
  importFile: (file: File) => Promise<void>;
  outcome: ImportOutcome | null;
  busy: boolean;
} {
  const mutation = useElementsImport();
  const [outcome, setOutcome] = useState<ImportOutcome | null>(null);
  const { mutateAsync } = mutation;
  const importFile = useCallback(
    async (file: File) => {
      if (file.size > ELEMENTS_TEXT_MAX) {
        setOutcome({
          ok: false,
          message: `${file.name} is ${(file.size / 1e6).toFixed(1)} MB, more than the window sends (${ELEMENTS_TEXT_MAX / 1e6} MB): nothing was imported. Import it with \`watchfloor elements import\`.`,
        });
        return;
      }
      try {
        const text = await file.text();
        const result = await mutateAsync({ name: file.name, text });
        setOutcome({ ok: true, result });
      } catch (err) {
        setOutcome({ ok: false, message: err instanceof Error ? err.message : String(err) });
      }
    },
    [mutateAsync],
  );
  return { importFile, outcome, busy: mutation.isPending };
}

function refreshMessage(r: ElementsRefreshResult): string {
  if (r.status === 'too-soon')
    return `Not asked: CelesTrak was asked at ${formatUtc(r.checkedAt)}; it allows one request every 2 hours, the next at ${formatUtc(r.nextAllowedAt)}.`;
  if (r.status === 'not-modified') return 'CelesTrak has nothing newer (not modified).';
  return `Refreshed: ${r.received} sets received, ${r.kept} of the families kept, ${r.added} new.`;
}

export function ElementsPanel({ importer }: { importer: ReturnType<typeof useImportFile> }) {
  const status = useElementsStatus();
  const refresh = useElementsRefresh();
  const online = useOnline();
  const now = useNow();
  const s = status.data;
  const nextAllowed = s?.refresh ? Date.parse(s.refresh.nextAllowedAt) : 0;
  const tooSoon = nextAllowed > now;
  const ageDays = (iso: string) => (now - Date.parse(iso)) / DAY_MS;
  const { outcome } = importer;
  return (
    <section className="passes-elements" aria-labelledby="passes-elements-heading">
      <h2 id="passes-elements-heading" className="section-title">
        Orbital elements
      </h2>
      {status.error ? (
        <p role="alert">The elements could not be read: {status.error.message}</p>
      ) : !s ? (
        <p className="muted">Reading the elements…</p>
      ) : s.satellites === 0 ? (
        <p data-testid="elements-summary">
          No orbital elements for the families in the cache: no pass can be computed. Refresh from CelesTrak
          or import a TLE, 3LE or OMM file.
        </p>
      ) : (
        <p data-testid="elements-summary">
          <span className="num">{s.satellites}</span> satellites of the families have elements. Newest epoch{' '}
          <time dateTime={s.newestEpoch!}>{formatUtc(s.newestEpoch!)}</time> (
          {ageDays(s.newestEpoch!).toFixed(1)} days old), oldest{' '}
          <time dateTime={s.oldestEpoch!}>{formatUtc(s.oldestEpoch!)}</time> (
          {ageDays(s.oldestEpoch!).toFixed(1)} days).{' '}
          {ageDays(s.newestEpoch!) > 3 && (
            <HonestyMark
              kind="stale"
              detail="over 3 days old"
              title="Refresh or import newer elements before trusting timings"
            />
          )}
          {s.sources[0] && (
            <span className="muted">
              {' '}
              Last from {s.sources[0].source.replace(/^file:/, 'the file ')},{' '}
              <RelativeTime iso={s.sources[0].fetchedAt} />.
            </span>
          )}
        </p>
      )}
      <div className="passes-elements-actions">
        <button
          type="button"
          disabled={!online || tooSoon || refresh.isPending}
          onClick={() => refresh.mutate({})}
          title={
            !online
              ? 'Offline: CelesTrak cannot be reached'
              : tooSoon
                ? `CelesTrak allows one request every 2 hours: next at ${formatUtc(new Date(nextAllowed))}`
                : 'Ask CelesTrak for the newest elements (GP data)'
          }
        >
          {refresh.isPending ? 'Refreshing…' : 'Refresh from CelesTrak'}
        </button>
        {!online && <span className="muted">offline</span>}
        {online && tooSoon && (
          <span className="muted">next refresh allowed {formatUtc(new Date(nextAllowed))}</span>
        )}
        <label className="file-pick">
          <span className="button-like">Import elements file…</span>
          <input
            type="file"
            className="visually-hidden"
            aria-label="Import an element file (TLE, 3LE or OMM)"
            accept=".tle,.txt,.3le,.json,.csv,text/plain,application/json,text/csv"
            onChange={(e) => {
              const f = e.target.files?.[0];
              e.target.value = '';
              if (f) void importer.importFile(f);
            }}
          />
        </label>
        <span className="muted">or drop one on the window</span>
      </div>
      {refresh.error && <p role="alert">Refresh failed: {refresh.error.message}</p>}
      {refresh.data && <p role="status">{refreshMessage(refresh.data)}</p>}
      {importer.busy && <p className="muted">Importing…</p>}
      {outcome && !outcome.ok && (
        <p role="alert" className="passes-import-error">
          Not imported: {outcome.message}
        </p>
      )}
      {outcome?.ok && (
        <p role="status">
          Imported <span className="num">{outcome.result.imported}</span> element sets from{' '}
          {outcome.result.name} ({outcome.result.added} new, {outcome.result.known} already cached).
        </p>
      )}
    </section>
  );
}
