// Analyst (POST /analyst, 5–123 tokens fast, up to 415 deep): a question of at most 500
// characters put to the service's analyst. A quick answer (200) is shown at once; a longer run
// (202) is a job main polls (free) and writes to the cache, so its progress shows here as it
// moves, and a restart does not lose it (main follows it again when the account opens). The
// findings name events: choosing one selects it everywhere. Every run is kept in the history,
// readable offline. The assessment panel sits beside it.
import './analyst.css';
import type { StoredAnswerOf, ToolParams } from '../../../../shared/contract';
import type { AnalystBrief } from '../../../../shared/service/common';
import { describePrice, TOOL_PRICES } from '../../../../shared/tool-prices';
import { useSignal } from '../../data';
import { signalOf, text } from '../../data/records';
import { useSelection } from '../../state/selection';
import { formatUtc } from '../../ui/time';
import { defineToolView, toolRun, type Built } from '../../tools-common/define-tool';
import { RadioField } from '../../tools-common/tool-view';
import { useAnalystState, type AnalystMode } from './analyst-state';
import { assessRun } from './assess-panel';

/** The service's limit on a question (POST /analyst), refused here before anything is sent. */
export const QUESTION_MAX = 500;

const clip = (s: string, n = 80) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

export const summarizeQuestion = (r: ToolParams<'analyst'>): string =>
  `${r.mode ?? 'fast'} · “${clip(r.question)}”`;

export function buildQuestion(question: string, mode: AnalystMode): Built {
  const text = question.trim();
  if (!text) return { input: null, problem: 'Type a question.' };
  if (question.length > QUESTION_MAX)
    return {
      input: null,
      problem: `The question is ${question.length} characters; the service takes at most ${QUESTION_MAX}. Shorten it to ask.`,
    };
  return { input: { tool: 'analyst', params: { question: text, mode } }, problem: null };
}

/**
 * The event a finding names, by its title from the cache (choosing it selects it everywhere);
 * an event the cache does not hold yet is named by a short id, said to be not cached.
 */
function FindingEvent({ id, rationale }: { id: string; rationale: string | null }) {
  const select = useSelection((s) => s.select);
  const cached = useSignal(id);
  const title = cached.data ? text(signalOf(cached.data).record.title) : null;
  const short = id.length > 12 ? `${id.slice(0, 8)}…` : id;
  const label = title ?? `Event ${short}`;
  return (
    <>
      <button
        type="button"
        className="ghost"
        title={`Event ${id}`}
        data-testid="finding-event"
        onClick={() =>
          select({ kind: 'signal', id, label: title ?? rationale ?? `Event ${id}`, from: 'analyst' })
        }
      >
        {cached.isPending ? `Event ${short}` : label}
      </button>
      {cached.error && <span className="muted"> (not cached yet: a sync may bring it)</span>}
    </>
  );
}

function Findings({ brief }: { brief: AnalystBrief }) {
  const findings = brief.findings ?? [];
  if (findings.length === 0) return null;
  return (
    <section aria-label="Findings">
      <h3 className="section-title">Findings</h3>
      <ol className="analyst-findings">
        {findings.map((f, i) => {
          // main profile: event_id (uuid); alternate: global_event_id (integer).
          const id =
            f.event_id ??
            (f.global_event_id !== undefined && f.global_event_id !== null
              ? String(f.global_event_id)
              : null);
          return (
            <li key={i}>
              {id ? (
                <FindingEvent id={id} rationale={f.rationale ?? null} />
              ) : (
                <span className="muted">(no event named)</span>
              )}
              {f.recommended_sensor && <> · recommends {f.recommended_sensor}</>}
              {f.rationale && <span className="muted"> — {f.rationale}</span>}
            </li>
          );
        })}
      </ol>
    </section>
  );
}

function JobProgress({ answer }: { answer: StoredAnswerOf<'analyst'> }) {
  const job = answer.job;
  if (!job) return null;
  const running = answer.status === 'running';
  const steps =
    job.completed !== null && job.total !== null ? `step ${job.completed} of ${job.total}` : 'steps unknown';
  return (
    <div role="status" data-testid="analyst-job" data-status={answer.status}>
      <p>
        {running ? 'Job running on the service' : answer.status === 'done' ? 'Job finished' : 'Job failed'}
        {' · '}
        <span className="mono">{job.jobId}</span>
        {job.stage ? ` · ${job.stage}` : ''} · {steps}
        {job.polledAt ? ` · last asked ${formatUtc(job.polledAt)}` : ' · not asked yet'}
      </p>
      {running && job.total !== null && job.completed !== null && (
        <progress aria-label="Analyst job progress" max={job.total} value={job.completed} />
      )}
      {running && (
        <p className="muted">
          Main follows it, also after a restart; the answer appears here when it is done.
        </p>
      )}
    </div>
  );
}

function AnalystAnswer({ answer }: { answer: StoredAnswerOf<'analyst'> }) {
  const brief = answer.answer?.brief ?? null;
  const assessment = brief?.assessment;
  if (!brief) return <p className="muted">The answer holds no brief.</p>;
  return (
    <article data-testid="analyst-brief">
      {brief.summary && <p>{brief.summary}</p>}
      <Findings brief={brief} />
      {assessment && (
        <p>
          <strong>Assessment:</strong>{' '}
          {typeof assessment === 'string' ? assessment : JSON.stringify(assessment)}
        </p>
      )}
      {brief.citations && brief.citations.length > 0 && (
        <section aria-label="Citations">
          <h3 className="section-title">Citations</h3>
          <ul>
            {brief.citations.map((c) => (
              <li key={c} className="mono">
                {c}
              </li>
            ))}
          </ul>
        </section>
      )}
    </article>
  );
}

function QuestionForm() {
  const question = useAnalystState((s) => s.question);
  const setQuestion = useAnalystState((s) => s.setQuestion);
  const mode = useAnalystState((s) => s.mode);
  const setMode = useAnalystState((s) => s.setMode);
  const over = question.length > QUESTION_MAX;
  return (
    <form className="analyst-form" aria-label="Ask the analyst" onSubmit={(e) => e.preventDefault()}>
      <label htmlFor="analyst-question">Question</label>
      <textarea
        id="analyst-question"
        value={question}
        aria-describedby="analyst-counter"
        aria-invalid={over}
        onChange={(e) => setQuestion(e.target.value)}
      />
      <p
        id="analyst-counter"
        className="analyst-counter muted"
        data-over={over}
        data-testid="analyst-counter"
      >
        {question.length} / {QUESTION_MAX} characters
      </p>
      <RadioField
        legend="Mode"
        name="analyst-mode"
        value={mode}
        options={[
          { value: 'fast', label: 'Fast' },
          { value: 'deep', label: 'Deep' },
        ]}
        onChange={setMode}
      />
      <p className="muted" data-testid="analyst-price">
        Documented price: {describePrice(TOOL_PRICES.analyst)}; charged when the answer is complete.
      </p>
    </form>
  );
}

const state = () => useAnalystState.getState();

export const AnalystView = defineToolView({
  testId: 'analyst-view',
  className: 'analyst-view',
  what: 'an answer of its analyst',
  runs: [
    toolRun({
      tool: 'analyst',
      name: 'analyst question',
      title: 'Analyst',
      heading: 'Ask the analyst',
      empty: 'Ask a question, or choose a stored one in the history below (stored answers read offline).',
      Form: QuestionForm,
      useBuilt: () =>
        buildQuestion(
          useAnalystState((s) => s.question),
          useAnalystState((s) => s.mode),
        ),
      useChosen: () => useAnalystState((s) => s.chosenId),
      choose: (id) => state().choose(id),
      summarize: summarizeQuestion,
      refill: (request) => {
        state().setQuestion(request.question);
        state().setMode(request.mode ?? 'fast');
      },
      Lead: JobProgress,
      Answer: AnalystAnswer,
    }),
    assessRun,
  ],
});
