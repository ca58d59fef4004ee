// Claims (issue 14, alternate profile): what the service's answers asserted, each with its
// evidence class and independent sources, and whether a later answer restated it (what changed,
// a downgrade among them). Filters: since, evidence class, restated only, downgraded only, an
// event. Free; every answer is stored and read again offline. The main profile has none.
import type { StoredAnswerOf, ToolParams } from '../../../../shared/contract';
import { defineTool, type Built } from '../../tools-common/define-tool';
import { CheckField, Field, FieldList, TableScroll } from '../../tools-common/tool-view';
import { formatCount } from '../../../../shared/count';

export interface ClaimsForm {
  since: string;
  evidenceClass: string;
  restatedOnly: boolean;
  downgradedOnly: boolean;
  eventId: string;
}
const initialForm = (): ClaimsForm => ({
  since: '',
  evidenceClass: '',
  restatedOnly: false,
  downgradedOnly: false,
  eventId: '',
});

export function buildClaims(form: ClaimsForm): Built {
  const params: ToolParams<'claims'> = {};
  const since = form.since.trim();
  if (since) {
    if (since.length < 4 || Number.isNaN(Date.parse(since)))
      return { input: null, problem: 'Since is a date (YYYY-MM-DD) or an ISO 8601 time.' };
    params.since = since;
  }
  if (form.evidenceClass.trim()) params.evidence_class = form.evidenceClass.trim();
  if (form.restatedOnly) params.restated_only = true;
  if (form.downgradedOnly) params.downgraded_only = true;
  if (form.eventId.trim()) {
    const id = Number(form.eventId.trim());
    if (!Number.isInteger(id) || id < 0)
      return { input: null, problem: 'The event id is a whole number (the alternate profile’s ids).' };
    params.event_id = id;
  }
  return { input: { tool: 'claims', params }, problem: null };
}

export function summarizeClaims(p: ToolParams<'claims'>): string {
  const parts = [
    p.since ? `since ${p.since}` : null,
    p.evidence_class ? p.evidence_class : null,
    p.restated_only ? 'restated only' : null,
    p.downgraded_only ? 'downgraded only' : null,
    p.event_id !== undefined ? `event ${p.event_id}` : null,
  ].filter(Boolean);
  return parts.length ? parts.join(' · ') : 'all claims';
}

const formOf = (p: ToolParams<'claims'>): ClaimsForm => ({
  since: p.since ?? '',
  evidenceClass: p.evidence_class ?? '',
  restatedOnly: p.restated_only ?? false,
  downgradedOnly: p.downgraded_only ?? false,
  eventId: p.event_id === undefined ? '' : String(p.event_id),
});

function ClaimsFilters({ form, set }: { form: ClaimsForm; set: (c: Partial<ClaimsForm>) => void }) {
  return (
    <form className="tool-form" aria-label="Claims filters" onSubmit={(e) => e.preventDefault()}>
      <fieldset>
        <legend>Which claims</legend>
        <FieldList
          form={form}
          set={set}
          fields={[
            { name: 'since', label: 'Since', placeholder: 'YYYY-MM-DD or an ISO 8601 time' },
            { name: 'evidenceClass', label: 'Evidence class', placeholder: 'any (e.g. REPORTED, CONFIRMED)' },
          ]}
        />
        <CheckField
          label="Restated only"
          checked={form.restatedOnly}
          onChange={(restatedOnly) => set({ restatedOnly })}
        />
        <CheckField
          label="Downgraded only"
          checked={form.downgradedOnly}
          onChange={(downgradedOnly) => set({ downgradedOnly })}
        />
        <Field
          label="Event id"
          value={form.eventId}
          placeholder="any"
          onChange={(eventId) => set({ eventId })}
        />
      </fieldset>
    </form>
  );
}

/** Whether the service's summary says more than the count shown beside it ("50 claims" does not). */
export function saysMore(summary: string | null | undefined, count: number): summary is string {
  if (!summary?.trim()) return false;
  const plain = summary
    .trim()
    .replace(/[.\s]+$/, '')
    .replace(/,/g, '')
    .toLowerCase();
  return plain !== `${count} claims` && plain !== `${count} claim`;
}

function ClaimsAnswer({ answer }: { answer: StoredAnswerOf<'claims'> }) {
  const a = answer.answer;
  if (!a) return null;
  const c = a.counts;
  const byClass = Object.entries(c?.by_evidence_class ?? {});
  return (
    <div data-testid="claims-answer">
      <p>
        <strong data-testid="claims-count">{formatCount(a.claims.length)}</strong>{' '}
        {a.claims.length === 1 ? 'claim' : 'claims'}
        {saysMore(a.summary, a.claims.length) ? ` — ${a.summary}` : ''}
      </p>
      {c && (
        <dl className="tool-facts" data-testid="claims-counts">
          {byClass.map(([k, n]) => (
            <div key={k}>
              <dt>{k}</dt>
              <dd className="num">{formatCount(n)}</dd>
            </div>
          ))}
          {typeof c.restated === 'number' && (
            <div>
              <dt>Restated</dt>
              <dd className="num">{c.restated}</dd>
            </div>
          )}
          {typeof c.downgraded === 'number' && (
            <div>
              <dt>Downgraded</dt>
              <dd className="num">{c.downgraded}</dd>
            </div>
          )}
        </dl>
      )}
      {a.event_link && typeof a.event_link.linked === 'boolean' && (
        <p className="muted">
          {a.event_link.linked
            ? 'These claims are linked to the event.'
            : 'No claim is linked to this event.'}
        </p>
      )}
      <TableScroll label="Claims">
        <table className="dense" aria-label="Claims">
          <thead>
            <tr>
              <th scope="col">Claim</th>
              <th scope="col">Evidence class</th>
              <th scope="col" className="right">
                Independent sources
              </th>
              <th scope="col">Restated by</th>
            </tr>
          </thead>
          <tbody>
            {a.claims.map((cl) => (
              <tr key={cl.claim_id}>
                <td>
                  {cl.text ?? <span className="muted">(no text given)</span>}
                  <div className="muted mono">{cl.claim_id}</div>
                </td>
                <td>{cl.evidence_class ?? '—'}</td>
                <td className="right num">{cl.independent_source_count ?? '—'}</td>
                <td>
                  {cl.restated_by ? (
                    <>
                      {cl.evidence_class ?? '?'} → <strong>{cl.restated_by.evidence_class ?? '?'}</strong>
                      {cl.restated_by.what_changed ? `: ${cl.restated_by.what_changed}` : ''}
                      {cl.restated_by.claim_id && <div className="muted mono">{cl.restated_by.claim_id}</div>}
                    </>
                  ) : (
                    <span className="muted">not restated</span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </div>
  );
}

export const claimsTool = defineTool({
  tool: 'claims',
  title: 'Claims',
  testId: 'claims-view',
  what: 'claims and their evidence classes',
  alternateOnly: {
    title: 'This service has no claims',
    body: 'Claims, their evidence classes, restatements and downgrades are a feature of the alternate profile’s service. This service (the main profile) offers none, so there is nothing to list here.',
  },
  empty: 'Ask for claims, or choose a stored answer in the history below (stored answers read offline).',
  initialForm,
  Form: ClaimsFilters,
  build: buildClaims,
  summarize: summarizeClaims,
  formOf,
  Answer: ClaimsAnswer,
});
export const useClaimsState = claimsTool.useStore;
export const ClaimsView = claimsTool.View;
