// Stored tool answers and a fake of the tools rows for the Terrain, Hotspots, Claims,
// Discriminators and refine-location tests: tools.run stores what the test's answer function
// gives and lists it in the history, as main does.
import type { AppInfo, StoredAnswer, ToolRunInput, ToolsWallet } from '../../shared/contract';
import { DEMO_INFO, fakeClient } from './fake-client';

export const wallet = (over: Partial<ToolsWallet> = {}): ToolsWallet => ({
  remaining: 98,
  remainingAsOf: '2026-11-20T11:00:00Z',
  spentToday: 2,
  toolsSpentToday: 2,
  confirmAbove: 10,
  ...over,
});

/** A stored call of `tool` with `request` and `answer` (the rest as a plain done call). */
export function storedAnswer<T extends StoredAnswer['tool']>(
  tool: T,
  request: Extract<StoredAnswer, { tool: T }>['request'],
  answer: Extract<StoredAnswer, { tool: T }>['answer'],
  over: Partial<StoredAnswer> = {},
): StoredAnswer {
  return {
    id: `tool:${Math.random().toString(36).slice(2)}`,
    tool,
    profile: 'alternate',
    demo: true,
    request,
    askedAt: '2026-11-20T11:00:00Z',
    answeredAt: '2026-11-20T11:00:01Z',
    status: 'done',
    answer,
    charged: null,
    remaining: 98,
    clamps: [],
    planLock: null,
    withheld: null,
    error: null,
    job: null,
    ...over,
  } as StoredAnswer;
}

export function toolsClient(
  answerOf: (input: ToolRunInput) => StoredAnswer,
  opts: {
    profile?: AppInfo['profile'];
    stored?: StoredAnswer[];
    extra?: Parameters<typeof fakeClient>[0];
  } = {},
) {
  const answers: StoredAnswer[] = [...(opts.stored ?? [])];
  const client = fakeClient({
    'app.info': () => ({ ...DEMO_INFO, profile: opts.profile ?? 'alternate' }),
    'tools.wallet': () => wallet(),
    'tools.history': ({ tool }) => ({ answers: answers.filter((a) => !tool || a.tool === tool) }),
    'tools.answer': ({ id }) => {
      const a = answers.find((x) => x.id === id);
      if (!a) throw new Error(`no stored answer ${id}`);
      return a;
    },
    'tools.run': (input) => {
      const a = answerOf(input as ToolRunInput);
      answers.unshift(a);
      return a;
    },
    ...opts.extra,
  });
  return { client, answers };
}
