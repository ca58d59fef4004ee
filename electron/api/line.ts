// What the link to the service did, measured on the calls themselves (docs/sync.md, "Slow
// links"): the bytes the line carried per second while it carried an answer, the time from a
// request to the first byte of its answer (round trip plus the service's own time), whether
// answers came compressed and how much, the calls in flight with their progress, and the
// last failure. One meter per client; the sync sizes its pages from it and the window shows it.

/** One answer as the line carried it. */
export interface Transfer {
  endpoint: string;
  /** ms (performance clock) when the request left, its first byte came back, and it ended. */
  startedAt: number;
  firstByteAt: number | null;
  endedAt: number;
  /** Bytes on the line (status line, headers, body as sent); the decoded body's own size. */
  wireBytes: number;
  bodyBytes: number;
  encoding: string | null;
  /** The answer came whole (any status); false: cut, given up or never connected. */
  ok: boolean;
}

/** A call in flight, updated as its answer streams. */
export interface Flight {
  readonly endpoint: string;
  readonly startedAt: number;
  firstByteAt: number | null;
  wireBytes: number;
  bodyBytes: number;
  /** The answer's Content-Length when stated (its size on the line when it came compressed). */
  expectedBytes: number | null;
  encoding: string | null;
}

export interface LineSnapshot {
  /** Bytes per second the line carried while answers streamed (recent transfers); null until enough was seen. */
  bytesPerSecond: number | null;
  /** Median time from a request to the first byte of its answer (ms), recent calls. */
  firstByteMs: number | null;
  /** How the last answers came: their Content-Encoding (null: uncompressed) and bytes on the line per body byte. */
  encoding: string | null;
  compressionRatio: number | null;
  /** Bytes on the line since the meter began. */
  totalWireBytes: number;
  /** The last failure of a call on this line, in its words, and when (ISO). */
  lastError: { message: string; at: string } | null;
}

/** Enough bytes for a rate worth quoting; smaller answers are mostly their first packet. */
const RATE_MIN_BYTES = 8_192;
/** Answers smaller than this say little about the rate (they arrive in one piece). */
const RATE_MIN_TRANSFER = 2_048;
const KEEP = 32;

const median = (xs: number[]): number | null => {
  if (!xs.length) return null;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};

export class LineMeter {
  private readonly transfers: Transfer[] = [];
  private readonly flights = new Set<Flight>();
  private total = 0;
  private error: LineSnapshot['lastError'] = null;

  constructor(private readonly clock: () => number = () => performance.now()) {}

  now(): number {
    return this.clock();
  }

  begin(endpoint: string): Flight {
    const f: Flight = {
      endpoint,
      startedAt: this.clock(),
      firstByteAt: null,
      wireBytes: 0,
      bodyBytes: 0,
      expectedBytes: null,
      encoding: null,
    };
    this.flights.add(f);
    return f;
  }

  end(f: Flight, ok: boolean, error?: string): Transfer {
    this.flights.delete(f);
    const t: Transfer = {
      endpoint: f.endpoint,
      startedAt: f.startedAt,
      firstByteAt: f.firstByteAt,
      endedAt: this.clock(),
      wireBytes: f.wireBytes,
      bodyBytes: f.bodyBytes,
      encoding: f.encoding,
      ok,
    };
    this.total += f.wireBytes;
    this.transfers.push(t);
    if (this.transfers.length > KEEP) this.transfers.shift();
    if (error) this.error = { message: error, at: new Date().toISOString() };
    return t;
  }

  /** The last answers, oldest first (up to 32). */
  recent(): readonly Transfer[] {
    return [...this.transfers];
  }

  /** Calls in flight now, oldest first. */
  inFlight(): readonly Flight[] {
    return [...this.flights];
  }

  /**
   * Bytes per second while the line carried answers: the bytes of the recent answers big
   * enough to say, over the time any of them streamed (concurrent answers share the line, so
   * their times are merged, not added), with the answers in flight counted so far.
   */
  bytesPerSecond(): number | null {
    const now = this.clock();
    const spans: [number, number, number][] = [];
    for (const t of this.transfers)
      if (t.firstByteAt !== null && t.wireBytes >= RATE_MIN_TRANSFER)
        spans.push([t.firstByteAt, t.endedAt, t.wireBytes]);
    for (const f of this.flights)
      if (f.firstByteAt !== null && f.wireBytes >= RATE_MIN_TRANSFER)
        spans.push([f.firstByteAt, now, f.wireBytes]);
    const bytes = spans.reduce((a, s) => a + s[2], 0);
    if (bytes < RATE_MIN_BYTES) return null;
    spans.sort((a, b) => a[0] - b[0]);
    let busy = 0;
    let [from, to] = [spans[0]![0], spans[0]![1]];
    for (const [s, e] of spans.slice(1)) {
      if (s > to) {
        busy += to - from;
        [from, to] = [s, e];
      } else to = Math.max(to, e);
    }
    busy += to - from;
    return busy > 0 ? (bytes * 1000) / busy : null;
  }

  firstByteMs(): number | null {
    return median(
      this.transfers.slice(-8).flatMap((t) => (t.firstByteAt === null ? [] : [t.firstByteAt - t.startedAt])),
    );
  }

  snapshot(): LineSnapshot {
    const recent = this.transfers.filter((t) => t.ok && t.bodyBytes > 0).slice(-8);
    const wire = recent.reduce((a, t) => a + t.wireBytes, 0);
    const body = recent.reduce((a, t) => a + t.bodyBytes, 0);
    const last = recent.at(-1);
    return {
      bytesPerSecond: this.bytesPerSecond(),
      firstByteMs: this.firstByteMs(),
      encoding: last?.encoding ?? null,
      compressionRatio: body > 0 && wire > 0 ? wire / body : null,
      totalWireBytes: this.total + [...this.flights].reduce((a, f) => a + f.wireBytes, 0),
      lastError: this.error,
    };
  }
}
