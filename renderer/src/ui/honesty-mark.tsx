// The honesty marks, one style everywhere (views, status bar, later reports): each says its
// state in a word and an icon as well as a colour, so it reads in either theme and without
// colour vision.
import type { ReactNode } from 'react';

export type MarkKind =
  'demo' | 'cached' | 'clamped' | 'stale' | 'local-only' | 'pending' | 'refused' | 'deleted' | 'unencrypted';

const WORD: Record<MarkKind, string> = {
  demo: 'DEMO',
  cached: 'CACHED',
  clamped: 'CLAMPED',
  stale: 'STALE ELEMENTS',
  'local-only': 'LOCAL-ONLY',
  pending: 'PENDING',
  refused: 'REFUSED',
  deleted: 'DELETED',
  unencrypted: 'UNENCRYPTED',
};
const ICON: Record<MarkKind, string> = {
  demo: '◆',
  cached: '◷',
  clamped: '⇥',
  stale: '⌛',
  'local-only': '⌂',
  pending: '…',
  refused: '✕',
  deleted: '⌫',
  unencrypted: '⚠',
};

/** `detail` follows the word: "as of …", "asked → applied", the age, the reason. */
export function HonestyMark({ kind, detail, title }: { kind: MarkKind; detail?: ReactNode; title?: string }) {
  return (
    <span className={`mark mark-${kind}`} title={title}>
      <span aria-hidden="true" className="mark-icon">
        {ICON[kind]}
      </span>
      <span className="mark-word">{WORD[kind]}</span>
      {detail !== undefined && <span className="mark-detail"> · {detail}</span>}
    </span>
  );
}
