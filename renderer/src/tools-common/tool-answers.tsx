// One tool's stored answers in a view: the chosen one (or what to do when none is), then every
// stored one in its history with "Run again". The narrowing of a stored answer to this tool's
// request and answer is done here once, so a view gives only its own summary, body and form.
import type { ReactNode } from 'react';
import type { StoredAnswer, StoredAnswerOf, ToolName } from '../../../shared/contract';
import { ToolHistory } from './tool-history';
import { StoredAnswerPanel } from './tool-view';

export function ToolAnswers<K extends ToolName, R = StoredAnswerOf<K>['request']>({
  tool,
  title,
  label,
  empty,
  chosenId,
  summarize,
  render,
  onChoose,
  onRunAgain,
}: {
  tool: K;
  /** The history's name ("Claims" → "Claims history"). */
  title: string;
  /** The shown answer's region name ("Claims answer"). */
  label: string;
  /** What to do when no answer is chosen. */
  empty: string;
  chosenId: string | null;
  /** One line for a stored request. */
  summarize: (request: R) => string;
  render: (answer: StoredAnswerOf<K>) => ReactNode;
  onChoose: (id: string) => void;
  /** Fills the form from the stored request and asks the service again. */
  onRunAgain: (request: R) => void;
}) {
  // This tool's answer, or null. (TypeScript cannot narrow the union by a generic tool name;
  // the check on `tool` is what makes the cast true.)
  const mine = (a: StoredAnswer) => (a.tool === tool ? (a as StoredAnswerOf<K>) : null);
  const summary = (a: StoredAnswer) => {
    const m = mine(a);
    return m ? summarize(m.request as R) : a.tool;
  };
  return (
    <>
      <StoredAnswerPanel id={chosenId} label={label} empty={empty} summary={summary}>
        {(a) => {
          const m = mine(a);
          return m ? render(m) : null;
        }}
      </StoredAnswerPanel>
      <ToolHistory
        tool={tool}
        title={title}
        chosenId={chosenId}
        summary={summary}
        onChoose={(a) => onChoose(a.id)}
        onRunAgain={(a) => {
          const m = mine(a);
          if (m) onRunAgain(m.request as R);
        }}
      />
    </>
  );
}
