// The cost panel every online tool shows around its Run button (issue 14): before the call, what
// it costs in the documented words and how many tokens are left (as of when the service last
// said); a call whose price may exceed the analyst's threshold asks first in a dialog; after it,
// what it charged or the service's refusal in its own words. The threshold is set here too and
// kept in the account's cache (tools.configure).
import './tools-common.css';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { StoredAnswer, ToolName, ToolRunInput } from '../../../shared/contract';
import { formatCount } from '../../../shared/count';
import { describePrice, formatTokens, needsConfirmation, priceOfCall } from '../../../shared/tool-prices';
import { useToolsConfigure, useToolsRun, useToolsWallet } from '../data';
import { TokenMeter } from '../ui/token-meter';

/** "Costs: 2 tokens · 98 tokens left (as of …) · 136 spent today" (the one token meter). */
export function CostLine({ tool, params }: { tool: ToolName; params: Record<string, unknown> }) {
  return (
    <p className="cost-line" data-testid="cost-line">
      Costs: <strong>{describePrice(priceOfCall(tool, params))}</strong> · <TokenMeter asOf />
    </p>
  );
}

function ConfirmDialog({
  title,
  price,
  threshold,
  onConfirm,
  onCancel,
}: {
  title: string;
  price: string;
  threshold: number;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (d && !d.open) d.showModal?.();
  }, []);
  return (
    <dialog ref={ref} className="sheet" aria-labelledby="confirm-spend-title" onClose={onCancel}>
      <header className="sheet-header">
        <h2 id="confirm-spend-title">Confirm spending tokens</h2>
      </header>
      <p>
        {title} costs <strong>{price}</strong>, which may be more than your threshold of{' '}
        {formatTokens(threshold)}.
      </p>
      <p className="sheet-actions">
        <button type="button" onClick={onConfirm}>
          Spend the tokens
        </button>{' '}
        <button type="button" className="ghost" onClick={onCancel}>
          Cancel
        </button>
      </p>
    </dialog>
  );
}

function Threshold({ value }: { value: number }) {
  const configure = useToolsConfigure();
  const [text, setText] = useState(String(value));
  useEffect(() => setText(String(value)), [value]);
  const save = () => {
    const n = Math.round(Number(text));
    if (Number.isFinite(n) && n >= 0 && n !== value) configure.mutate({ confirmAbove: n });
    else setText(String(value));
  };
  return (
    <label className="cost-threshold">
      Ask before spending more than{' '}
      <input
        type="number"
        min={0}
        aria-label="Ask before spending more than (tokens)"
        value={text}
        onChange={(e) => setText(e.target.value)}
        onBlur={save}
        onKeyDown={(e) => e.key === 'Enter' && save()}
        size={5}
      />{' '}
      tokens
    </label>
  );
}

/** What a call charged and the balance it stated: "Charged 2 tokens · 99,862 left after it". */
export const chargedWords = (answer: Pick<StoredAnswer, 'charged' | 'remaining'>): string =>
  `${answer.charged === null ? 'Charged nothing' : `Charged ${formatTokens(answer.charged)}`}${
    answer.remaining !== null ? ` · ${formatCount(answer.remaining)} left after it` : ''
  }`;

export interface ToolRunner {
  /** Runs the call, asking first when its price may exceed the threshold. */
  start: (input: ToolRunInput) => void;
  pending: boolean;
  error: Error | null;
  last: StoredAnswer | null;
  /** The confirmation dialog while one is open (render it somewhere in the view). */
  dialog: ReactNode;
}

/** One tool's calls: the Run button and the history's "Run again" share it (and its confirmation). */
export function useToolRunner(title: string, onDone: (answer: StoredAnswer) => void): ToolRunner {
  const wallet = useToolsWallet().data;
  const run = useToolsRun();
  const [asking, setAsking] = useState<ToolRunInput | null>(null);
  const [last, setLast] = useState<StoredAnswer | null>(null);
  const threshold = wallet?.confirmAbove ?? 0;
  const go = (input: ToolRunInput, confirmed: boolean) => {
    setAsking(null);
    run.mutate({ ...input, ...(confirmed ? { confirmed: true } : {}) } as ToolRunInput, {
      onSuccess: (answer) => {
        setLast(answer);
        onDone(answer);
      },
    });
  };
  const start = (input: ToolRunInput) => {
    const params = input.params as Record<string, unknown>;
    if (needsConfirmation(input.tool, params, threshold)) setAsking(input);
    else go(input, false);
  };
  const dialog = asking ? (
    <ConfirmDialog
      title={title}
      price={describePrice(priceOfCall(asking.tool, asking.params as Record<string, unknown>))}
      threshold={threshold}
      onConfirm={() => go(asking, true)}
      onCancel={() => setAsking(null)}
    />
  ) : null;
  return { start, pending: run.isPending, error: run.error, last, dialog };
}

/**
 * The Run button with its cost line and outcome. `input` is null while the form is not
 * complete (`problem` says why).
 */
export function RunBar({
  title,
  input,
  problem,
  runner,
  threshold = true,
}: {
  title: string;
  input: ToolRunInput | null;
  problem: string | null;
  runner: ToolRunner;
  /** Offers the confirmation threshold here (one place per view is enough). */
  threshold?: boolean;
}) {
  const wallet = useToolsWallet().data;
  const params = (input?.params ?? {}) as Record<string, unknown>;
  const { last, error } = runner;
  return (
    <section className="run-bar" aria-label={`Run ${title}`}>
      {input && <CostLine tool={input.tool} params={params} />}
      {problem && (
        <p className="muted" role="note">
          {problem}
        </p>
      )}
      <p className="run-actions">
        <button
          type="button"
          onClick={() => input && runner.start(input)}
          disabled={!input || runner.pending || !wallet}
        >
          {runner.pending ? 'Asking the service…' : `Run ${title}`}
        </button>{' '}
        {wallet && threshold && <Threshold value={wallet.confirmAbove} />}
      </p>
      <div aria-live="polite" data-testid="run-outcome">
        {error && (
          <p role="alert" className="warn">
            Not asked: {error.message}
          </p>
        )}
        {!error && last?.status === 'failed' && last.error && (
          <p role="alert" className="warn">
            The service refused ({last.error.status ?? last.error.code}): {last.error.message}
          </p>
        )}
        {!error && last && last.status !== 'failed' && <p>{chargedWords(last)}</p>}
      </div>
      {runner.dialog}
    </section>
  );
}
