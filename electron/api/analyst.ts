// POST /analyst answers 200 with a brief, or 202 with a job polled through GET /analyst/{jobId}
// (main profile, "States and transitions": Analyst run). The run carries an Idempotency-Key so
// a retry after a lost answer returns the same run and is never charged twice.
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type * as common from '../../shared/service/common';
import type { CallOptions, Endpoint } from './endpoint';
import type { ApiResult } from './transport';

export interface AnalystProgress {
  jobId: string;
  stage: string | null;
  completed: number | null;
  total: number | null;
}
export interface AnalystOptions extends CallOptions {
  idempotencyKey?: string;
  pollIntervalMs?: number;
  /** Gives up polling after this long (the job keeps running on the service). */
  maxWaitMs?: number;
  onProgress?: (p: AnalystProgress) => void;
}

/**
 * How long one POST /analyst may take before it counts as lost: the service holds the call
 * up to about 95 s before answering 202 (main document, "States and transitions": Analyst
 * run; "Limits": synchronous wait), so the client's usual timeout would cut off runs that
 * are still within their documented wait. The margin covers the transfer on a slow link.
 */
export const ANALYST_TIMEOUT_MS = 120_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function analystRunner<P>(
  post: Endpoint<typeof common.analystAnswer, P>,
  poll: Endpoint<typeof common.analystJob, { jobId: string }>,
) {
  return async (
    params: P,
    opts: AnalystOptions = {},
  ): Promise<ApiResult<Record<string, unknown>> & { idempotencyKey: string; jobId?: string }> => {
    const key = opts.idempotencyKey ?? randomUUID();
    const call = {
      headers: { ...opts.headers, 'Idempotency-Key': key },
      ...(opts.signal ? { signal: opts.signal } : {}),
    };
    const first = await post(params, call);
    if (first.status !== 202)
      return { ...first, data: first.data as Record<string, unknown>, idempotencyKey: key };
    const jobId = first.data.job_id;
    if (!jobId) return { ...first, data: first.data as Record<string, unknown>, idempotencyKey: key };
    const started = Date.now();
    let total: number | null = null;
    for (;;) {
      await sleep(opts.pollIntervalMs ?? 2000);
      const res = await poll({ jobId }, opts.signal ? { signal: opts.signal } : {});
      const job = res.data as z.infer<typeof common.analystJob>;
      // progress is carried while processing; a finished run has done every step.
      total = job.progress?.total_steps ?? total;
      const finished = job.status !== 'processing';
      opts.onProgress?.({
        jobId,
        stage: job.progress?.stage ?? (finished ? job.status : null),
        completed: job.progress?.completed_steps ?? (finished ? total : null),
        total,
      });
      if (job.status !== 'processing')
        return { ...res, data: res.data as Record<string, unknown>, idempotencyKey: key, jobId };
      if (Date.now() - started > (opts.maxWaitMs ?? 10 * 60_000))
        throw new Error(
          `analyst job ${jobId} is still running after ${Math.round((Date.now() - started) / 1000)} s; poll it later`,
        );
    }
  };
}
