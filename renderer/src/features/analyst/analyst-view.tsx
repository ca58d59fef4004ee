// Analyst (POST /analyst, 5–123 tokens fast, up to 415 deep): a question of at most 500
// characters put to the service's analyst. A quick answer (200) is shown at once; a longer run
// (202) is a job main polls (free) and writes to the cache, so its progress shows here as it
// moves, and a restart does not lose it (main follows it again when the account opens). The
// findings name events: choosing one selects it everywhere. Every run is kept in the history,
// readable offline. The assessment panel sits beside it.
import './analyst.css';
import type { StoredAnswerOf } from '../../../../shared/contract';
import type { AnalystBrief } from '../../../../shared/service/common';
import { describePrice, formatTokens, TOOL_PRICES } from '../../../../shared/tool-prices';
import { useAppInfo, useToolAnswer } from '../../data';
import { useSelection } from '../../state/selection';
import { ClampBanner } from '../../ui/answer-marks';
import { EmptyState } from '../../ui/empty-state';
import { formatUtc } from '../../ui/time';
import { RunBar, useToolRunner } from '../../tools-common/run-bar';
import { ToolHistory } from '../../tools-common/tool-history';
import { useAnalystState, type AnalystMode } from './analyst-state';
import { AssessPanel } from './assess-panel';
import { StoredMarks } from '../../tools-common/tool-view';

/** The service's limit on a question (POST /analyst), refused here before anything is sent. */
export const QUESTION_MAX = 500;

const clip = (s: string, n = 80) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

export function summarizeQuestion(a: { tool: string; request: unknown }): string {
  if (a.tool !== 'analyst') return a.tool;
  const r = a.request as { question: string; mode?: AnalystMode };
  return `${r.mode ?? 'fast'} · “${clip(r.question)}”`;
}

function Findings({ brief }: { brief: AnalystBrief }) {
  const select = useSelection((s) => s.select);
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
                <button
                  type="button"
                  className="ghost mono"
                  aria-label={`Select the event ${id}`}
                  onClick={() =>
                    select({ kind: 'signal', id, label: f.rationale ?? `Event ${id}`, from: 'analyst' })
                  }
                >
                  {id}
                </button>
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

function StoredAnalyst({ answer }: { answer: StoredAnswerOf<'analyst'> }) {
  const brief = answer.answer?.brief ?? null;
  const assessment = brief?.assessment;
  return (
    <section className="analyst-stored" aria-label="Analyst answer">
      <p className="answer-line">
        <StoredMarks answer={answer} />
        <span className="muted">{summarizeQuestion(answer)}</span>
        {/* A running job is charged on completion: what the 202 stated is not its price. */}
        {answer.status === 'running' ? (
          <span className="muted">· charged when the job completes</span>
        ) : (
          answer.charged !== null && <span className="muted">· charged {formatTokens(answer.charged)}</span>
        )}
      </p>
      <ClampBanner clamps={answer.clamps} />
      <JobProgress answer={answer} />
      {answer.status === 'failed' ? (
        <EmptyState tone="error" title="The service refused this question">
          <p>{answer.error?.message}</p>
        </EmptyState>
      ) : brief ? (
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
      ) : answer.status === 'done' ? (
        <p className="muted">The answer holds no brief.</p>
      ) : null}
    </section>
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
      <fieldset>
        <legend>Mode</legend>
        {(['fast', 'deep'] as AnalystMode[]).map((m) => (
          <label key={m}>
            <input
              type="radio"
              name="analyst-mode"
              value={m}
              checked={mode === m}
              onChange={() => setMode(m)}
            />{' '}
            {m === 'fast' ? 'Fast' : 'Deep'}
          </label>
        ))}
      </fieldset>
      <p className="muted" data-testid="analyst-price">
        Documented price: {describePrice(TOOL_PRICES.analyst)}; charged when the answer is complete.
      </p>
    </form>
  );
}

export function AnalystView() {
  const info = useAppInfo().data;
  const question = useAnalystState((s) => s.question);
  const mode = useAnalystState((s) => s.mode);
  const setQuestion = useAnalystState((s) => s.setQuestion);
  const setMode = useAnalystState((s) => s.setMode);
  const chosenId = useAnalystState((s) => s.chosenId);
  const choose = useAnalystState((s) => s.choose);
  const runner = useToolRunner('analyst question', (a) => choose(a.id));
  const chosen = useToolAnswer(chosenId);

  if (!info?.profile)
    return (
      <div className="list-view analyst-view" data-testid="analyst-view">
        <EmptyState title="No service yet">
          <p>Connect a service (or use demo mode) to ask its analyst.</p>
        </EmptyState>
      </div>
    );
  const text = question.trim();
  const problem = !text
    ? 'Type a question.'
    : question.length > QUESTION_MAX
      ? `The question is ${question.length} characters; the service takes at most ${QUESTION_MAX}. Shorten it to ask.`
      : null;
  const input = problem ? null : ({ tool: 'analyst', params: { question: text, mode } } as const);
  return (
    <div className="list-view analyst-view" data-testid="analyst-view">
      <div className="tool-layout analyst-layout">
        <div className="tool-side">
          <h2 className="section-title">Ask the analyst</h2>
          <QuestionForm />
          <RunBar title="analyst question" input={input} problem={problem} runner={runner} />
          <AssessPanel />
        </div>
        <div className="tool-main">
          {!chosenId ? (
            <EmptyState title="No answer shown">
              <p>
                Ask a question, or choose a stored one in the history below (stored answers read offline).
              </p>
            </EmptyState>
          ) : chosen.error ? (
            <EmptyState tone="error" title="The stored answer could not be read">
              <p>{chosen.error.message}</p>
            </EmptyState>
          ) : !chosen.data ? (
            <EmptyState tone="loading" title="Reading the stored answer…" />
          ) : chosen.data.tool === 'analyst' ? (
            <StoredAnalyst answer={chosen.data} />
          ) : null}
          <ToolHistory
            tool="analyst"
            title="Analyst"
            chosenId={chosenId}
            summary={summarizeQuestion}
            onChoose={(a) => choose(a.id)}
            onRunAgain={(a) => {
              if (a.tool !== 'analyst') return;
              setQuestion(a.request.question);
              setMode(a.request.mode ?? 'fast');
              runner.start({ tool: 'analyst', params: a.request });
            }}
          />
        </div>
      </div>
    </div>
  );
}
