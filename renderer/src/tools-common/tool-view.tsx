// The parts the Terrain, Hotspots, Claims and Discriminators views share around the tools
// foundation (tools-common/): the view's frame (no service yet; an alternate-only tool
// on the main profile says the service has none, as the Watches view does), a labelled field,
// and a stored answer shown with the marks it came with (demo, cached with when it was asked,
// the service's clamps, plan_lock and detail_withheld as given, a refusal in its words).
import './tool-views.css';
import type { ReactNode } from 'react';
import type { StoredAnswer } from '../../../shared/contract';
import { useAppInfo, useToolAnswer } from '../data';
import { ClampBanner } from '../ui/answer-marks';
import { EmptyState } from '../ui/empty-state';
import { HonestyMark } from '../ui/honesty-mark';
import { formatUtc } from '../ui/time';
import { formatTokens } from '../../../shared/tool-prices';
import { DateInput } from '../ui/date-input';
import { formatCount } from '../../../shared/count';

/**
 * The view's outer frame. `alternateOnly`: on the main profile the view says this service has
 * none of it instead of offering a call that cannot be made.
 */
export function ToolViewFrame({
  testId,
  className,
  what,
  alternateOnly,
  children,
}: {
  testId: string;
  /** The view's own class, beside the kit's. */
  className?: string;
  /** What the view offers, for the empty states ("claims and their evidence classes"). */
  what: string;
  alternateOnly?: { title: string; body: string };
  children: ReactNode;
}) {
  const info = useAppInfo().data;
  const frame = (body: ReactNode) => (
    <div className={`list-view tool-view${className ? ` ${className}` : ''}`} data-testid={testId}>
      {body}
    </div>
  );
  if (!info) return frame(<EmptyState tone="loading" title="Reading the app’s state…" />);
  if (!info.profile)
    return frame(
      <EmptyState title="No service yet">
        <p>Connect a service (or use demo mode) to ask for {what}.</p>
      </EmptyState>,
    );
  if (alternateOnly && info.profile !== 'alternate')
    return frame(
      <EmptyState title={alternateOnly.title}>
        <p>{alternateOnly.body}</p>
      </EmptyState>,
    );
  return frame(children);
}

export function Field({
  label,
  value,
  onChange,
  placeholder,
  type = 'text',
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  placeholder?: string;
  type?: 'text' | 'date' | 'number';
}) {
  return (
    <label className="tool-field">
      <span>{label}</span>
      {type === 'date' ? (
        // ISO whatever the browser's locale (ui/date-input.tsx); the form's builder says what is wrong.
        <DateInput value={value} placeholder={placeholder} onChange={(v) => onChange(v)} />
      ) : (
        <input
          type={type}
          value={value}
          placeholder={placeholder}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </label>
  );
}

/** A labelled choice among options. */
export function SelectField<V extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: V;
  options: readonly { value: V; label: string }[];
  onChange: (v: V) => void;
}) {
  return (
    <label className="tool-field">
      <span>{label}</span>
      <select value={value} onChange={(e) => onChange(e.target.value as V)}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
}

/** A choice of one among a few, as radio buttons under a legend. */
export function RadioField<V extends string>({
  legend,
  name,
  value,
  options,
  onChange,
}: {
  legend: string;
  /** The radios' group name. */
  name: string;
  value: V;
  options: readonly { value: V; label: string }[];
  onChange: (v: V) => void;
}) {
  return (
    <fieldset className="tool-radios">
      <legend>{legend}</legend>
      {options.map((o) => (
        <label key={o.value}>
          <input
            type="radio"
            name={name}
            value={o.value}
            checked={value === o.value}
            onChange={() => onChange(o.value)}
          />{' '}
          {o.label}
        </label>
      ))}
    </fieldset>
  );
}

/** Counts by a key, as a two-column table ("By category": category → signals). */
export function CountTable({
  label,
  head,
  rows,
}: {
  label: string;
  /** The two columns' heads. */
  head: readonly [string, string];
  rows: readonly { key: string; name: ReactNode; count: ReactNode }[];
}) {
  return (
    <table className="dense" aria-label={label}>
      <thead>
        <tr>
          <th scope="col">{head[0]}</th>
          <th scope="col" className="right">
            {head[1]}
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.key}>
            <td>{r.name}</td>
            <td className="right num">{typeof r.count === 'number' ? formatCount(r.count) : r.count}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A labelled check box. */
export function CheckField({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (v: boolean) => void;
}) {
  return (
    <label className="tool-check">
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      {label}
    </label>
  );
}

/** The fields of a form whose value is text. */
type TextKeys<F> = { [K in keyof F]: F[K] extends string ? K : never }[keyof F];

/** One field of a FieldList: the form's field it edits, its label and its input's kind. */
export interface FieldSpec<F> {
  name: TextKeys<F> & string;
  label: string;
  type?: 'text' | 'date' | 'number';
  placeholder?: string;
}

/** Labelled fields, each bound to a text field of the form. */
export function FieldList<F>({
  form,
  set,
  fields,
}: {
  form: F;
  set: (change: Partial<F>) => void;
  fields: readonly FieldSpec<F>[];
}) {
  return (
    <>
      {fields.map((f) => (
        <Field
          key={f.name}
          label={f.label}
          type={f.type}
          value={form[f.name] as string}
          placeholder={f.placeholder}
          onChange={(v) => set({ [f.name]: v } as Partial<F>)}
        />
      ))}
    </>
  );
}

/** The marks of a stored answer: demo, cached (asked when), plan_lock and detail_withheld as given. */
export function StoredMarks({ answer }: { answer: StoredAnswer }) {
  return (
    <span className="answer-marks">
      {answer.demo && <HonestyMark kind="demo" title="Demo data, not from the live service" />}
      <HonestyMark
        kind="cached"
        detail={`asked ${formatUtc(answer.askedAt)}`}
        title="Stored in the local cache when it was asked; readable offline"
      />
      {answer.planLock !== null && (
        <HonestyMark
          kind="clamped"
          detail={`the plan withholds detail: ${JSON.stringify(answer.planLock)}`}
        />
      )}
      {answer.withheld !== null && answer.withheld !== false && (
        <HonestyMark kind="clamped" detail={`detail withheld: ${JSON.stringify(answer.withheld)}`} />
      )}
    </span>
  );
}

/**
 * The stored answer chosen in a view (from the cache, so offline too): its heading, its marks,
 * the request in one line, what it charged, then `lead(answer)` (whatever its state), the
 * clamps, and `children(answer)` for a done call or the service's words for a refused one.
 */
export function StoredAnswerPanel({
  id,
  label,
  heading,
  summary,
  empty,
  lead,
  children,
}: {
  id: string | null;
  /** The region's name ("Elevation answer"). */
  label: string | ((a: StoredAnswer) => string);
  heading?: (a: StoredAnswer) => string | undefined;
  summary: (a: StoredAnswer) => string;
  empty: string;
  lead?: (a: StoredAnswer) => ReactNode;
  children: (a: StoredAnswer) => ReactNode;
}) {
  const chosen = useToolAnswer(id);
  if (!id)
    return (
      <EmptyState title="No answer shown">
        <p>{empty}</p>
      </EmptyState>
    );
  if (chosen.error)
    return (
      <EmptyState tone="error" title="The stored answer could not be read">
        <p>{chosen.error.message}</p>
      </EmptyState>
    );
  const answer = chosen.data;
  if (!answer) return <EmptyState tone="loading" title="Reading the stored answer…" />;
  const title = heading?.(answer);
  return (
    <section className="tool-stored" aria-label={typeof label === 'string' ? label : label(answer)}>
      {title && <h2 className="section-title">{title}</h2>}
      <p className="view-line">
        <StoredMarks answer={answer} />
        <span className="muted"> {summary(answer)}</span>
        <span className="muted" data-testid="stored-charged">
          {' '}
          ·{' '}
          {answer.status === 'running'
            ? 'charged when the job completes'
            : answer.charged === null
              ? 'charged nothing'
              : `charged ${formatTokens(answer.charged)}`}
        </span>
      </p>
      {lead?.(answer)}
      <StoredOutcome answer={answer}>
        {answer.status === 'done' && answer.answer ? children(answer) : null}
      </StoredOutcome>
    </section>
  );
}

/**
 * Under a stored answer's head line: the clamps it carries, then the service's words for a
 * refused call, a wait for a running one, or `children` (the answer itself) for a done one.
 */
export function StoredOutcome({ answer, children }: { answer: StoredAnswer; children: ReactNode }) {
  return (
    <>
      <ClampBanner clamps={answer.clamps} />
      {answer.status === 'failed' ? (
        <EmptyState tone="error" title="The service refused this call">
          <p>{answer.error?.message}</p>
        </EmptyState>
      ) : answer.status === 'running' ? (
        <EmptyState tone="loading" title="The service is still answering…" />
      ) : answer.answer ? (
        children
      ) : (
        <p className="muted">No answer yet.</p>
      )}
    </>
  );
}

/**
 * A wide table's horizontal scroller: focusable, so a keyboard can scroll it (axe's
 * scrollable-region-focusable), and named after its table.
 */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="table-scroll" tabIndex={0} role="group" aria-label={`${label} (scrolls sideways)`}>
      {children}
    </div>
  );
}
