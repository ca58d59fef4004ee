// An index series over the search's box (POST /index-series): a spectral index (NDVI, NBR…)
// from the optical archive between two days. An estimate (estimate_only) is free and says how
// many scenes a measurement would use and cost; a measurement costs 0.5 tokens per scene, up
// to max_scenes. Each answer is stored like the rest (its own history) and read offline.
import type { StoredAnswerOf, ToolParams } from '../../../../shared/contract';
import { INDEXES } from '../../../../shared/service/values';
import { formatTokens } from '../../../../shared/tool-prices';
import type { Built } from '../../tools-common/define-tool';
import { CheckField, CountTable, FieldList, SelectField } from '../../tools-common/tool-view';
import { boxOf } from './imagery-params';
import { useImageryState, type IndexForm } from './imagery-state';
import { isCalendarDate } from '../../../../shared/dates';

type Series = { date?: unknown; value?: unknown }[];

export function IndexFields() {
  const form = useImageryState((s) => s.indexForm);
  const set = useImageryState((s) => s.setIndex);
  return (
    <form className="tool-form" aria-label="Index series" onSubmit={(e) => e.preventDefault()}>
      <SelectField
        label="Index"
        value={form.index}
        options={INDEXES.map((i) => ({ value: i, label: i }))}
        onChange={(index) => set({ index })}
      />
      <FieldList
        form={form}
        set={set}
        fields={[
          { name: 'start', label: 'Index from (UTC day)', type: 'date' },
          { name: 'end', label: 'Index to (UTC day)', type: 'date' },
          { name: 'maxScenes', label: 'Max scenes', type: 'number' },
        ]}
      />
      <CheckField
        label="Estimate only (free: how many scenes, and what measuring would cost)"
        checked={form.estimate}
        onChange={(estimate) => set({ estimate })}
      />
    </form>
  );
}

/** The call over the Imagery form's box, or why there is none. */
export function buildIndex(bbox: [number, number, number, number] | null, form: IndexForm): Built {
  const { index, start, end, estimate } = form;
  const n = Number(form.maxScenes);
  const problem = !bbox
    ? 'Give a valid box above first.'
    : !isCalendarDate(start) || !isCalendarDate(end)
      ? 'Give both days.'
      : start > end
        ? 'The start is after the end.'
        : !Number.isInteger(n) || n < 1 || n > 24
          ? 'Max scenes is a whole number from 1 to 24.'
          : null;
  if (problem || !bbox) return { input: null, problem: problem ?? '' };
  const params = { bbox, index, start, end, max_scenes: n, ...(estimate ? { estimate_only: true } : {}) };
  return { input: { tool: 'index.series', params }, problem: null };
}

export const useIndexBuilt = () =>
  buildIndex(
    boxOf(useImageryState((s) => s.form)),
    useImageryState((s) => s.indexForm),
  );

export const summarizeIndex = (r: ToolParams<'index.series'>) =>
  `${r.index} · ${r.start} → ${r.end}${r.estimate_only ? ' · estimate' : ''}`;

export const indexFormOf = (r: ToolParams<'index.series'>): Partial<IndexForm> => ({
  index: r.index,
  start: r.start,
  end: r.end,
  ...(r.max_scenes ? { maxScenes: String(r.max_scenes) } : {}),
  estimate: r.estimate_only ?? false,
});

export function IndexAnswer({ answer }: { answer: StoredAnswerOf<'index.series'> }) {
  const a = answer.answer;
  const e = a?.estimate;
  // A measurement's series is not described by the documents: shown as received when present.
  const series = Array.isArray((a as { series?: unknown } | null)?.series)
    ? ((a as unknown as { series: Series }).series ?? [])
    : [];
  return (
    <div data-testid="index-answer">
      {a?.summary && <p data-testid="index-summary">{a.summary}</p>}
      {e && (
        <p className="muted">
          {e.scenes_measurable ?? '—'} measurable of {e.scenes_found ?? '—'} found
          {typeof e.estimated_tokens === 'number'
            ? ` · measuring would cost ${formatTokens(e.estimated_tokens)}`
            : ''}
          {e.candidate_date_span ? ` · ${e.candidate_date_span.first} → ${e.candidate_date_span.last}` : ''}
          {e.truncated ? ' · truncated' : ''}
        </p>
      )}
      {series.length > 0 && (
        <CountTable
          label="Index series"
          head={['Date', 'Value']}
          rows={series.map((p, i) => ({
            key: String(i),
            name: <span className="num">{typeof p.date === 'string' ? p.date : '—'}</span>,
            count: typeof p.value === 'number' ? p.value : '—',
          }))}
        />
      )}
    </div>
  );
}
