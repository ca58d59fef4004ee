// A standing order's projected monthly tokens, before it is created. The main profile documents
// that an order's checks run no model and charge nothing: 0 a month, said with its source. The
// alternate profile offers no estimate to ask for and no rule to compute one (docs/endpoints.md):
// it states typical and maximum figures only in its answer to the create itself, and the cache
// keeps them on the order. So there the window shows what the service projected for the
// analyst's own earlier orders, named as such, and never a number of its own.
import type { Profile } from '../../../../shared/contract';
import { useStandingOrders } from '../../data';
import { formatCount } from '../../../../shared/count';

export interface StatedProjection {
  name: string;
  typical: number;
  max: number;
}

/** The service's own projections, as kept on cached orders (latest listed first). */
export function statedProjections(records: readonly Record<string, unknown>[]): StatedProjection[] {
  const out: StatedProjection[] = [];
  for (const r of records) {
    const typical = r.projected_monthly_tokens_typical;
    const max = r.projected_monthly_tokens_max;
    if (typeof typical !== 'number' || typeof max !== 'number') continue;
    out.push({
      name: typeof r.name === 'string' && r.name ? r.name : String(r.id ?? 'an order'),
      typical,
      max,
    });
  }
  return out;
}

const fmt = formatCount;

export function TokenProjection({ profile }: { profile: Profile | null }) {
  const orders = useStandingOrders();
  const stated = statedProjections((orders.data?.rows ?? []).map((r) => r.record));
  return (
    <div className="token-projection" role="note" aria-label="Projected monthly tokens">
      <p>
        <strong>Projected monthly tokens</strong> (typical and max) for this order:{' '}
        {profile === 'main' ? (
          <span>0 and 0, as the service documents: an order’s checks run no model and charge nothing</span>
        ) : (
          <span className="unknown">not known until the service accepts it</span>
        )}
      </p>
      {stated.length > 0 ? (
        <p>
          The service projected, for your order{stated.length > 1 ? 's' : ''}{' '}
          {stated.slice(0, 3).map((p, i) => (
            <span key={`${p.name}-${i}`}>
              {i > 0 ? '; ' : ''}“{p.name}”: typical {fmt(p.typical)}, max {fmt(p.max)}
            </span>
          ))}
          {stated.length > 3 ? ` (and ${stated.length - 3} more)` : ''}.
        </p>
      ) : null}
      {profile === 'main' ? (
        <p className="muted">It states no projection of its own when it accepts the order.</p>
      ) : (
        <p className="muted">
          The service gives no estimate before an order exists and documents no rule to work one out. It
          states its projection when it accepts the order; the order then shows it.
        </p>
      )}
    </div>
  );
}
