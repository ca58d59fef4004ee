// The line above a stored registry answer: its marks (demo, when it was asked, what the plan
// withholds), what was asked and what it charged; then the service's clamps, where the answer
// is shown; a refusal in the service's words instead of the answer.
import type { ReactNode } from 'react';
import type { StoredAnswer } from '../../../../shared/contract';
import { summarize } from './registry-params';
import { formatTokens } from '../../../../shared/tool-prices';
import { StoredMarks, StoredOutcome } from '../../tools-common/tool-view';

export function StoredFrame({
  answer,
  label,
  title,
  children,
}: {
  answer: StoredAnswer;
  /** The region's name. */
  label: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <section className="registry-stored" aria-label={label}>
      <h2 className="section-title">{title}</h2>
      <p className="view-line">
        <StoredMarks answer={answer} />
        <span className="muted"> {summarize(answer)}</span>
        {answer.charged !== null && (
          <span className="muted" data-testid="answer-charged">
            {' '}
            · charged {formatTokens(answer.charged)}
          </span>
        )}
      </p>
      <StoredOutcome answer={answer}>{children}</StoredOutcome>
    </section>
  );
}
