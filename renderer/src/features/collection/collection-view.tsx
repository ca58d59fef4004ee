// Collection (issue 14): what to collect for an event (GET /collection/plan, for an analysis
// goal), and which events of a box and window matter most (priority) or can be seen from orbit
// (observability), ranked, each selecting its event on the map. Asked now with the service,
// the cost shown before each call; every answer is stored and read again from the cache,
// offline, with the marks and clamps it came with. One answer is in view, whichever call's.
import './collection.css';
import { useAppInfo } from '../../data';
import { defineToolView, toolRun, type Built } from '../../tools-common/define-tool';
import { PlanFields, SurveyFields } from './collection-forms';
import {
  buildPlan,
  buildSurvey,
  planFormOf,
  summarizePlan,
  summarizeSurvey,
  surveyFormOf,
  type SurveyTool,
} from './collection-params';
import { useCollectionState } from './collection-state';
import { PlanAnswer } from './plan-answer';
import { SurveyAnswer } from './stored-collection';

const state = () => useCollectionState.getState();
const useChosen = () => useCollectionState((s) => s.chosenId);
const choose = (id: string | null) => state().choose(id);
const useSurvey = (tool: SurveyTool): Built =>
  buildSurvey(
    useCollectionState((s) => s.survey),
    tool,
  );

export const CollectionView = defineToolView({
  testId: 'collection-view',
  className: 'collection-view',
  what: 'a collection plan or survey',
  runs: [
    toolRun({
      tool: 'collection.plan',
      name: 'collection plan',
      title: 'Collection plan',
      answerHeading: 'Collection plan',
      heading: 'Plan for an event',
      Form: PlanFields,
      useBuilt: () =>
        buildPlan(
          useCollectionState((s) => s.plan),
          useAppInfo().data?.profile ?? 'main',
        ),
      useChosen,
      choose,
      summarize: summarizePlan,
      refill: (request) => state().setPlan(planFormOf(request)),
      Answer: PlanAnswer,
    }),
    toolRun({
      tool: 'collection.priority',
      name: 'priority survey',
      title: 'Priority survey',
      answerHeading: 'Priority survey',
      heading: 'Survey a box and window',
      Form: SurveyFields,
      threshold: false,
      useBuilt: () => useSurvey('collection.priority'),
      useChosen,
      choose,
      summarize: summarizeSurvey,
      refill: (request) => state().setSurvey(surveyFormOf(request)),
      Answer: SurveyAnswer,
    }),
    toolRun({
      tool: 'collection.observability',
      name: 'observability survey',
      title: 'Observability survey',
      answerHeading: 'Observability survey',
      threshold: false,
      // Why the fields make no call is said once, above (the priority survey's bar).
      useBuilt: () => {
        const built = useSurvey('collection.observability');
        return built.input ? built : { input: null, problem: '' };
      },
      useChosen,
      choose,
      summarize: summarizeSurvey,
      refill: (request) => state().setSurvey(surveyFormOf(request)),
      Answer: SurveyAnswer,
    }),
  ],
  oneAnswer: {
    useChosen,
    choose,
    empty: 'Run a plan or a survey, or choose a stored one in a history below (stored answers read offline).',
  },
});
