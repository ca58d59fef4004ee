// Discriminators (issue 14, alternate profile): which observations would tell 2–8 hypotheses
// apart (competing: which one holds; joint: which hold together), or an event's standing
// claims (an event id: then always joint). The table of observables with their verdicts, how to
// obtain each and what none can establish. 3 tokens, shown before the call; every answer kept
// and read again offline. The main profile's service has none.
import type { StoredAnswerOf, ToolParams } from '../../../../shared/contract';
import { defineTool, type Built } from '../../tools-common/define-tool';
import { Field, TableScroll } from '../../tools-common/tool-view';

type Source = 'hypotheses' | 'event';
export interface DiscriminatorsForm {
  source: Source;
  /** One hypothesis per line. */
  hypotheses: string;
  mode: 'competing' | 'joint';
  eventId: string;
}
const initialForm = (): DiscriminatorsForm => ({
  source: 'hypotheses',
  hypotheses: '',
  mode: 'competing',
  eventId: '',
});

const fail = (problem: string): Built => ({ input: null, problem });
export const MAX_HYPOTHESIS = 500;

/**
 * The service takes the hypotheses as one text separated by vertical bars, so one containing
 * "|" would be split into two: refused here, as is one over 500 characters.
 */
export function buildDiscriminators(form: DiscriminatorsForm): Built {
  if (form.source === 'event') {
    const id = Number(form.eventId.trim());
    if (!form.eventId.trim() || !Number.isInteger(id) || id < 0)
      return fail('Give the event’s id (a whole number) whose standing claims to weigh.');
    return { input: { tool: 'discriminators', params: { event_id: id, mode: 'joint' } }, problem: null };
  }
  const hs = form.hypotheses
    .split('\n')
    .map((h) => h.trim())
    .filter(Boolean);
  const bar = hs.findIndex((h) => h.includes('|'));
  if (bar >= 0)
    return fail(
      `Hypothesis ${bar + 1} contains “|”, which the service uses to separate hypotheses: reword it without one.`,
    );
  const long = hs.findIndex((h) => h.length > MAX_HYPOTHESIS);
  if (long >= 0)
    return fail(
      `Hypothesis ${long + 1} is ${hs[long]!.length} characters; each is at most ${MAX_HYPOTHESIS}.`,
    );
  if (hs.length < 2 || hs.length > 8)
    return fail(`Give two to eight hypotheses, one per line (${hs.length} given).`);
  return { input: { tool: 'discriminators', params: { hypotheses: hs, mode: form.mode } }, problem: null };
}

export function summarizeDiscriminators(p: ToolParams<'discriminators'>): string {
  if (p.event_id !== undefined) return `event ${p.event_id} · joint`;
  const hs = p.hypotheses ?? [];
  return `${hs.length} hypotheses · ${p.mode ?? 'competing'} · ${hs.map((h) => (h.length > 40 ? `${h.slice(0, 40)}…` : h)).join(' / ')}`;
}

const formOf = (p: ToolParams<'discriminators'>): DiscriminatorsForm =>
  p.event_id !== undefined
    ? { source: 'event', hypotheses: '', mode: 'joint', eventId: String(p.event_id) }
    : {
        source: 'hypotheses',
        hypotheses: (p.hypotheses ?? []).join('\n'),
        mode: p.mode ?? 'competing',
        eventId: '',
      };

function DiscriminatorsFields({
  form,
  set,
}: {
  form: DiscriminatorsForm;
  set: (c: Partial<DiscriminatorsForm>) => void;
}) {
  const event = form.source === 'event';
  return (
    <form className="tool-form" aria-label="Discriminators" onSubmit={(e) => e.preventDefault()}>
      <fieldset>
        <legend>What to weigh</legend>
        <label className="tool-check">
          <input
            type="radio"
            name="disc-source"
            checked={!event}
            onChange={() => set({ source: 'hypotheses' })}
          />
          Hypotheses I write
        </label>
        <label className="tool-check">
          <input type="radio" name="disc-source" checked={event} onChange={() => set({ source: 'event' })} />
          An event’s standing claims
        </label>
        {event ? (
          <>
            <Field label="Event id" value={form.eventId} onChange={(eventId) => set({ eventId })} />
            <p className="muted">An event’s claims are always weighed jointly.</p>
          </>
        ) : (
          <>
            <label className="tool-field">
              <span>Hypotheses (one per line, 2–8)</span>
              <textarea
                value={form.hypotheses}
                onChange={(e) => set({ hypotheses: e.target.value })}
                placeholder={'The strike hit the depot\nThe fire was an accident'}
              />
            </label>
            <div role="radiogroup" aria-label="Mode">
              <label className="tool-check">
                <input
                  type="radio"
                  name="disc-mode"
                  checked={form.mode === 'competing'}
                  onChange={() => set({ mode: 'competing' })}
                />
                Competing (which one holds)
              </label>
              <label className="tool-check">
                <input
                  type="radio"
                  name="disc-mode"
                  checked={form.mode === 'joint'}
                  onChange={() => set({ mode: 'joint' })}
                />
                Joint (which hold together)
              </label>
            </div>
          </>
        )}
      </fieldset>
    </form>
  );
}

const words = (v: string | null | undefined) => (v ? v.replace(/_/g, ' ') : '—');

function DiscriminatorsAnswer({ answer }: { answer: StoredAnswerOf<'discriminators'> }) {
  const a = answer.answer;
  if (!a) return null;
  const hs = answer.request.hypotheses ?? [];
  return (
    <div data-testid="discriminators-answer">
      <p>
        {a.meta.hypothesis_count ?? hs.length} hypotheses weighed {a.meta.mode ?? answer.request.mode ?? ''}
        {a.meta.source ? ` (source: ${words(a.meta.source)})` : ''}
      </p>
      {hs.length > 0 && (
        <ol className="muted" aria-label="Hypotheses as sent">
          {hs.map((h, i) => (
            <li key={i}>
              <span className="mono">h{i + 1}</span> {h}
            </li>
          ))}
        </ol>
      )}
      {a.best && (
        <p data-testid="discriminators-best">
          Best observation: <strong>{a.best.label ?? '—'}</strong> ({words(a.best.verdict)})
          {a.best.refutes_if_absent?.length
            ? ` · refutes ${a.best.refutes_if_absent.join(', ')} if absent`
            : ''}
          {typeof a.best.max_elimination === 'number'
            ? ` · eliminates at most ${a.best.max_elimination}`
            : ''}
          {a.best.data_sources?.length ? ` · from ${a.best.data_sources.map(String).join(', ')}` : ''}
        </p>
      )}
      <TableScroll label="Observables">
        <table className="dense" aria-label="Observables">
          <thead>
            <tr>
              <th scope="col">Observable</th>
              <th scope="col">Verdict</th>
              <th scope="col">Availability</th>
              <th scope="col">How to obtain</th>
              <th scope="col">Cannot establish</th>
            </tr>
          </thead>
          <tbody>
            {a.discriminators.map((d, i) => (
              <tr key={`${d.label}-${i}`}>
                <td>{d.label ?? '—'}</td>
                <td>{words(d.verdict)}</td>
                <td>{d.availability ?? '—'}</td>
                <td>{d.how_to_obtain ?? '—'}</td>
                <td>{d.cannot_establish ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      {a.no_diagnostic_value?.length ? (
        <p className="muted">
          No diagnostic value:{' '}
          {a.no_diagnostic_value
            .map(
              (n) =>
                `${n.label ?? '—'} (${typeof n.max_elimination === 'number' ? `eliminates ${n.max_elimination}` : 'elimination not stated'})`,
            )
            .join(', ')}
        </p>
      ) : null}
      {a.note && (
        <p>
          The service’s note: <q>{a.note}</q>
        </p>
      )}
    </div>
  );
}

export const discriminatorsTool = defineTool({
  tool: 'discriminators',
  title: 'Discriminators',
  testId: 'discriminators-view',
  what: 'discriminators between hypotheses',
  alternateOnly: {
    title: 'This service has no discriminators',
    body: 'Weighing hypotheses against the observations that would tell them apart is a feature of the alternate profile’s service. This service (the main profile) offers none, so there is nothing to ask here.',
  },
  empty: 'Weigh hypotheses, or choose a stored answer in the history below (stored answers read offline).',
  initialForm,
  Form: DiscriminatorsFields,
  build: buildDiscriminators,
  summarize: summarizeDiscriminators,
  formOf,
  Answer: DiscriminatorsAnswer,
});
export const useDiscriminatorsState = discriminatorsTool.useStore;
export const DiscriminatorsView = discriminatorsTool.View;
