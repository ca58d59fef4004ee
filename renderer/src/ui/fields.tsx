// Small widgets for the inspector: a service record's fields as the analyst reads them (the
// records themselves are read through data/records.ts).
// Unknown is said as "unknown" (never 0, never blank); values keep the service's words.
import type { ReactNode } from 'react';

export const words = (v: string) => v.replace(/_/g, ' ');

export function Unknown({ children = 'unknown' }: { children?: ReactNode }) {
  return <span className="unknown">{children}</span>;
}

/** Any JSON value in a line: strings as they are, objects compact. */
export function show(v: unknown): ReactNode {
  if (v === null || v === undefined || v === '') return <Unknown />;
  if (typeof v === 'boolean') return v ? 'yes' : 'no';
  if (typeof v === 'number') return <span className="num">{v}</span>;
  if (typeof v === 'string') return v;
  if (Array.isArray(v))
    return v.length === 0 ? (
      <Unknown>none</Unknown>
    ) : (
      v.map((x) => (typeof x === 'string' ? x : JSON.stringify(x))).join(', ')
    );
  return <span className="mono">{JSON.stringify(v)}</span>;
}

/** A titled group of label/value pairs; a pair whose value is undefined is left out. */
export function Group({
  title,
  note,
  rows,
  children,
  testId,
}: {
  title: string;
  note?: ReactNode;
  rows?: [string, ReactNode | undefined][];
  children?: ReactNode;
  testId?: string;
}) {
  const shown = (rows ?? []).filter(([, v]) => v !== undefined);
  return (
    <section className="inspector-group" aria-label={title} data-testid={testId}>
      <h4>{title}</h4>
      {note && <p className="group-note">{note}</p>}
      {shown.length > 0 && (
        <dl className="facts">
          {shown.map(([k, v]) => (
            <div className="fact" key={k}>
              <dt>{k}</dt>
              <dd>{v}</dd>
            </div>
          ))}
        </dl>
      )}
      {children}
    </section>
  );
}
