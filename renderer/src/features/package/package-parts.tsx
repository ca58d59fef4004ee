// The parts of one decision package as the analyst reads them: the discriminators as a table,
// the negative evidence with each piece typed "Could not look" or "Looked, absent" (a word and
// a shape, never a colour alone), and the limitations.
import type { DecisionPackage, NegativeEvidence, PackageDiscriminator } from '../../data/records';
import { EVIDENCE_WORDS, evidenceKind, type EvidenceKind } from './evidence-kind';

const words = (v: string) => v.replace(/_/g, ' ');

function Given({ value }: { value: string | null | undefined }) {
  return value ? <>{words(value)}</> : <span className="unknown">not given</span>;
}

export function EvidenceKindMark({ kind }: { kind: EvidenceKind }) {
  const w = EVIDENCE_WORDS[kind];
  return (
    <span className={`evidence-kind evidence-${kind}`} title={w.meaning} data-kind={kind}>
      <span aria-hidden="true" className="evidence-icon">
        {w.icon}
      </span>
      <span className="evidence-word">{w.word}</span>
    </span>
  );
}

export function DiscriminatorsTable({ rows }: { rows: readonly PackageDiscriminator[] }) {
  if (!rows.length) return <p className="muted">The package names no discriminators.</p>;
  return (
    <table className="dense package-table" aria-label="Discriminators">
      <thead>
        <tr>
          <th scope="col">Observable</th>
          <th scope="col">Verdict</th>
          <th scope="col" className="right">
            Max elimination
          </th>
          <th scope="col">Refutes if absent</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((d, i) => (
          <tr key={`${d.observable ?? ''}-${i}`}>
            <td>
              <Given value={d.observable} />
            </td>
            <td>
              <Given value={d.verdict} />
            </td>
            <td className="right num">
              {typeof d.max_elimination === 'number' ? (
                d.max_elimination
              ) : (
                <span className="unknown">not stated</span>
              )}
            </td>
            <td>
              {d.refutes_if_absent?.length ? (
                <span className="mono">{d.refutes_if_absent.join(', ')}</span>
              ) : (
                <span className="unknown">none named</span>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The evidence's fields shown as given (or "not given"), between its kind and its detail. */
const EVIDENCE_COLUMNS = [
  ['observable', 'Observable'],
  ['axis', 'Axis'],
  ['status', 'Status'],
  ['reason', 'Reason'],
  ['source_status', 'Source status'],
] as const satisfies readonly (readonly [keyof NegativeEvidence, string])[];

export function NegativeEvidenceTable({ rows }: { rows: readonly NegativeEvidence[] }) {
  if (!rows.length) return <p className="muted">The package records no negative evidence.</p>;
  return (
    <>
      <p className="muted package-note">
        “Could not look” says nothing about absence; only “Looked, absent” does.
      </p>
      <table className="dense package-table" aria-label="Negative evidence">
        <thead>
          <tr>
            <th scope="col">Kind</th>
            {EVIDENCE_COLUMNS.map(([field, title]) => (
              <th key={field} scope="col">
                {title}
              </th>
            ))}
            <th scope="col">Detail</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((e, i) => {
            const kind = evidenceKind(e);
            return (
              <tr key={`${e.observable ?? ''}-${e.axis ?? ''}-${i}`} data-kind={kind}>
                <td>
                  <EvidenceKindMark kind={kind} />
                </td>
                {EVIDENCE_COLUMNS.map(([field]) => (
                  <td key={field}>
                    <Given value={e[field]} />
                  </td>
                ))}
                <td>{e.detail ? e.detail : <span className="unknown">none</span>}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </>
  );
}

export function Limitations({ items }: { items: readonly string[] }) {
  if (!items.length) return <p className="muted">The package states no limitations.</p>;
  return (
    <ul className="package-limitations" aria-label="Limitations">
      {items.map((l, i) => (
        <li key={i}>{l}</li>
      ))}
    </ul>
  );
}

/** One revision in full: discriminators, negative evidence, limitations. */
export function PackageBody({ pkg }: { pkg: DecisionPackage }) {
  return (
    <>
      <section className="package-section" aria-labelledby="pkg-discriminators">
        <h2 id="pkg-discriminators">Discriminators</h2>
        <DiscriminatorsTable rows={pkg.discriminators ?? []} />
      </section>
      <section className="package-section" aria-labelledby="pkg-negative">
        <h2 id="pkg-negative">Negative evidence</h2>
        <NegativeEvidenceTable rows={pkg.negative_evidence ?? []} />
      </section>
      <section className="package-section" aria-labelledby="pkg-limitations">
        <h2 id="pkg-limitations">Limitations</h2>
        <Limitations items={pkg.limitations ?? []} />
      </section>
    </>
  );
}
