// Registry (issue 14): the service's location registry. Search entities by name and subtype
// (1 token), look up an entity's history: the events linked to it, each with the basis of the
// link (1 token), and on the main profile the signals linked to it (GET /signals with
// linked_to, where the plan allows; a plan without it says which plan has it). The cost is
// shown before each call; every answer is stored and read again from the cache, offline.
import './registry.css';
import type { StoredAnswerOf } from '../../../../shared/contract';
import { useAppInfo } from '../../data';
import { CostLine } from '../../tools-common/run-bar';
import { defineToolView, toolRun, useRunner } from '../../tools-common/define-tool';
import { EntityHistoryAnswer } from './entity-history';
import { EntityResults } from './entity-results';
import { LinkedSignals } from './linked-signals';
import { buildSearch, linkedTo, summarizeDetail, summarizeLinked, summarizeSearch } from './registry-params';
import { useRegistryState } from './registry-state';
import { SearchFields } from './search-form';

/** An entity's history, and (main profile) a call away, the signals linked to it. */
function DetailAnswer({ answer }: { answer: StoredAnswerOf<'entities.detail'> }) {
  const profile = useAppInfo().data?.profile;
  const linked = useRunner('signals.linked');
  const input = { tool: 'signals.linked', params: { linked_to: linkedTo(answer.request.entityId) } } as const;
  return (
    <>
      <EntityHistoryAnswer answer={answer} />
      {profile === 'main' ? (
        <div className="registry-linked-ask">
          <CostLine tool="signals.linked" params={input.params} />
          <button type="button" disabled={linked.pending} onClick={() => linked.start(input)}>
            Find the signals linked to this entity
          </button>
        </div>
      ) : (
        <p className="muted">This service’s signal list has no linked_to filter (the main profile’s has).</p>
      )}
    </>
  );
}

const state = () => useRegistryState.getState();

export const RegistryView = defineToolView({
  testId: 'registry-view',
  className: 'registry-view',
  what: 'entities of its location registry',
  runs: [
    toolRun({
      tool: 'entities.search',
      name: 'entity search',
      title: 'Entity search',
      answerHeading: 'Entities',
      heading: 'Location registry',
      empty:
        'Search the registry, or choose a stored search in a history below (stored answers read offline).',
      Form: SearchFields,
      useBuilt: () => buildSearch(useRegistryState((s) => s.form)),
      useChosen: () => useRegistryState((s) => s.searchId),
      choose: (id) => state().chooseSearch(id),
      summarize: summarizeSearch,
      refill: (r) =>
        state().set({
          q: r.q,
          subtypes: r.subtypes ?? [],
          limit: r.limit === undefined ? '' : String(r.limit),
        }),
      Answer: EntityResults,
    }),
    toolRun({
      tool: 'entities.detail',
      name: 'entity history',
      title: 'Entity lookup',
      answerLabel: 'Entity history answer',
      answerHeading: 'Entity history',
      place: 'main',
      outcomeTestId: 'history-outcome',
      useChosen: () => useRegistryState((s) => s.detailId),
      choose: (id) => state().chooseDetail(id),
      summarize: summarizeDetail,
      Answer: DetailAnswer,
    }),
    toolRun({
      tool: 'signals.linked',
      name: 'linked signals',
      title: 'Linked signals',
      answerHeading: 'Linked signals',
      place: 'main',
      profile: 'main',
      outcomeTestId: 'linked-outcome',
      useChosen: () => useRegistryState((s) => s.linkedId),
      choose: (id) => state().chooseLinked(id),
      summarize: summarizeLinked,
      Answer: LinkedSignals,
    }),
  ],
  historiesLast: true,
});
