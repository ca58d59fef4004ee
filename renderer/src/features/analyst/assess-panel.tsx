// Assessment (POST /assess, quick 5 / deep 15 tokens): what the service's model says of one
// event — a summary, how observable it is from orbit, the sensors it recommends — and its
// imagery handoff: the exact /imagery inputs, which "Search imagery with these parameters"
// puts in the Imagery form unchanged. An answer the service had cached says so: it is not
// charged again. Reached from the Analyst view and from the inspector's "Assess…".
import type { Profile, StoredAnswerOf, ToolParams } from '../../../../shared/contract';
import { describePrice, formatTokens, priceOfCall } from '../../../../shared/tool-prices';
import { useAppInfo } from '../../data';
import { useSelection } from '../../state/selection';
import { useViewState } from '../../state/view-state';
import { formOfHandoff, useImageryHandoff } from '../../state/imagery-handoff';
import { toolRun, type Built } from '../../tools-common/define-tool';
import { RadioField } from '../../tools-common/tool-view';
import { useAnalystState, type AssessKind } from './analyst-state';

/** The event id as the profile's service takes it: an integer on the alternate profile. */
export function eventIdFor(text: string, profile: Profile): string | number {
  const t = text.trim();
  return profile === 'alternate' && /^\d+$/.test(t) ? Number(t) : t;
}

export const summarizeAssess = (r: ToolParams<'assess'>): string =>
  `${r.kind ?? 'quick'} · event ${r.eventId}`;

const words = (v: string) => v.replace(/_/g, ' ');

function AssessmentAnswer({ answer }: { answer: StoredAnswerOf<'assess'> }) {
  const setView = useViewState((s) => s.setView);
  const give = useImageryHandoff((s) => s.give);
  const label = useAnalystState((s) => s.assessLabel);
  const a = answer.answer;
  const content = a?.content ?? null;
  const context = a?.context ?? null;
  const handoff = context?.imagery_handoff ?? null;
  const params = handoff?.parameters ?? null;
  const shown = (v: unknown) =>
    v === null || v === undefined ? '—' : Array.isArray(v) ? v.join(', ') : String(v);
  if (!a) return null;
  return (
    <>
      <p data-testid="assess-charge">
        {a.cached
          ? 'The service had this assessment cached: not charged again.'
          : answer.charged === null
            ? 'The service stated no charge.'
            : `Charged ${formatTokens(answer.charged)}.`}
      </p>
      <dl className="assess-facts">
        <dt>Summary</dt>
        <dd data-testid="assess-summary">{content?.summary ?? '—'}</dd>
        <dt>Observability</dt>
        <dd>{content?.observability !== undefined ? shown(content?.observability) : '—'}</dd>
        <dt>Recommended sensors</dt>
        <dd>{content?.recommendedSensors?.length ? content.recommendedSensors.join(', ') : '—'}</dd>
        {context?.target && (
          <>
            <dt>Target</dt>
            <dd>{context.target}</dd>
          </>
        )}
        {context?.quality_status && (
          <>
            <dt>Quality</dt>
            <dd>{words(context.quality_status)}</dd>
          </>
        )}
      </dl>
      {handoff && (
        <section aria-label="Imagery handoff">
          <h3 className="section-title">Imagery handoff</h3>
          {params ? (
            <dl className="assess-facts" data-testid="handoff-parameters">
              <dt>Box</dt>
              <dd>{shown(params.bbox)}</dd>
              <dt>Event date</dt>
              <dd>{shown(params.eventDate)}</dd>
              <dt>Event point</dt>
              <dd>{shown(params.eventPoint)}</dd>
              <dt>Event AOI</dt>
              <dd>{shown(params.eventAoi)}</dd>
              <dt>Event time</dt>
              <dd>{shown(params.eventTimestamp)}</dd>
            </dl>
          ) : (
            <p className="muted">The handoff names no parameters.</p>
          )}
          {handoff.missing_parameters && handoff.missing_parameters.length > 0 && (
            <ul className="muted">
              {handoff.missing_parameters.map((m, i) => (
                <li key={i}>
                  Missing {m.field ?? 'a parameter'}
                  {m.reason ? `: ${m.reason}` : ''}
                </li>
              ))}
            </ul>
          )}
          {params && (
            <p>
              <button
                type="button"
                onClick={() => {
                  const title = label ?? `event ${answer.request.eventId}`;
                  give(`${title} (via its assessment's imagery handoff)`, {
                    ...formOfHandoff(params),
                    ...(params.bbox ? { bboxFrom: `The assessment's imagery handoff: ${title}` } : {}),
                  });
                  setView('imagery');
                }}
              >
                Search imagery with these parameters
              </button>
            </p>
          )}
        </section>
      )}
    </>
  );
}

function AssessFields() {
  const selection = useSelection((s) => s.selection);
  const eventText = useAnalystState((s) => s.assessEvent);
  const label = useAnalystState((s) => s.assessLabel);
  const kind = useAnalystState((s) => s.assessKind);
  const setKind = useAnalystState((s) => s.setAssessKind);
  const assessEventOf = useAnalystState((s) => s.assessEventOf);
  const selectedSignal =
    selection && (selection.kind === 'signal' || selection.kind === 'event') ? selection : null;
  return (
    <form className="tool-form assess-form" aria-label="Assessment" onSubmit={(e) => e.preventDefault()}>
      <label className="tool-field">
        <span>Event id</span>
        <input
          type="text"
          value={eventText}
          onChange={(e) => assessEventOf(e.target.value, null)}
          placeholder="the signal's id"
        />
      </label>
      {label && <p className="muted">The event: {label}</p>}
      {selectedSignal && selectedSignal.id !== eventText && (
        <p>
          <button
            type="button"
            className="ghost"
            onClick={() => assessEventOf(selectedSignal.id, selectedSignal.label ?? null)}
          >
            Use the selected signal
          </button>
        </p>
      )}
      <RadioField
        legend="Kind"
        name="assess-kind"
        value={kind}
        options={(['quick', 'deep'] as AssessKind[]).map((k) => ({
          value: k,
          label: `${k === 'quick' ? 'Quick' : 'Deep'} (${describePrice(priceOfCall('assess', { kind: k }))})`,
        }))}
        onChange={setKind}
      />
      <p className="muted">An assessment the service already made is not charged again.</p>
    </form>
  );
}

export function buildAssess(eventText: string, kind: AssessKind, profile: Profile | null): Built {
  if (!profile || !eventText.trim())
    return { input: null, problem: 'Give the event to assess: select a signal, or type its id.' };
  return {
    input: { tool: 'assess', params: { eventId: eventIdFor(eventText, profile), kind } },
    problem: null,
  };
}

const state = () => useAnalystState.getState();

/** The assessment, a run of the Analyst view (its own region in the side pane). */
export const assessRun = toolRun({
  tool: 'assess',
  name: 'assessment',
  title: 'Assessment',
  heading: 'Assessment',
  section: 'Assess an event',
  place: 'side',
  threshold: false,
  Form: AssessFields,
  useBuilt: () =>
    buildAssess(
      useAnalystState((s) => s.assessEvent),
      useAnalystState((s) => s.assessKind),
      useAppInfo().data?.profile ?? null,
    ),
  useChosen: () => useAnalystState((s) => s.assessId),
  choose: (id) => state().chooseAssessment(id),
  summarize: summarizeAssess,
  Answer: AssessmentAnswer,
});
