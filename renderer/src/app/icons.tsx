// The few line icons the shell uses (no icon font: nothing is fetched, nothing to license).
import type { ReactElement } from 'react';

const PATHS = {
  map: (
    <>
      <path d="M3 6l6-2 6 2 6-2v14l-6 2-6-2-6 2z" />
      <path d="M9 4v14M15 6v14" />
    </>
  ),
  signals: (
    <>
      <circle cx="12" cy="12" r="2" />
      <path d="M7.8 7.8a6 6 0 000 8.4M16.2 7.8a6 6 0 010 8.4M5 5a10 10 0 000 14M19 5a10 10 0 010 14" />
    </>
  ),
  developments: <path d="M3 17l5-5 4 4 8-9M15 7h5v5" />,
  brief: (
    <>
      <path d="M6 3h9l4 4v14H6z" />
      <path d="M9 10h7M9 14h7M9 18h4" />
    </>
  ),
  status: <path d="M3 12h4l3-7 4 14 3-7h4" />,
  orders: (
    <>
      <rect x="4" y="4" width="16" height="16" rx="1" strokeDasharray="3 2" />
      <circle cx="12" cy="12" r="2" />
      <path d="M12 4v3M12 17v3M4 12h3M17 12h3" />
    </>
  ),
  watches: (
    <>
      <path d="M2 12s3.5-6 10-6 10 6 10 6-3.5 6-10 6S2 12 2 12z" />
      <circle cx="12" cy="12" r="2.5" />
    </>
  ),
  package: (
    <>
      <path d="M3 7l9-4 9 4v10l-9 4-9-4z" />
      <path d="M3 7l9 4 9-4M12 11v10" />
    </>
  ),
  imagery: (
    <>
      <rect x="4" y="5" width="11" height="11" />
      <rect x="9" y="9" width="11" height="11" strokeDasharray="3 2" />
    </>
  ),
  terrain: <path d="M2 19l6-9 4 5 3-4 7 8z" />,
  hotspots: (
    <>
      <rect x="4" y="4" width="7" height="7" />
      <rect x="13" y="13" width="7" height="7" />
      <rect x="13" y="4" width="7" height="7" strokeDasharray="2 2" />
    </>
  ),
  claims: (
    <>
      <path d="M5 4h14v12H10l-5 4z" />
      <path d="M9 9l2 2 4-4" />
    </>
  ),
  discriminators: (
    <>
      <path d="M12 3v18M5 7h14" />
      <path d="M5 7l-3 6h6zM19 7l-3 6h6z" />
    </>
  ),
  analyst: (
    <>
      <path d="M4 5h16v10H9l-5 4z" />
      <path d="M8 9h8M8 12h5" />
    </>
  ),
  collection: (
    <>
      <circle cx="12" cy="12" r="8" />
      <circle cx="12" cy="12" r="4" />
      <path d="M12 2v4M12 18v4M2 12h4M18 12h4" />
    </>
  ),
  registry: (
    <>
      <path d="M12 21s-6-5.5-6-10a6 6 0 0112 0c0 4.5-6 10-6 10z" />
      <path d="M9 11h6M12 8v6" />
    </>
  ),
  passes: (
    <>
      <circle cx="12" cy="12" r="2.5" />
      <path d="M3 17C7 9 15 5 21 5" strokeDasharray="2 2" />
      <path d="M4 20h16" />
    </>
  ),
  search: (
    <>
      <circle cx="11" cy="11" r="6" />
      <path d="M20 20l-4.5-4.5" />
    </>
  ),
  theme: <path d="M12 3a9 9 0 109 9 7 7 0 01-9-9z" />,
  keyboard: (
    <>
      <rect x="2" y="6" width="20" height="12" rx="2" />
      <path d="M6 10h.01M10 10h.01M14 10h.01M18 10h.01M7 14h10" />
    </>
  ),
  command: <path d="M9 6a3 3 0 10-3 3h12a3 3 0 10-3-3v12a3 3 0 103-3H6a3 3 0 103 3z" />,
  inspector: (
    <>
      <rect x="3" y="4" width="18" height="16" rx="1" />
      <path d="M15 4v16" />
    </>
  ),
} satisfies Record<string, ReactElement>;

export type IconName = keyof typeof PATHS;

export function Icon({ name, size = 16 }: { name: IconName; size?: number }) {
  return (
    <svg
      className="icon"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.75"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {PATHS[name]}
    </svg>
  );
}
