// Refine location (issue 14, alternate profile), in the inspector of a selected signal: asks
// the service to place the event more precisely from its sources (POST
// /signals/{id}/refine-location). Priced 3–29 tokens, charged only if the location improves (0
// when not): the cost line says so before, and after it the place before and after (granularity
// and uncertainty), the evidence, and what was charged. The latest stored refinement of this
// signal is shown from the cache, so offline too.
import type { StoredAnswerOf } from '../../../../shared/contract';
import { useToolsHistory } from '../../data';
import { RunBar, useToolRunner } from '../../tools-common/run-bar';
import { Group } from '../../ui/fields';
import type { SlotProps } from '../../ui/slots';
import { StoredMarks } from '../../tools-common/tool-view';
import { formatTokens } from '../../../../shared/tool-prices';

type Fix = {
  granularity?: string | null;
  uncertainty_m?: number | null;
  footprint_kind?: string | null;
} | null;

const distance = (m: number | null | undefined) =>
  typeof m !== 'number' ? 'not given' : m >= 1000 ? `±${Math.round(m / 100) / 10} km` : `±${m} m`;
const place = (f: Fix | undefined) =>
  f
    ? `${f.granularity?.replace(/_/g, ' ') ?? 'not given'} · ${distance(f.uncertainty_m)}${f.footprint_kind ? ` · ${f.footprint_kind.replace(/_/g, ' ')}` : ''}`
    : 'not given';

function Refinement({ answer }: { answer: StoredAnswerOf<'refine.location'> }) {
  const charged = answer.charged ?? answer.answer?.result.tokens?.charged ?? null;
  if (answer.status === 'failed')
    return (
      <div data-testid="refine-answer">
        <StoredMarks answer={answer} />
        <p role="alert">The service refused: {answer.error?.message}</p>
      </div>
    );
  const r = answer.answer?.result;
  if (!r) return null;
  return (
    <div data-testid="refine-answer" data-improved={r.improved}>
      <StoredMarks answer={answer} />
      <p>
        <strong>{r.improved ? 'Located more precisely' : 'Not improved'}</strong>
        {answer.answer?.summary ? ` — ${answer.answer.summary}` : ''}
      </p>
      <dl className="facts">
        <div className="fact">
          <dt>Before</dt>
          <dd data-testid="refine-before">{place(r.before)}</dd>
        </div>
        <div className="fact">
          <dt>After</dt>
          <dd data-testid="refine-after">{place(r.after)}</dd>
        </div>
        <div className="fact">
          <dt>Charged</dt>
          <dd data-testid="refine-charged">
            {charged === null ? 'nothing stated' : formatTokens(charged)}
            {typeof r.tokens?.maximum_possible === 'number' ? ` (at most ${r.tokens.maximum_possible})` : ''}
          </dd>
        </div>
      </dl>
      {r.evidence && r.evidence.length > 0 ? (
        <ul aria-label="Evidence">
          {r.evidence.map((e, i) => (
            <li key={`${e.url}-${i}`}>
              {e.place_named ? `“${e.place_named}”` : 'a place'} named by {e.publisher ?? 'a source'}
              {e.origin ? ` (${e.origin})` : ''}
              {e.url && <div className="muted mono">{e.url}</div>}
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">No evidence of a finer place.</p>
      )}
    </div>
  );
}

/** The panel for one alternate signal (its integer id). */
export function RefineLocation({ signalId }: { signalId: number }) {
  const runner = useToolRunner('refine location', () => undefined);
  const history = useToolsHistory({ tool: 'refine.location', limit: 200 });
  const latest = history.data?.answers.find(
    (a): a is StoredAnswerOf<'refine.location'> => a.tool === 'refine.location' && a.request.id === signalId,
  );
  return (
    <Group
      title="Refine location"
      testId="refine-location"
      note="Charged only if the location improves; nothing when it does not."
    >
      <RunBar
        title="refine location"
        input={{ tool: 'refine.location', params: { id: signalId } }}
        problem={null}
        runner={runner}
        threshold={false}
      />
      {latest && <Refinement answer={latest} />}
    </Group>
  );
}

/** The inspector's section (slot `signal.sections`): the alternate profile's ids are integers. */
export function RefineSection({ signalId, main }: SlotProps['signal.sections']) {
  if (main || !Number.isInteger(Number(signalId))) return null;
  return <RefineLocation signalId={Number(signalId)} />;
}
