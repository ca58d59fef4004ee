// The alternate profile (integer ids, date + days windows, watches, notes, claims...): every
// endpoint of service-alternate-profile.md, plus those it shares with the main document.
import { MONITORING_AREA_UNDER_KM2, STANDING_ORDER_MAX_KM2 } from '../../shared/area-limits';
import * as A from '../../shared/service/alternate';
import * as common from '../../shared/service/common';
import { ANALYST_TIMEOUT_MS, analystRunner } from './analyst';
import { define } from './endpoint';
import { bothOrNeither, P, req } from './params';
import { ALTERNATE_SUBTYPES } from '../../shared/service/values';
import { ANALYSIS_GOALS, imageryQuery, MARKETS, sharedEndpoints } from './shared-endpoints';
import type { Transport } from './transport';

const window = { date: P.date(), days: P.int(1, 30) };
const survey = {
  bbox: P.bbox(),
  start_date: P.date(),
  end_date: P.date(),
  categories: P.list(),
  min_geoint_score: P.num(0, 10),
  top_n: P.int(1, 50),
};
// Parameters as in the main document: both dates or neither. "Windows are capped at 30 days"
// is the service's to apply and report, so a longer window is sent, not refused.
const surveyRules = [bothOrNeither('start_date', 'end_date')];
const watchId = { watchId: req(P.text(1)) };

export function alternateEndpoints(transport: Transport) {
  const endpoint = define(transport);
  const shared = sharedEndpoints(endpoint);
  const analystPost = endpoint({
    method: 'POST',
    path: '/analyst',
    body: { question: req(P.str(500, 1)), bbox: P.bbox(), mode: P.oneOf(['fast', 'deep'] as const) },
    schema: common.analystAnswer,
    minTimeoutMs: ANALYST_TIMEOUT_MS,
  });
  return {
    ...shared,
    signals: endpoint({
      method: 'GET',
      path: '/signals',
      query: {
        bbox: P.bbox(),
        ...window,
        categories: P.list(),
        markets: P.list(MARKETS),
        limit: P.int(1, 500),
        cursor: P.str(),
        min_severity: P.num(0, 10),
        escalating: P.bool(),
        sort: P.oneOf(['geoint'] as const),
        updated_since: P.timestamp(),
        created_since: P.timestamp(),
        observability: P.text(1),
        observability_status: P.oneOf(['observable', 'not_observable', 'insufficient_detail'] as const),
        open_data: P.text(1),
        min_information_gain: P.num(0, 1),
        taskable_only: P.bool(),
        collection_ready_only: P.bool(),
      },
      schema: A.signalsList,
    }),
    signal: endpoint({
      method: 'GET',
      path: '/signals/{id}',
      pathParams: { id: req(P.intId()) },
      schema: A.reread,
    }),
    signalStats: endpoint({
      method: 'GET',
      path: '/signals/stats',
      query: { bbox: P.bbox(), ...window, categories: P.list() },
      schema: A.stats,
    }),
    hotspots: endpoint({
      method: 'GET',
      path: '/signals/hotspots',
      query: {
        bbox: P.bbox(),
        ...window,
        categories: P.list(),
        precision: P.num(0.1, 5),
        min_severity: P.num(0, 10),
        limit: P.int(1, 500),
      },
      schema: A.hotspots,
    }),
    developments: endpoint({
      method: 'GET',
      path: '/developments',
      query: {
        bbox: P.bbox(),
        ...window,
        categories: P.list(),
        development_types: P.list(),
        notable_only: P.bool(),
        limit: P.int(1, 200),
      },
      schema: A.developments,
    }),
    thread: endpoint({
      method: 'GET',
      path: '/events/{eventId}/thread',
      pathParams: { eventId: req(P.intId()) },
      schema: A.thread,
    }),
    imagery: endpoint({
      method: 'GET',
      path: '/imagery',
      query: imageryQuery(window),
      schema: common.imagery,
    }),
    collectionPlan: endpoint({
      method: 'GET',
      path: '/collection/plan',
      query: { event_id: req(P.intId()), analysis_goal: req(P.oneOf(ANALYSIS_GOALS)), event_date: P.date() },
      schema: A.collectionPlan,
    }),
    collectionPriority: endpoint({
      method: 'GET',
      path: '/collection/priority',
      query: survey,
      rules: surveyRules,
      schema: A.collectionPriority,
    }),
    collectionObservability: endpoint({
      method: 'GET',
      path: '/collection/observability',
      query: { sensor: P.oneOf(['sentinel-2', 'sentinel-1'] as const), ...survey },
      rules: surveyRules,
      schema: A.observability,
    }),
    refineLocation: endpoint({
      method: 'POST',
      path: '/signals/{id}/refine-location',
      pathParams: { id: req(P.intId()) },
      schema: A.refineLocation,
    }),
    brief: endpoint({ method: 'GET', path: '/brief', query: { date: P.date() }, schema: A.brief }),
    assess: endpoint({
      method: 'POST',
      path: '/assess',
      body: { eventId: req(P.intId()), kind: P.oneOf(['quick', 'deep'] as const) },
      schema: common.assessment,
    }),
    analystStart: analystPost,
    analyst: analystRunner(analystPost, shared.analystJob),
    claims: endpoint({
      method: 'GET',
      path: '/claims',
      query: {
        since: P.text(4),
        evidence_class: P.text(1),
        restated_only: P.bool(),
        downgraded_only: P.bool(),
        event_id: P.intId(),
        limit: P.int(1, 200),
      },
      schema: A.claims,
    }),
    discriminators: endpoint({
      method: 'GET',
      path: '/discriminators',
      query: {
        hypotheses: P.hypotheses(),
        mode: P.oneOf(['competing', 'joint'] as const),
        event_id: P.intId(),
      },
      rules: [
        (v) =>
          v.hypotheses === undefined && v.event_id === undefined ? 'give hypotheses or event_id' : undefined,
      ],
      schema: A.discriminators,
    }),
    createStandingOrder: endpoint({
      method: 'POST',
      path: '/standing-orders',
      body: {
        bbox: req(P.bbox({ maxKm2: STANDING_ORDER_MAX_KM2 })),
        question: P.str(500),
        name: P.text(),
        cadence: P.text(1),
        categories: P.json<readonly string[]>(),
        min_geoint_score: P.num(0, 10),
        min_new_events: P.num(1, 50),
        notify_email: P.bool(),
      },
      schema: A.orderCreated,
    }),
    setStandingOrderActive: endpoint({
      method: 'POST',
      path: '/standing-orders/{orderId}',
      pathParams: { orderId: req(P.uuid()) },
      body: { active: req(P.bool()) },
      schema: A.orderPaused,
    }),
    deleteStandingOrder: endpoint({
      method: 'DELETE',
      path: '/standing-orders/{orderId}',
      pathParams: { orderId: req(P.uuid()) },
      schema: A.deleted,
    }),
    createMonitoringArea: endpoint({
      method: 'POST',
      path: '/monitoring',
      body: {
        bbox: req(P.bbox({ underKm2: MONITORING_AREA_UNDER_KM2 })),
        metric: req(P.text(1)),
        name: P.text(),
        start_date: P.date(),
      },
      schema: common.monitoringCreated,
    }),
    entities: endpoint({
      method: 'GET',
      path: '/entities',
      query: {
        q: req(P.text(2)),
        subtypes: P.list(ALTERNATE_SUBTYPES),
        limit: P.int(1, 50),
      },
      schema: common.entitySearch,
    }),
    entity: endpoint({
      method: 'GET',
      path: '/entities/{entityId}',
      pathParams: { entityId: req(P.text(1)) },
      schema: common.entityHistory,
    }),
    watches: endpoint({
      method: 'GET',
      path: '/watches',
      query: { updated_since: P.timestamp(), cursor: P.str(), limit: P.int(1, 500) },
      schema: A.watches,
    }),
    createWatch: endpoint({
      method: 'POST',
      path: '/watches',
      body: {
        target_type: req(P.oneOf(['event', 'area'] as const)),
        event_id: P.intId(),
        bbox: P.bbox(),
        name: P.text(),
        notify_email: P.bool(),
      },
      rules: [
        (v) =>
          v.target_type === 'event' && v.event_id === undefined ? 'an event watch needs event_id' : undefined,
        (v) => (v.target_type === 'area' && v.bbox === undefined ? 'an area watch needs bbox' : undefined),
      ],
      schema: A.watchCreated,
    }),
    watch: endpoint({
      method: 'GET',
      path: '/watches/{watchId}',
      pathParams: watchId,
      query: { include_passes: P.bool() },
      schema: A.watchDetail,
    }),
    decisionPackage: endpoint({
      method: 'GET',
      path: '/watches/{watchId}/decision-package',
      pathParams: watchId,
      schema: A.decisionPackage,
    }),
    updateWatch: endpoint({
      method: 'PATCH',
      path: '/watches/{watchId}',
      pathParams: watchId,
      body: {
        name: P.text(),
        status: P.oneOf(['active', 'paused', 'saved'] as const),
        notify_email: P.bool(),
        // No length is given here (the 500-character limit is POST /standing-orders').
        question: P.text(),
      },
      schema: A.watchPatched,
    }),
    deleteWatch: endpoint({
      method: 'DELETE',
      path: '/watches/{watchId}',
      pathParams: watchId,
      schema: A.watchDeleted,
    }),
    addNote: endpoint({
      method: 'POST',
      path: '/watches/{watchId}/notes',
      pathParams: watchId,
      body: {
        note: req(P.text(1)),
        title: P.text(),
        parent_id: P.text(1),
        // Allowed values are not shown: send what the analyst picked (ICD 203 terms are offered in the window; the service's answer is shown).
        confidence: P.text(1),
        likelihood: P.text(1),
        gaps: P.json<readonly string[]>(),
        next_check: P.text(),
      },
      rules: [
        (v) =>
          v.parent_id !== undefined && v.title !== undefined ? 'a reply cannot have a title' : undefined,
      ],
      schema: A.noteCreated,
    }),
    deleteNote: endpoint({
      method: 'DELETE',
      path: '/watches/{watchId}/notes/{noteId}',
      pathParams: { ...watchId, noteId: req(P.text(1)) },
      // The response is not shown: keep whatever comes back.
      schema: common.anyObj,
    }),
  };
}

export type AlternateClient = ReturnType<typeof alternateEndpoints> & {
  profile: 'alternate';
  meter: Transport['meter'];
  line: Transport['line'];
};
