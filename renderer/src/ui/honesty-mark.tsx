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
/**
 * An hourglass drawn, not typed: U+231B is an emoji most systems' text fonts lack, so it showed as
 * a missing-glyph box. Sized to the text, in its colour.
 */
const HOURGLASS = (
  <svg
    viewBox="0 0 12 12"
    width="0.9em"
    height="0.9em"
    fill="none"
    stroke="currentColor"
    strokeWidth="1.3"
    strokeLinejoin="round"
    style={{ verticalAlign: '-0.1em' }}
  >
    <path d="M2.5 1h7M2.5 11h7M3.5 1c0 3 5 3 5 5s-5 2-5 5M8.5 1c0 3-5 3-5 5s5 2 5 5" />
  </svg>
);

const ICON: Record<MarkKind, ReactNode> = {
  demo: '◆',
  cached: '◷',
  clamped: '⇥',
  stale: HOURGLASS,
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
