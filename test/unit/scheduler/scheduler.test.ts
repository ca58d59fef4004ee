import { describe, expect, it } from 'vitest';
import {
  backoffMs,
  SyncScheduler,
  type RunOutcome,
  type RunReason,
} from '../../../electron/scheduler/scheduler';

/** A clock and timer queue the test moves by hand. */
function fakeTime(start = '2026-11-22T10:00:00Z') {
  let now = new Date(start).getTime();
  const timers = new Map<number, { at: number; fn: () => void }>();
  let nextId = 1;
  return {
    now: () => new Date(now),
    setTimer: (fn: () => void, ms: number) => {
      const id = nextId++;
      timers.set(id, { at: now + ms, fn });
      return id;
    },
    clearTimer: (id: unknown) => void timers.delete(id as number),
    pending: () => [...timers.values()].map((t) => t.at - now),
    async advance(ms: number) {
      const until = now + ms;
      for (;;) {
        const due = [...timers.entries()]
          .filter(([, t]) => t.at <= until)
          .sort((a, b) => a[1].at - b[1].at)[0];
        if (!due) break;
        timers.delete(due[0]);
        now = due[1].at;
        due[1].fn();
        await new Promise((r) => setImmediate(r));
      }
      now = until;
    },
  };
}

const settle = () => new Promise((r) => setImmediate(r));

function recorder(outcomes: Partial<RunOutcome>[] = []) {
  const calls: { maxTokens: number; reason: RunReason }[] = [];
  const run = async ({ maxTokens, reason }: { maxTokens: number; reason: RunReason }) => {
    calls.push({ maxTokens, reason });
    return { tokensCharged: 0, linkLost: false, complete: true, ...(outcomes.shift() ?? {}) };
  };
  return { calls, run };
}

describe('background sync scheduler', () => {
  it('runs on start and then every interval', async () => {
    const t = fakeTime();
    const r = recorder();
    const s = new SyncScheduler({ ...t, run: r.run, intervalMinutes: 15, dailyTokenBudget: 1000 });
    s.start();
    await settle();
    expect(r.calls.map((c) => c.reason)).toEqual(['start']);
    await t.advance(14 * 60_000);
    expect(r.calls).toHaveLength(1);
    await t.advance(60_000);
    expect(r.calls.map((c) => c.reason)).toEqual(['start', 'interval']);
    await s.stop();
  });

  it('runs one at a time: a second trigger shares the run in progress', async () => {
    const t = fakeTime();
    let release: (o: RunOutcome) => void = () => {};
    let count = 0;
    const s = new SyncScheduler({
      ...t,
      intervalMinutes: 15,
      dailyTokenBudget: 1000,
      run: () => {
        count++;
        return new Promise((res) => (release = res));
      },
    });
    const a = s.trigger('manual');
    const b = s.trigger('resume');
    release({ tokensCharged: 3, linkLost: false, complete: true });
    expect(await a).toEqual(await b);
    expect(count).toBe(1);
    await s.stop();
  });

  it('keeps to the daily token budget and starts again the next UTC day', async () => {
    const t = fakeTime('2026-11-22T20:00:00Z');
    const r = recorder([{ tokensCharged: 6 }, { tokensCharged: 4 }, { tokensCharged: 1 }]);
    const s = new SyncScheduler({ ...t, run: r.run, intervalMinutes: 60, dailyTokenBudget: 10 });
    await s.trigger('start');
    await s.trigger('manual');
    expect(r.calls.map((c) => c.maxTokens)).toEqual([10, 4]);
    expect(await s.trigger('manual')).toBeNull(); // budget spent: no run at all
    expect(s.state.spentToday).toBe(10);
    await t.advance(4 * 3600_000 + 2_000); // past midnight UTC
    expect(r.calls.map((c) => c.maxTokens)).toEqual([10, 4, 10]);
  });

  it('backs off while the link is lost and runs as soon as it comes back', async () => {
    const t = fakeTime();
    const lost = {
      linkLost: true,
      complete: false,
      error: 'GET /signals: the link failed; the line carried 15.2 kB/s',
    };
    const r = recorder([lost, { ...lost }, { ...lost }]);
    const s = new SyncScheduler({ ...t, run: r.run, intervalMinutes: 30, dailyTokenBudget: 1000 });
    await s.trigger('start');
    expect(s.state.online).toBe(false);
    expect(t.pending()).toEqual([60_000]);
    // The run said what the line did; the scheduler adds when it tries again on its own.
    expect(s.state.lastOutcome?.error).toBe(
      'GET /signals: the link failed; the line carried 15.2 kB/s; the scheduler tries again on its own at 10:01 UTC',
    );
    await t.advance(60_000);
    expect(t.pending()).toEqual([120_000]);
    await t.advance(120_000);
    expect(t.pending()).toEqual([240_000]);
    expect(r.calls.map((c) => c.reason)).toEqual(['start', 'retry', 'retry']);
    s.setOnline(true);
    await settle();
    expect(r.calls.map((c) => c.reason)).toEqual(['start', 'retry', 'retry', 'online']);
    expect(s.state.failures).toBe(0);
    await s.stop();
  });

  it('does not run on its own while offline, but a manual run still tries', async () => {
    const t = fakeTime();
    const r = recorder();
    const s = new SyncScheduler({ ...t, run: r.run, intervalMinutes: 5, dailyTokenBudget: 100 });
    s.setOnline(false);
    expect(await s.trigger('interval')).toBeNull();
    expect(await s.trigger('resume')).toBeNull();
    expect(await s.trigger('manual')).not.toBeNull();
    expect(r.calls.map((c) => c.reason)).toEqual(['manual']);
    await s.stop();
  });

  it('aborts a run in progress on stop', async () => {
    const t = fakeTime();
    let aborted = false;
    const s = new SyncScheduler({
      ...t,
      intervalMinutes: 5,
      dailyTokenBudget: 100,
      run: ({ signal }) =>
        new Promise((res) =>
          signal.addEventListener('abort', () => {
            aborted = true;
            res({ tokensCharged: 0, linkLost: false, complete: false });
          }),
        ),
    });
    void s.trigger('start');
    await s.stop();
    expect(aborted).toBe(true);
    expect(t.pending()).toEqual([]);
  });

  it('caps the back-off at the interval', () => {
    expect([1, 2, 3, 4, 10].map((f) => backoffMs(f, 5 * 60_000))).toEqual([
      60_000, 120_000, 240_000, 300_000, 300_000,
    ]);
  });
});
