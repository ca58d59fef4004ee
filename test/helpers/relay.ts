// A slow line between a client and a service, on 127.0.0.1: a TCP relay with a byte rate in
// each direction and a one-way delay, shared by every connection through it (as one modem
// line is), which can also cut every connection each time so many bytes went down. Used by
// the slow-link tests and `npm run bench` (BENCH_ONLY=slow-link).
//
// Each direction is a queue served round-robin across connections, a piece at a time: a piece
// of s bytes leaves when the line is free, takes s / rate to send, and arrives delayMs later.
// A connection's reading is paused while it has more than WINDOW bytes queued, so two answers
// share the line as two TCP flows would, instead of the first one's whole body going first.
import net from 'node:net';

export interface RelayOptions {
  /** Where the service listens. */
  target: { host?: string; port: number };
  /** Bytes per second from the service to the client, and from the client to the service. */
  downBytesPerSecond: number;
  upBytesPerSecond?: number;
  /** One-way delay in ms, each direction. */
  delayMs: number;
  /** Cut every connection each time this many more bytes went down the line. */
  cutEveryBytes?: number;
}

export interface RelayStats {
  /** Bytes delivered to the client, and to the service. */
  down: number;
  up: number;
  cuts: number;
  connections: number;
  /** Time the line from the service sat idle between its first byte and its last (ms). */
  downIdleMs: number;
}

export interface Relay {
  url: string;
  port: number;
  stats: RelayStats;
  /** Cuts every open connection now (the socket dropped mid-body). */
  cut(): void;
  close(): Promise<void>;
}

const WINDOW = 64 * 1024;

interface Flow {
  queue: Buffer[];
  queued: number;
  from: net.Socket;
  to: net.Socket;
  /** Pieces on the wire, in order, with when each arrives (one timer delivers them in turn). */
  wire: { at: number; data: Buffer }[];
  landing: ReturnType<typeof setTimeout> | null;
}

/** One direction of the line. */
class Line {
  private readonly flows: Flow[] = [];
  private turn = 0;
  private freeAt = 0;
  private pumping: ReturnType<typeof setTimeout> | null = null;
  private readonly piece: number;
  private started = false;
  /** Time the line had nothing to send between its first piece and its last (ms). */
  idleMs = 0;

  constructor(
    private readonly rate: number,
    private readonly delayMs: number,
    private readonly delivered: (n: number) => void,
  ) {
    // Twenty pieces a second at most: smooth enough, and few timers.
    this.piece = Math.max(512, Math.floor(rate / 20));
  }

  add(flow: Flow): void {
    this.flows.push(flow);
  }

  remove(flow: Flow): void {
    const i = this.flows.indexOf(flow);
    if (i >= 0) this.flows.splice(i, 1);
  }

  push(flow: Flow, data: Buffer): void {
    flow.queue.push(data);
    flow.queued += data.length;
    if (flow.queued > WINDOW) flow.from.pause();
    this.pump();
  }

  /** Delivers a flow's pieces in the order they were sent, each once its time has come. */
  private land(flow: Flow): void {
    if (flow.landing || !flow.wire.length) return;
    flow.landing = setTimeout(
      () => {
        flow.landing = null;
        const now = performance.now();
        while (flow.wire.length && flow.wire[0]!.at <= now + 1) {
          const piece = flow.wire.shift()!.data;
          if (flow.to.destroyed) continue;
          flow.to.write(piece);
          this.delivered(piece.length);
        }
        this.land(flow);
      },
      Math.max(0, flow.wire[0]!.at - performance.now()),
    );
  }

  private pump(): void {
    if (this.pumping) return;
    const now = performance.now();
    const ready0 = this.flows.some((f) => f.queued > 0);
    if (this.freeAt < now) {
      if (this.started && ready0) this.idleMs += now - this.freeAt;
      this.freeAt = now;
    }
    // A cut connection's queue is gone with it.
    for (const f of this.flows.filter((x) => x.to.destroyed)) {
      f.queue = [];
      f.queued = 0;
      f.wire = [];
      this.remove(f);
    }
    const ready = this.flows.filter((f) => f.queued > 0);
    if (!ready.length) return;
    this.started = true;
    const flow = ready[this.turn++ % ready.length]!;
    let size = 0;
    const parts: Buffer[] = [];
    while (size < this.piece && flow.queue.length) {
      const head = flow.queue[0]!;
      const take = Math.min(head.length, this.piece - size);
      parts.push(head.subarray(0, take));
      size += take;
      if (take === head.length) flow.queue.shift();
      else flow.queue[0] = head.subarray(take);
    }
    flow.queued -= size;
    if (flow.queued <= WINDOW && flow.from.isPaused()) flow.from.resume();
    this.freeAt += (size / this.rate) * 1000;
    flow.wire.push({ at: this.freeAt + this.delayMs, data: Buffer.concat(parts) });
    this.land(flow);
    this.pumping = setTimeout(
      () => {
        this.pumping = null;
        this.pump();
      },
      Math.max(0, this.freeAt - now),
    );
  }
}

export async function startRelay(opts: RelayOptions): Promise<Relay> {
  const stats: RelayStats = { down: 0, up: 0, cuts: 0, connections: 0, downIdleMs: 0 };
  const sockets = new Set<net.Socket>();
  let sinceCut = 0;
  const cut = () => {
    stats.cuts++;
    sinceCut = 0;
    for (const s of sockets) s.resetAndDestroy();
  };
  const down = new Line(opts.downBytesPerSecond, opts.delayMs, (n) => {
    stats.down += n;
    stats.downIdleMs = down.idleMs;
    sinceCut += n;
    if (opts.cutEveryBytes && sinceCut >= opts.cutEveryBytes) cut();
  });
  const up = new Line(opts.upBytesPerSecond ?? opts.downBytesPerSecond, opts.delayMs, (n) => (stats.up += n));

  const server = net.createServer((client) => {
    stats.connections++;
    const service = net.connect({ host: opts.target.host ?? '127.0.0.1', port: opts.target.port });
    sockets.add(client);
    sockets.add(service);
    const toService: Flow = { queue: [], queued: 0, from: client, to: service, wire: [], landing: null };
    const toClient: Flow = { queue: [], queued: 0, from: service, to: client, wire: [], landing: null };
    up.add(toService);
    down.add(toClient);
    client.on('data', (d: Buffer) => up.push(toService, d));
    service.on('data', (d: Buffer) => down.push(toClient, d));
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      up.remove(toService);
      down.remove(toClient);
      sockets.delete(client);
      sockets.delete(service);
      client.destroy();
      service.destroy();
    };
    // A side that closes has its last bytes carried across the line before the other closes
    // (as TCP delivers what was sent before a FIN).
    const closeAfter = (flow: Flow) => () => {
      const wait = () => (flow.queued > 0 || flow.wire.length ? setTimeout(wait, 50) : setTimeout(end, 50));
      wait();
    };
    client.on('close', closeAfter(toService));
    service.on('close', closeAfter(toClient));
    client.on('error', () => undefined);
    service.on('error', () => undefined);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as net.AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    stats,
    cut,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
