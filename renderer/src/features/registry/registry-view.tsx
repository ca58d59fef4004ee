// Registry (issue 14): the service's location registry. Search entities by name and subtype
// (1 token), look up an entity's history: the events linked to it, each with the basis of the
// link (1 token), and on the main profile the signals linked to it (GET /signals with
// linked_to, where the plan allows; a plan without it says which plan has it). The cost is
// shown before each call; every answer is stored and read again from the cache, offline.
import './registry.css';
import type { StoredAnswer } from '../../../../shared/contract';
import { useAppInfo, useToolAnswer } from '../../data';
import { EmptyState } from '../../ui/empty-state';
import { CostLine, RunBar, useToolRunner } from '../../tools-common/run-bar';
import { ToolHistory } from '../../tools-common/tool-history';
import { StoredFrame } from './answer-head';
import { EntityHistoryAnswer } from './entity-history';
import { EntityResults } from './entity-results';
import { LinkedSignals } from './linked-signals';
import { LookupOutcome } from './lookup-outcome';
import { buildSearch, linkedTo, summarize } from './registry-params';
import { useRegistryState } from './registry-state';
import { SearchFields } from './search-form';

/** A stored answer chosen in view: read from the cache, or why it cannot be. */
function useChosen(id: string | null) {
  const q = useToolAnswer(id);
  const state = !id ? null : q.error ? (
    <EmptyState tone="error" title="The stored answer could not be read">
      <p>{q.error.message}</p>
    </EmptyState>
  ) : !q.data ? (
    <EmptyState tone="loading" title="Reading the stored answer…" />
  ) : null;
  return { data: id ? (q.data ?? null) : null, state };
}

export function RegistryView() {
  const info = useAppInfo().data;
  const form = useRegistryState((s) => s.form);
  const st = useRegistryState();
  const search = useToolRunner('entity search', (a) => st.chooseSearch(a.id));
  const detail = useToolRunner('entity history', (a) => st.chooseDetail(a.id));
  const linked = useToolRunner('linked signals', (a) => st.chooseLinked(a.id));
  const shownSearch = useChosen(st.searchId);
  const shownDetail = useChosen(st.detailId);
  const shownLinked = useChosen(st.linkedId);

  if (!info?.profile)
    return (
      <div className="list-view tool-view registry-view" data-testid="registry-view">
        <EmptyState title="No service yet">
          <p>Connect a service (or use demo mode) to search its location registry.</p>
        </EmptyState>
      </div>
    );
  const profile = info.profile;
  const built = buildSearch(form);
  const searchAnswer = shownSearch.data?.tool === 'entities.search' ? shownSearch.data : null;
  const detailAnswer = shownDetail.data?.tool === 'entities.detail' ? shownDetail.data : null;
  const linkedAnswer = shownLinked.data?.tool === 'signals.linked' ? shownLinked.data : null;
  const entityId = detailAnswer ? String(detailAnswer.request.entityId) : null;
  const linkedInput = entityId
    ? ({ tool: 'signals.linked', params: { linked_to: linkedTo(entityId) } } as const)
    : null;

  const runAgain = (a: StoredAnswer) => {
    if (a.tool === 'entities.search') {
      st.set({
        q: a.request.q,
        subtypes: a.request.subtypes ?? [],
        limit: a.request.limit === undefined ? '' : String(a.request.limit),
      });
      search.start({ tool: a.tool, params: a.request });
    } else if (a.tool === 'entities.detail') detail.start({ tool: a.tool, params: a.request });
    else if (a.tool === 'signals.linked') linked.start({ tool: a.tool, params: a.request });
  };
  const history = (tool: 'entities.search' | 'entities.detail' | 'signals.linked', title: string) => (
    <ToolHistory
      tool={tool}
      title={title}
      chosenId={
        tool === 'entities.search' ? st.searchId : tool === 'entities.detail' ? st.detailId : st.linkedId
      }
      summary={summarize}
      onChoose={(a) =>
        tool === 'entities.search'
          ? st.chooseSearch(a.id)
          : tool === 'entities.detail'
            ? st.chooseDetail(a.id)
            : st.chooseLinked(a.id)
      }
      onRunAgain={runAgain}
    />
  );

  return (
    <div className="list-view tool-view registry-view" data-testid="registry-view">
      <div className="tool-layout">
        <div className="tool-side">
          <h2 className="section-title">Location registry</h2>
          <SearchFields profile={profile} />
          <RunBar title="entity search" input={built.input} problem={built.problem} runner={search} />
        </div>
        <div className="tool-main">
          {shownSearch.state ??
            (searchAnswer ? (
              <StoredFrame answer={searchAnswer} label="Entity search answer" title="Entities">
                <EntityResults
                  answer={searchAnswer}
                  chosenEntity={entityId}
                  busy={detail.pending}
                  onHistory={(e) => detail.start({ tool: 'entities.detail', params: { entityId: e.id } })}
                />
              </StoredFrame>
            ) : (
              <EmptyState title="No search shown">
                <p>
                  Search the registry, or choose a stored search in a history below (stored answers read
                  offline).
                </p>
              </EmptyState>
            ))}
          <LookupOutcome runner={detail} testId="history-outcome" />
          {shownDetail.state ??
            (detailAnswer && (
              <StoredFrame answer={detailAnswer} label="Entity history answer" title="Entity history">
                <EntityHistoryAnswer answer={detailAnswer} />
                {profile === 'main' && linkedInput ? (
                  <div className="registry-linked-ask">
                    <CostLine tool="signals.linked" params={linkedInput.params} />
                    <button type="button" disabled={linked.pending} onClick={() => linked.start(linkedInput)}>
                      Find the signals linked to this entity
                    </button>
                  </div>
                ) : (
                  <p className="muted">
                    This service’s signal list has no linked_to filter (the main profile’s has).
                  </p>
                )}
              </StoredFrame>
            ))}
          <LookupOutcome runner={linked} testId="linked-outcome" />
          {shownLinked.state ??
            (linkedAnswer && (
              <StoredFrame answer={linkedAnswer} label="Linked signals answer" title="Linked signals">
                <LinkedSignals answer={linkedAnswer} />
              </StoredFrame>
            ))}
          {history('entities.search', 'Entity search')}
          {history('entities.detail', 'Entity lookup')}
          {profile === 'main' && history('signals.linked', 'Linked signals')}
        </div>
      </div>
    </div>
  );
}
