// Deterministic randomness for the demo world: the same seed gives the same world on every
// machine, so tests can compare a synced cache with the service's truth field for field.

/** mulberry32: small, fast, good enough for synthetic data (not for secrets). */
export function createRandom(seed: number) {
  let a = seed >>> 0 || 0x9e3779b9;
  const next = (): number => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const chance = (p: number): boolean => next() < p;
  const round = (x: number, digits = 2): number => Number(x.toFixed(digits));
  const hex = (n: number): string => {
    let s = '';
    for (let i = 0; i < n; i++) s += Math.floor(next() * 16).toString(16);
    return s;
  };
  /** An RFC 4122 version-4 shaped uuid, drawn from the seeded stream. */
  const uuid = (): string => {
    const variant = '89ab'[Math.floor(next() * 4)]!;
    return `${hex(8)}-${hex(4)}-4${hex(3)}-${variant}${hex(3)}-${hex(12)}`;
  };
  const sample = <T>(items: readonly T[], k: number): T[] => {
    const copy = [...items];
    const out: T[] = [];
    while (out.length < k && copy.length) out.push(copy.splice(Math.floor(next() * copy.length), 1)[0]!);
    return out;
  };
  return { next, int, pick, chance, round, uuid, hex, sample };
}

export type Random = ReturnType<typeof createRandom>;

/** A stable 32-bit hash of a string (FNV-1a), for seeding per-request synthetic answers. */
export function hashString(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
