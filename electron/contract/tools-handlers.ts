// The online tools (shared/contract-tools.ts): a call made now with the account's key (the
// key stays in main, the link monitor sees the call), stored in the cache with its request,
// time, answer, charge and clamps, and read back offline. A call the service refused (402:
// tokens ran out, 403: the plan lacks it, a lost link) is stored too, in the service's words,
// so the history shows it; a call refused here before sending (a parameter the profile does
// not document, no key, a price not confirmed) reached no one and is not stored. Each stored
// row pushes `cache.changed` with the resource 'tool_answers'.
import { randomUUID } from 'node:crypto';
import type { ClampNote, JsonValue, PushedResource } from '../../shared/contract';
import {
  DEFAULT_CONFIRM_ABOVE,
  type StoredAnswer,
  type ToolJob,
  type ToolsWallet,
} from '../../shared/contract-tools';
import { describePrice, needsConfirmation, priceOfCall } from '../../shared/tool-prices';
import type { Account } from '../account';
import type { AnalystAnswer } from '../../shared/service/common';
import { ApiError, InputError, type ApiResult, type Clamp } from '../api';
import {
  getToolAnswer,
  getToolSetting,
  insertToolAnswer,
  lastStatedRemaining,
  listToolAnswers,
  setToolSetting,
  toolsChargedSince,
} from '../cache/tool-answers';
import { ContractError, type Handlers } from './dispatch';
import { callTool, type ToolCall } from './tools-calls';
import { createJobPoller } from './tools-jobs';

type ToolsChannel = 'tools.run' | 'tools.history' | 'tools.answer' | 'tools.wallet' | 'tools.configure';

export const TOOL_ANSWERS_RESOURCE: PushedResource = 'tool_answers';
const CONFIRM_ABOVE = 'confirmAbove';

export interface ToolsDeps {
  account: () => Account;
  /** Tells the window what changed (the push bus's cache.changed). */
  changed: (resources: PushedResource[]) => void;
  now?: () => Date;
  /** Between polls of a running analyst job (default 2 s). */
  jobPollMs?: number;
  /**
   * Subscribes to each account's opening (the account holder's onOpen): jobs a restart left
   * running are followed again as soon as the account opens, not at the window's first call.
   */
  onAccountOpen?: (listener: (account: Account) => void) => void;
}

const CLAMP_WORDS: Record<Clamp['kind'], string> = {
  window_clamp: 'the service narrowed the time window',
  filter_clamp: 'the plan dropped or replaced a filter',
  plan_lock: 'the plan withholds some detail of this answer',
};

/** A clamp of one answer, in the words the window shows where the answer is shown. */
function clampNote(tool: string, c: Clamp): ClampNote {
  const plans = c.requiredPlans?.length ? `; lifted by: ${c.requiredPlans.join(', ')}` : '';
  const detail = (c.detail ?? null) as JsonValue;
  return {
    stream: tool,
    kind: c.kind,
    detail,
    requiredPlans: c.requiredPlans?.length ? [...c.requiredPlans] : null,
    wording: `${CLAMP_WORDS[c.kind]}: ${JSON.stringify(detail)}${plans}`,
  };
}

const field = (data: unknown, name: string): JsonValue | null => {
  if (!data || typeof data !== 'object') return null;
  const d = data as Record<string, unknown> & { meta?: Record<string, unknown> };
  const v = d[name] ?? d.meta?.[name];
  return v === undefined ? null : (v as JsonValue);
};

const startOfUtcDay = (d: Date) =>
  new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate())).toISOString();

export function createToolsHandlers(deps: ToolsDeps): Pick<Handlers, ToolsChannel> {
  const now = deps.now ?? (() => new Date());
  const jobs = createJobPoller({
    changed: deps.changed,
    now,
    ...(deps.jobPollMs !== undefined ? { intervalMs: deps.jobPollMs } : {}),
  });
  deps.onAccountOpen?.((account) => jobs.resume(account));
  /** The account at each call; its jobs left running (by a restart) are followed again. */
  const current = (): Account => {
    const account = deps.account();
    jobs.resume(account);
    return account;
  };

  function confirmAbove(account: Account): number {
    const v = getToolSetting(account.db, CONFIRM_ABOVE);
    return typeof v === 'number' ? v : DEFAULT_CONFIRM_ABOVE;
  }

  function wallet(account: Account): ToolsWallet {
    const toolsSpent = toolsChargedSince(account.db, startOfUtcDay(now()));
    const stated = lastStatedRemaining(account.db);
    const st = account.runtime.scheduler.state;
    const syncRemaining = account.runtime.lastSummary()?.tokens.remaining ?? null;
    // The newer of the two balances the service stated: a tool call's or the last sync's.
    const fromSync =
      syncRemaining !== null && st.lastRunAt !== null && (!stated || st.lastRunAt > stated.at)
        ? { remaining: syncRemaining, at: st.lastRunAt }
        : null;
    const latest = fromSync ?? stated;
    return {
      remaining: latest?.remaining ?? null,
      remainingAsOf: latest?.at ?? null,
      spentToday: toolsSpent + st.spentToday,
      toolsSpentToday: toolsSpent,
      confirmAbove: confirmAbove(account),
    };
  }

  /** The row of a call the service answered (a 202 analyst answer is a job still running). */
  function answered(
    base: StoredAnswer,
    res: ApiResult<unknown>,
    idempotencyKey: string | null,
  ): StoredAnswer {
    const progress = (res.data as { progress?: AnalystAnswer['progress'] }).progress;
    const job: ToolJob | null =
      base.tool === 'analyst' && res.status === 202
        ? {
            jobId: String((res.data as { job_id?: unknown }).job_id ?? ''),
            idempotencyKey: idempotencyKey ?? '',
            stage: progress?.stage ?? null,
            completed: progress?.completed_steps ?? null,
            total: progress?.total_steps ?? null,
            polledAt: null,
          }
        : null;
    return {
      ...base,
      status: job ? 'running' : 'done',
      answeredAt: job ? null : now().toISOString(),
      answer: res.data,
      charged: res.tokens?.charged ?? null,
      remaining: res.tokens?.remaining ?? null,
      clamps: res.clamps.map((c) => clampNote(base.tool, c)),
      planLock: field(res.data, 'plan_lock'),
      withheld: field(res.data, 'detail_withheld'),
      job,
    } as StoredAnswer;
  }

  return {
    'tools.run': async (input) => {
      const account = current();
      const call = { tool: input.tool, params: input.params } as ToolCall;
      const params = input.params as Record<string, unknown>;
      const threshold = confirmAbove(account);
      if (!input.confirmed && needsConfirmation(call.tool, params, threshold))
        throw new ContractError(
          `${call.tool} costs ${describePrice(priceOfCall(call.tool, params))}, which may exceed your ` +
            `confirmation threshold of ${threshold} tokens: confirm the call to make it`,
          'forbidden',
        );
      const idempotencyKey = call.tool === 'analyst' ? randomUUID() : null;
      const base = {
        id: `tool:${randomUUID()}`,
        tool: call.tool,
        profile: account.profile,
        demo: account.mode === 'demo',
        request: call.params,
        askedAt: now().toISOString(),
        answeredAt: null,
        status: 'failed',
        answer: null,
        charged: null,
        remaining: null,
        clamps: [],
        planLock: null,
        withheld: null,
        error: null,
        job: null,
      } as StoredAnswer;
      let row: StoredAnswer;
      try {
        const res = await account.runtime.online((client) =>
          callTool(client, call, idempotencyKey ? { idempotencyKey } : {}),
        );
        row = answered(base, res, idempotencyKey);
      } catch (e) {
        // Refused before sending: nothing was asked, nothing is stored.
        if (e instanceof InputError) throw new ContractError(e.message, 'invalid_input');
        if (!(e instanceof ApiError)) throw e;
        row = {
          ...base,
          answeredAt: now().toISOString(),
          error: { code: e.kind, status: e.status ?? null, message: e.message },
        };
      }
      const stored = insertToolAnswer(account.db, row);
      deps.changed([TOOL_ANSWERS_RESOURCE]);
      jobs.follow(account, stored);
      return stored;
    },
    'tools.history': ({ tool, limit }) => ({
      answers: listToolAnswers(current().db, {
        ...(tool ? { tool } : {}),
        ...(limit ? { limit } : {}),
      }),
    }),
    'tools.answer': ({ id }) => {
      const found = getToolAnswer(current().db, id);
      if (!found) throw new ContractError(`no stored answer with id ${id}`, 'not_found');
      return found;
    },
    'tools.wallet': () => wallet(current()),
    'tools.configure': ({ confirmAbove: value }) => {
      const account = current();
      setToolSetting(account.db, CONFIRM_ABOVE, value, now().toISOString());
      deps.changed([TOOL_ANSWERS_RESOURCE]);
      return wallet(account);
    },
  };
}
