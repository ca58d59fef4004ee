// An index series over the search's box (POST /index-series): a spectral index (NDVI, NBR…)
// from the optical archive between two days. An estimate (estimate_only) is free and says how
// many scenes a measurement would use and cost; a measurement costs 0.5 tokens per scene, up
// to max_scenes. Each answer is stored like the rest (its own history) and read offline.
import { useState } from 'react';
import type { StoredAnswer, ToolRunInput } from '../../../../shared/contract';
import { INDEXES } from '../../../../shared/service/values';
import { useToolAnswer } from '../../data';
import { HonestyMark } from '../../ui/honesty-mark';
import { formatUtc } from '../../ui/time';
import { RunBar, useToolRunner } from '../../tools-common/run-bar';
import { ToolHistory } from '../../tools-common/tool-history';
import { addDays, todayUtc, useImageryState } from './imagery-state';
import { formatTokens } from '../../../../shared/tool-prices';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
type Series = { date?: unknown; value?: unknown }[];

function IndexAnswer({ answer }: { answer: StoredAnswer }) {
  if (answer.tool !== 'index.series') return null;
  const a = answer.answer;
  const e = a?.estimate;
  // A measurement's series is not described by the documents: shown as received when present.
  const series = Array.isArray((a as { series?: unknown } | null)?.series)
    ? ((a as unknown as { series: Series }).series ?? [])
    : [];
  return (
    <div data-testid="index-answer">
      <p className="view-line">
        <span className="answer-marks">
          {answer.demo && <HonestyMark kind="demo" title="Demo data, not from the live service" />}
          <HonestyMark kind="cached" detail={`asked ${formatUtc(answer.askedAt)}`} />
        </span>
        <span className="muted">
          {' '}
          {answer.request.index} · {answer.request.start} → {answer.request.end}
          {answer.request.estimate_only ? ' · estimate' : ''}
          {answer.charged !== null ? ` · charged ${formatTokens(answer.charged)}` : ''}
        </span>
      </p>
      {answer.status === 'failed' ? (
        <p role="alert">{answer.error?.message}</p>
      ) : (
        <>
          {a?.summary && <p data-testid="index-summary">{a.summary}</p>}
          {e && (
            <p className="muted">
              {e.scenes_measurable ?? '—'} measurable of {e.scenes_found ?? '—'} found
              {typeof e.estimated_tokens === 'number'
                ? ` · measuring would cost ${formatTokens(e.estimated_tokens)}`
                : ''}
              {e.candidate_date_span
                ? ` · ${e.candidate_date_span.first} → ${e.candidate_date_span.last}`
                : ''}
              {e.truncated ? ' · truncated' : ''}
            </p>
          )}
          {series.length > 0 && (
            <table className="dense" aria-label="Index series">
              <thead>
                <tr>
                  <th scope="col">Date</th>
                  <th scope="col" className="right">
                    Value
                  </th>
                </tr>
              </thead>
              <tbody>
                {series.map((p, i) => (
                  <tr key={i}>
                    <td className="num">{typeof p.date === 'string' ? p.date : '—'}</td>
                    <td className="right num">{typeof p.value === 'number' ? p.value : '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
    </div>
  );
}

export function IndexPanel({ bbox }: { bbox: [number, number, number, number] | null }) {
  const [index, setIndex] = useState<(typeof INDEXES)[number]>('ndvi');
  const [start, setStart] = useState(addDays(todayUtc(), -90));
  const [end, setEnd] = useState(todayUtc());
  const [maxScenes, setMaxScenes] = useState('12');
  const [estimate, setEstimate] = useState(true);
  const indexId = useImageryState((s) => s.indexId);
  const chooseIndex = useImageryState((s) => s.chooseIndex);
  const runner = useToolRunner('index series', (a) => chooseIndex(a.id));
  const shown = useToolAnswer(indexId);

  const n = Number(maxScenes);
  const problem = !bbox
    ? 'Give a valid box above first.'
    : !DATE.test(start) || !DATE.test(end)
      ? 'Give both days.'
      : start > end
        ? 'The start is after the end.'
        : !Number.isInteger(n) || n < 1 || n > 24
          ? 'Max scenes is a whole number from 1 to 24.'
          : null;
  const input: ToolRunInput | null =
    problem || !bbox
      ? null
      : {
          tool: 'index.series',
          params: { bbox, index, start, end, max_scenes: n, ...(estimate ? { estimate_only: true } : {}) },
        };

  return (
    <section className="index-panel" aria-label="Index series over the box">
      <h2 className="section-title">Index series over the box</h2>
      <form className="imagery-form" aria-label="Index series" onSubmit={(e) => e.preventDefault()}>
        <label className="imagery-field">
          <span>Index</span>
          <select value={index} onChange={(e) => setIndex(e.target.value as (typeof INDEXES)[number])}>
            {INDEXES.map((i) => (
              <option key={i} value={i}>
                {i}
              </option>
            ))}
          </select>
        </label>
        <label className="imagery-field">
          <span>Index from (UTC day)</span>
          <input type="date" value={start} onChange={(e) => setStart(e.target.value)} />
        </label>
        <label className="imagery-field">
          <span>Index to (UTC day)</span>
          <input type="date" value={end} onChange={(e) => setEnd(e.target.value)} />
        </label>
        <label className="imagery-field">
          <span>Max scenes</span>
          <input
            type="number"
            min={1}
            max={24}
            value={maxScenes}
            onChange={(e) => setMaxScenes(e.target.value)}
          />
        </label>
        <label>
          <input type="checkbox" checked={estimate} onChange={(e) => setEstimate(e.target.checked)} />{' '}
          Estimate only (free: how many scenes, and what measuring would cost)
        </label>
      </form>
      <RunBar title="index series" input={input} problem={problem} runner={runner} threshold={false} />
      {indexId && shown.data && <IndexAnswer answer={shown.data} />}
      <ToolHistory
        tool="index.series"
        title="Index series"
        chosenId={indexId}
        summary={(a) =>
          a.tool === 'index.series'
            ? `${a.request.index} · ${a.request.start} → ${a.request.end}${a.request.estimate_only ? ' · estimate' : ''}`
            : a.tool
        }
        onChoose={(a) => chooseIndex(a.id)}
        onRunAgain={(a) =>
          a.tool === 'index.series' && runner.start({ tool: 'index.series', params: a.request })
        }
      />
    </section>
  );
}
