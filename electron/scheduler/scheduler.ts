// The background sync scheduler of the desktop app: runs the sync engine on start, on the analyst's interval, on resume from sleep
// and when the link comes back; backs off while offline; one run at a time; and keeps to
// a per-day token budget. The engine and the clock are injected, so tests drive time.

export interface RunOutcome {
  /** Tokens the run was charged (sum of meta.tokens.charged). */
  tokensCharged: number;
  /** The run stopped because the network failed (not a service refusal). */
  linkLost: boolean;
  /** Everything was brought up to date (false: budget reached, 402, or link lost). */
  complete: boolean;
  error?: string;
}

export type RunReason = 'start' | 'interval' | 'resume' | 'online' | 'manual' | 'retry';

export interface SchedulerOptions {
  /** Runs one sync with at most `maxTokens`; must honour the abort signal. */
  run: (opts: { maxTokens: number; reason: RunReason; signal: AbortSignal }) => Promise<RunOutcome>;
  intervalMinutes: number;
  /** Per UTC day; 0 = no automatic runs spend tokens. */
  dailyTokenBudget: number;
  now?: () => Date;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
  onState?: (state: SchedulerState) => void;
}

export interface SchedulerState {
  running: boolean;
  online: boolean;
  lastRunAt: string | null;
  lastOutcome: RunOutcome | null;
  nextRunAt: string | null;
  spentToday: number;
  /** Consecutive runs that lost the link; drives the back-off. */
  failures: number;
}

/** While offline, retry after 1, 2, 4 … minutes, capped at the interval (and 30 min). */
export function backoffMs(failures: number, intervalMs: number): number {
  const cap = Math.min(intervalMs, 30 * 60_000);
  return Math.min(cap, 60_000 * 2 ** Math.max(0, failures - 1));
}

const dayOf = (d: Date) => d.toISOString().slice(0, 10);

/** The shortest time between runs (a demo world quicker than a minute; never a tight loop). */
export const MIN_INTERVAL_MS = 5_000;

export class SyncScheduler {
  private readonly opts: Required<Omit<SchedulerOptions, 'onState'>> & Pick<SchedulerOptions, 'onState'>;
  private timer: unknown = null;
  private current: { promise: Promise<RunOutcome | null>; abort: AbortController } | null = null;
  private stopped = false;
  private spent = { day: '', tokens: 0 };
  readonly state: SchedulerState = {
    running: false,
    online: true,
    lastRunAt: null,
    lastOutcome: null,
    nextRunAt: null,
    spentToday: 0,
    failures: 0,
  };

  constructor(opts: SchedulerOptions) {
    this.opts = {
      now: () => new Date(),
      setTimer: (fn, ms) => setTimeout(fn, ms),
      clearTimer: (h) => clearTimeout(h as NodeJS.Timeout),
      ...opts,
    };
  }

  start(): void {
    this.stopped = false;
    void this.trigger('start');
  }

  /** Stops timers and aborts a run in progress (its checkpoint keeps what it stored). */
  async stop(): Promise<void> {
    this.stopped = true;
    this.clear();
    this.current?.abort.abort();
    await this.current?.promise;
  }

  setInterval(minutes: number): void {
    this.opts.intervalMinutes = minutes;
    if (!this.state.running) this.schedule(this.intervalMs());
  }

  setDailyBudget(tokens: number): void {
    this.opts.dailyTokenBudget = tokens;
  }

  /** The OS says the machine woke up. */
  resumed(): void {
    void this.trigger('resume');
  }

  /** The OS says the link changed. */
  setOnline(online: boolean): void {
    const cameBack = online && !this.state.online;
    this.state.online = online;
    this.emit();
    if (cameBack) void this.trigger('online');
    else if (!online) this.clear();
  }

  /**
   * Runs now unless a run is in progress (then the caller gets that run's outcome) or
   * today's budget is spent. Manual runs also respect the budget: the analyst raises it.
   */
  async trigger(reason: RunReason): Promise<RunOutcome | null> {
    if (this.stopped) return null;
    if (this.current) return this.current.promise;
    if (!this.state.online && reason !== 'manual') return null;
    const remaining = this.remainingToday();
    if (remaining <= 0) {
      this.schedule(this.msToNextDay());
      return null;
    }
    const abort = new AbortController();
    const promise = this.runOnce(reason, remaining, abort.signal);
    this.current = { promise, abort };
    try {
      return await promise;
    } finally {
      this.current = null;
    }
  }

  private async runOnce(reason: RunReason, maxTokens: number, signal: AbortSignal): Promise<RunOutcome> {
    this.clear();
    this.state.running = true;
    this.emit();
    let outcome: RunOutcome;
    try {
      outcome = await this.opts.run({ maxTokens, reason, signal });
    } catch (err) {
      outcome = { tokensCharged: 0, linkLost: false, complete: false, error: (err as Error).message };
    }
    this.addSpent(outcome.tokensCharged);
    this.state.running = false;
    this.state.lastRunAt = this.opts.now().toISOString();
    this.state.lastOutcome = outcome;
    this.state.failures = outcome.linkLost ? this.state.failures + 1 : 0;
    if (outcome.linkLost) this.state.online = false;
    if (!this.stopped) {
      if (outcome.linkLost) {
        this.schedule(backoffMs(this.state.failures, this.intervalMs()), 'retry');
        // The run's words say what the line did; these say when it is tried again.
        if (this.state.nextRunAt)
          outcome.error = `${outcome.error ?? 'the link was lost'}; the scheduler tries again on its own at ${this.state.nextRunAt.slice(11, 16)} UTC`;
      } else if (this.remainingToday() <= 0) this.schedule(this.msToNextDay());
      else this.schedule(this.intervalMs());
    }
    this.emit();
    return outcome;
  }

  private remainingToday(): number {
    const day = dayOf(this.opts.now());
    if (this.spent.day !== day) this.spent = { day, tokens: 0 };
    this.state.spentToday = this.spent.tokens;
    return Math.max(0, this.opts.dailyTokenBudget - this.spent.tokens);
  }

  private addSpent(tokens: number): void {
    this.remainingToday();
    this.spent.tokens += tokens;
    this.state.spentToday = this.spent.tokens;
  }

  /** The analyst's minutes (5 at least, electron/settings.ts); a quick demo's fraction of one, 5 s at least. */
  private intervalMs(): number {
    return Math.max(MIN_INTERVAL_MS, this.opts.intervalMinutes * 60_000);
  }

  private msToNextDay(): number {
    const now = this.opts.now();
    const next = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
    return next - now.getTime() + 1_000;
  }

  private schedule(ms: number, reason: RunReason = 'interval'): void {
    this.clear();
    if (this.stopped) return;
    this.state.nextRunAt = new Date(this.opts.now().getTime() + ms).toISOString();
    this.timer = this.opts.setTimer(() => {
      this.timer = null;
      // A retry probes the link even while we believe we are offline.
      if (reason === 'retry') this.state.online = true;
      void this.trigger(reason);
    }, ms);
    this.emit();
  }

  private clear(): void {
    if (this.timer !== null) this.opts.clearTimer(this.timer);
    this.timer = null;
    this.state.nextRunAt = null;
  }

  private emit(): void {
    this.opts.onState?.({ ...this.state });
  }
}
