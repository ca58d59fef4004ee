// Time is UTC everywhere and says so. A relative time ("2 min ago") is only ever shown with
// the absolute UTC time on hover.
import { useEffect, useState } from 'react';

const pad = (n: number) => String(n).padStart(2, '0');

/** "2026-11-01 14:02 UTC" (seconds when asked). */
export function formatUtc(iso: string | Date, seconds = false): string {
  const d = typeof iso === 'string' ? new Date(iso) : iso;
  if (Number.isNaN(d.getTime())) return String(iso);
  const time = `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}${seconds ? `:${pad(d.getUTCSeconds())}` : ''}`;
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${time} UTC`;
}

export function formatRelative(iso: string, now: number = Date.now()): string {
  const s = Math.round((now - new Date(iso).getTime()) / 1000);
  if (Number.isNaN(s)) return '—';
  const future = s < 0;
  const a = Math.abs(s);
  const text =
    a < 45
      ? 'just now'
      : a < 3600
        ? `${Math.round(a / 60)} min`
        : a < 86_400
          ? `${Math.round(a / 3600)} h`
          : `${Math.round(a / 86_400)} d`;
  if (text === 'just now') return text;
  return future ? `in ${text}` : `${text} ago`;
}

/** Re-renders every `ms` so relative times and clocks move. */
export function useNow(ms = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(t);
  }, [ms]);
  return now;
}

export function RelativeTime({ iso }: { iso: string }) {
  const now = useNow();
  return (
    <time dateTime={iso} title={formatUtc(iso, true)}>
      {formatRelative(iso, now)}
    </time>
  );
}

export function UtcTime({ iso, seconds }: { iso: string; seconds?: boolean }) {
  return <time dateTime={iso}>{formatUtc(iso, seconds)}</time>;
}
