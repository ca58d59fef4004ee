// Collection (issue 14): what to collect for an event (GET /collection/plan, for an analysis
// goal), and which events of a box and window matter most (priority) or can be seen from orbit
// (observability), ranked, each selecting its event on the map. Asked now with the service,
// the cost shown before each call; every answer is stored and read again from the cache,
// offline, with the marks and clamps it came with.
import './collection.css';
import type { StoredAnswer } from '../../../../shared/contract';
import { useAppInfo, useToolAnswer } from '../../data';
import { EmptyState } from '../../ui/empty-state';
import { RunBar, useToolRunner } from '../../tools-common/run-bar';
import { ToolHistory } from '../../tools-common/tool-history';
import { PlanFields, SurveyFields } from './collection-forms';
import { buildPlan, buildSurvey, planFormOf, surveyFormOf } from './collection-params';
import { useAdoptSignal, useMapBoxes } from './collection-sources';
import { useCollectionState } from './collection-state';
import { StoredCollection, summarize, TOOL_TITLES } from './stored-collection';

export function CollectionView() {
  const info = useAppInfo().data;
  const { signalId } = useAdoptSignal();
  const boxes = useMapBoxes();
  const plan = useCollectionState((s) => s.plan);
  const survey = useCollectionState((s) => s.survey);
  const chosenId = useCollectionState((s) => s.chosenId);
  const choose = useCollectionState((s) => s.choose);
  const done = (a: StoredAnswer) => choose(a.id);
  const planRunner = useToolRunner('collection plan', done);
  const priorityRunner = useToolRunner('priority survey', done);
  const observabilityRunner = useToolRunner('observability survey', done);
  const chosen = useToolAnswer(chosenId);

  if (!info?.profile)
    return (
      <div className="list-view tool-view collection-view" data-testid="collection-view">
        <EmptyState title="No service yet">
          <p>Connect a service (or use demo mode) to plan collection.</p>
        </EmptyState>
      </div>
    );
  const profile = info.profile;
  const builtPlan = buildPlan(plan, profile);
  const builtPriority = buildSurvey(survey, 'collection.priority');
  const builtObservability = buildSurvey(survey, 'collection.observability');

  const runAgain = (a: StoredAnswer) => {
    const st = useCollectionState.getState();
    if (a.tool === 'collection.plan') {
      st.setPlan(planFormOf(a.request));
      planRunner.start({ tool: a.tool, params: a.request });
    } else if (a.tool === 'collection.priority') {
      st.setSurvey(surveyFormOf(a.request));
      priorityRunner.start({ tool: a.tool, params: a.request });
    } else if (a.tool === 'collection.observability') {
      st.setSurvey(surveyFormOf(a.request));
      observabilityRunner.start({ tool: a.tool, params: a.request });
    }
  };

  return (
    <div className="list-view tool-view collection-view" data-testid="collection-view">
      <div className="tool-layout">
        <div className="tool-side">
          <h2 className="section-title">Plan for an event</h2>
          <PlanFields profile={profile} signalSelected={signalId !== null} />
          <RunBar
            title="collection plan"
            input={builtPlan.input}
            problem={builtPlan.problem}
            runner={planRunner}
          />
          <h2 className="section-title">Survey a box and window</h2>
          <SurveyFields drawn={boxes.drawn} filter={boxes.filter} />
          <RunBar
            title="priority survey"
            input={builtPriority.input}
            problem={builtPriority.problem}
            runner={priorityRunner}
            threshold={false}
          />
          <RunBar
            title="observability survey"
            input={builtObservability.input}
            problem={null}
            runner={observabilityRunner}
            threshold={false}
          />
        </div>
        <div className="tool-main">
          {!chosenId ? (
            <EmptyState title="No answer shown">
              <p>
                Run a plan or a survey, or choose a stored one in a history below (stored answers read
                offline).
              </p>
            </EmptyState>
          ) : chosen.error ? (
            <EmptyState tone="error" title="The stored answer could not be read">
              <p>{chosen.error.message}</p>
            </EmptyState>
          ) : !chosen.data ? (
            <EmptyState tone="loading" title="Reading the stored answer…" />
          ) : (
            <StoredCollection answer={chosen.data} />
          )}
          {(['collection.plan', 'collection.priority', 'collection.observability'] as const).map((tool) => (
            <ToolHistory
              key={tool}
              tool={tool}
              title={TOOL_TITLES[tool]}
              chosenId={chosenId}
              summary={summarize}
              onChoose={(a) => choose(a.id)}
              onRunAgain={runAgain}
            />
          ))}
        </div>
      </div>
    </div>
  );
}
