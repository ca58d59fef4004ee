// What became of a lookup asked from a row (an entity's history, its linked signals): the
// refusal in the service's words, or what it charged. The Run bar says this for the search.
import type { ToolRunner } from '../../tools-common/run-bar';
import { formatTokens } from '../../../../shared/tool-prices';

export function LookupOutcome({ runner, testId }: { runner: ToolRunner; testId: string }) {
  const { error, last, pending } = runner;
  return (
    <div aria-live="polite" data-testid={testId}>
      {pending && <p className="muted">Asking the service…</p>}
      {!pending && error && (
        <p role="alert" className="warn">
          Not asked: {error.message}
        </p>
      )}
      {!pending && !error && last?.status === 'failed' && last.error && (
        <p role="alert" className="warn">
          The service refused ({last.error.status ?? last.error.code}): {last.error.message}
        </p>
      )}
      {!pending && !error && last && last.status !== 'failed' && (
        <p className="muted">
          {last.charged === null ? 'Charged nothing' : `Charged ${formatTokens(last.charged)}`}
          {last.remaining !== null ? ` · ${last.remaining} left` : ''}
        </p>
      )}
      {runner.dialog}
    </div>
  );
}
