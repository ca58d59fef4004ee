// Two kept revisions of a watch's package side by side in one list of what changed: each
// discriminator and piece of negative evidence added, removed or changed (field by field),
// the limitations added and removed, and the schema version when it moved. Each change says
// its kind in a word and a sign, not by colour.
import type { ReactNode } from 'react';
import type { PackageRevision } from '../../../../shared/contract';
import type { DecisionPackage } from '../../data/records';
import { formatUtc } from '../../ui/time';
import { EvidenceKindMark } from './package-parts';
import { evidenceKind } from './evidence-kind';
import {
  diffPackages,
  discriminatorKey,
  evidenceKey,
  showValue,
  type ItemsDiff,
  type PackageDiff,
} from './package-diff';

const CHANGE = {
  added: { sign: '+', word: 'Added' },
  removed: { sign: '−', word: 'Removed' },
  changed: { sign: '~', word: 'Changed' },
} as const;
type ChangeKind = keyof typeof CHANGE;

function ChangeMark({ kind }: { kind: ChangeKind }) {
  return (
    <span className={`change-mark change-${kind}`}>
      <span aria-hidden="true">{CHANGE[kind].sign}</span> {CHANGE[kind].word}
    </span>
  );
}

function ItemsChanges<T extends object>({
  label,
  diff,
  keyOf,
  extra,
}: {
  label: string;
  diff: ItemsDiff<T>;
  keyOf: (item: T) => string;
  extra?: (item: T) => ReactNode;
}) {
  const none = !diff.added.length && !diff.removed.length && !diff.changed.length;
  return (
    <section className="package-section" aria-label={`${label} changes`}>
      <h3>{label}</h3>
      {none ? (
        <p className="muted">No change ({diff.unchanged} the same).</p>
      ) : (
        <ul className="change-list">
          {diff.added.map((item, i) => (
            <li key={`a${i}`} data-change="added">
              <ChangeMark kind="added" /> <strong>{keyOf(item)}</strong> {extra?.(item)}
            </li>
          ))}
          {diff.removed.map((item, i) => (
            <li key={`r${i}`} data-change="removed">
              <ChangeMark kind="removed" /> <strong>{keyOf(item)}</strong> {extra?.(item)}
            </li>
          ))}
          {diff.changed.map((c) => (
            <li key={`c${c.key}`} data-change="changed">
              <ChangeMark kind="changed" /> <strong>{c.key}</strong>
              <ul>
                {c.fields.map((f) => (
                  <li key={f.field}>
                    {f.field.replace(/_/g, ' ')}: {showValue(f.before)} → {showValue(f.after)}
                  </li>
                ))}
              </ul>
            </li>
          ))}
          {diff.unchanged > 0 && <li className="muted">{diff.unchanged} the same</li>}
        </ul>
      )}
    </section>
  );
}

export function DiffList({ diff }: { diff: PackageDiff }) {
  if (diff.same)
    return (
      <p className="muted" role="status">
        Revisions {diff.from} and {diff.to} are the same.
      </p>
    );
  return (
    <div className="package-diff" aria-label={`Changes from ${diff.from} to ${diff.to}`} role="group">
      {diff.schemaVersion && (
        <p>
          <ChangeMark kind="changed" /> schema version: {showValue(diff.schemaVersion.before)} →{' '}
          {showValue(diff.schemaVersion.after)}
        </p>
      )}
      <ItemsChanges label="Discriminators" diff={diff.discriminators} keyOf={discriminatorKey} />
      <ItemsChanges
        label="Negative evidence"
        diff={diff.evidence}
        keyOf={evidenceKey}
        extra={(e) => <EvidenceKindMark kind={evidenceKind(e)} />}
      />
      <section className="package-section" aria-label="Limitations changes">
        <h3>Limitations</h3>
        {!diff.limitations.added.length && !diff.limitations.removed.length ? (
          <p className="muted">No change.</p>
        ) : (
          <ul className="change-list">
            {diff.limitations.added.map((l) => (
              <li key={`a${l}`} data-change="added">
                <ChangeMark kind="added" /> {l}
              </li>
            ))}
            {diff.limitations.removed.map((l) => (
              <li key={`r${l}`} data-change="removed">
                <ChangeMark kind="removed" /> {l}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

/** One end of the comparison: a kept revision, by its name and when it was fetched. */
function RevisionSelect({
  label,
  revisions,
  value,
  onChange,
}: {
  label: string;
  revisions: readonly PackageRevision[];
  value: string;
  onChange: (r: string) => void;
}) {
  return (
    <label className="inline-field">
      {label}
      <select value={value} onChange={(e) => onChange(e.target.value)}>
        {revisions.map((r) => (
          <option key={r.revision} value={r.revision}>
            {r.revision} · fetched {formatUtc(r.fetchedAt)}
          </option>
        ))}
      </select>
    </label>
  );
}

/** Picks two kept revisions (oldest-first list) and shows what changed from one to the other. */
export function PackageCompare({
  revisions,
  from,
  to,
  onFrom,
  onTo,
  before,
  after,
}: {
  revisions: readonly PackageRevision[];
  from: string;
  to: string;
  onFrom: (r: string) => void;
  onTo: (r: string) => void;
  before: DecisionPackage | null;
  after: DecisionPackage | null;
}) {
  if (revisions.length < 2)
    return (
      <p className="muted">
        Only one revision is cached, so there is nothing to compare yet. Every revision a sync fetches is kept
        here.
      </p>
    );
  return (
    <>
      <div className="filter-bar package-compare-bar">
        <RevisionSelect label="From revision" revisions={revisions} value={from} onChange={onFrom} />
        <RevisionSelect label="To revision" revisions={revisions} value={to} onChange={onTo} />
      </div>
      {before && after ? (
        <DiffList diff={diffPackages(before, after)} />
      ) : (
        <p className="muted">Reading the two revisions…</p>
      )}
    </>
  );
}
