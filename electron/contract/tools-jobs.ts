// An analyst run answered 202 (main document, "States and transitions": Analyst run) is a
// stored row 'running' with its job id; main polls GET /analyst/{jobId} (free) through the
// account's runtime, writes each poll's progress to the row, and the finished job (its brief,
// and the charge the service states on completion) or its failure. Each change pushes
// cache.changed ['tool_answers']. A row still running when the account opens again (after a
// restart) is followed again: the job keeps running on the service meanwhile. A lost link is
// waited out (polling goes on, slower); a job the service no longer knows (404) fails the row.
import type { PushedResource } from '../../shared/contract';
import type { StoredAnswer } from '../../shared/contract-tools';
import type { Account } from '../account';
import { ApiError } from '../api';
import { runningToolAnswers, updateToolAnswer } from '../cache/tool-answers';

export interface JobPollerDeps {
  changed: (resources: PushedResource[]) => void;
  now?: () => Date;
  /** Between polls (default 2 s); after a failed poll it doubles, up to a minute. */
  intervalMs?: number;
}

export interface JobPoller {
  /** Polls this running row until it ends (once per row, however often asked). */
  follow(account: Account, row: StoredAnswer): void;
  /** Follows every row of this account's cache still running (once per account). */
  resume(account: Account): void;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function createJobPoller(deps: JobPollerDeps): JobPoller {
  const now = deps.now ?? (() => new Date());
  const base = deps.intervalMs ?? 2000;
  const following = new Set<string>();
  const resumed = new WeakSet<Account>();

  async function poll(account: Account, row: StoredAnswer): Promise<void> {
    let job = row.job!;
    let wait = base;
    // The account closing closes its cache: polling stops with it (and resumes on reopening).
    while (account.db.open) {
      await sleep(wait);
      if (!account.db.open) return;
      try {
        const res = await account.runtime.online((client) => client.analystJob({ jobId: job.jobId }));
        if (!account.db.open) return;
        wait = base;
        const data = res.data;
        const finished = data.status !== 'processing';
        const total = data.progress?.total_steps ?? job.total;
        job = {
          ...job,
          stage: data.progress?.stage ?? (finished ? data.status : job.stage),
          completed: data.progress?.completed_steps ?? (finished ? total : job.completed),
          total: total ?? null,
          polledAt: now().toISOString(),
        };
        if (!finished) {
          updateToolAnswer(account.db, row.id, { job });
        } else {
          const failed = data.status === 'failed' || data.status === 'error';
          updateToolAnswer(account.db, row.id, {
            status: failed ? 'failed' : 'done',
            answeredAt: now().toISOString(),
            answer: data,
            job,
            ...(res.tokens ? { charged: res.tokens.charged, remaining: res.tokens.remaining ?? null } : {}),
            ...(failed
              ? {
                  error: {
                    code: 'job_failed',
                    status: null,
                    message: `the analyst job ended ${data.status}`,
                  },
                }
              : {}),
          });
        }
        deps.changed(['tool_answers']);
        if (finished) return;
      } catch (e) {
        if (!account.db.open) return;
        if (e instanceof ApiError && !e.transient) {
          updateToolAnswer(account.db, row.id, {
            status: 'failed',
            answeredAt: now().toISOString(),
            error: { code: e.kind, status: e.status ?? null, message: e.message },
          });
          deps.changed(['tool_answers']);
          return;
        }
        // The link or the service is down for now: the job runs on; ask again later.
        wait = Math.min(wait * 2, 60_000);
      }
    }
  }

  const poller: JobPoller = {
    follow(account, row) {
      if (row.status !== 'running' || !row.job?.jobId || following.has(row.id)) return;
      following.add(row.id);
      void poll(account, row).finally(() => following.delete(row.id));
    },
    resume(account) {
      if (resumed.has(account)) return;
      resumed.add(account);
      for (const row of runningToolAnswers(account.db)) poller.follow(account, row);
    },
  };
  return poller;
}
