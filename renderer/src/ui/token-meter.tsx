// The one token meter (issue 25, item 4): what is left and what was spent today, from the
// wallet's single source (`tools.wallet`: the latest balance the service stated, a tool's or the
// last sync's, and today's spend by sync and tools together), read again on every cache change
// (a tool's answer, a sync's page). The status bar and every tool's cost line show this one, so
// they say the same numbers.
import { formatCount } from '../../../shared/count';
import { useToolsWallet } from '../data';
import { formatUtc } from './time';

export function TokenMeter({
  asOf = false,
  testId = 'token-meter',
}: {
  /** Says when the service stated the balance, in the text (not only on hover). */
  asOf?: boolean;
  testId?: string;
}) {
  const wallet = useToolsWallet().data;
  if (!wallet) return null;
  const stated = wallet.remainingAsOf ? `as of ${formatUtc(wallet.remainingAsOf)}` : null;
  const left =
    wallet.remaining === null
      ? 'tokens left unknown until a call states them'
      : `${formatCount(wallet.remaining)} tokens left${asOf && stated ? ` (${stated})` : ''}`;
  const bySync = wallet.spentToday - wallet.toolsSpentToday;
  const title = `The balance the service last stated${stated ? ` (${stated})` : ''}; spent today (UTC day): ${formatCount(wallet.toolsSpentToday)} by tools, ${formatCount(bySync)} by sync.`;
  return (
    <span className="token-meter" data-testid={testId} title={title}>
      {left} · <span className="num">{formatCount(wallet.spentToday)}</span> spent today
    </span>
  );
}
