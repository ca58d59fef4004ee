// The main profile (uuid ids, start_date/end_date): every endpoint of service-main-profile.md.
import { MONITORING_AREA_UNDER_KM2, STANDING_ORDER_MAX_KM2 } from '../../shared/area-limits';
import * as common from '../../shared/service/common';
import * as M from '../../shared/service/main';
import { define } from './endpoint';
import { ANALYSIS_GOALS, imageryQuery, MARKETS, sharedEndpoints, SUBTYPES } from './shared-endpoints';
import { bothOrNeither, ordered, P, req } from './params';
import type { Transport } from './transport';
import { ANALYST_TIMEOUT_MS, analystRunner } from './analyst';

export const STAGES = ['reported', 'localized', 'pinpointed'] as const;
const window = { start_date: P.date(), end_date: P.date() };
const windowRules = [bothOrNeither('start_date', 'end_date'), ordered('start_date', 'end_date')];
// A window longer than a document's cap is sent, not refused: imagery ("at most 30 days"),
// priority and observability ("capped at 30 days") state no refusal, and the service says
// what it applied (meta.window_clamp, meta.start_date/end_date). Only what a document says
// the service refuses is refused here.
const survey = {
  bbox: P.bbox(),
  ...window,
  categories: P.list(),
  min_geoint_score: P.num(0, 10),
  top_n: P.int(1, 50),
};

export function mainEndpoints(transport: Transport) {
  const endpoint = define(transport);
  const analystPost = endpoint({
    method: 'POST',
    path: '/analyst',
    body: { question: req(P.str(500, 1)), bbox: P.bbox(), mode: P.oneOf(['fast', 'deep'] as const) },
    schema: common.analystAnswer,
    minTimeoutMs: ANALYST_TIMEOUT_MS,
  });
  const shared = sharedEndpoints(endpoint);
  return {
    ...shared,
    signals: endpoint({
      method: 'GET',
      path: '/signals',
      query: {
        bbox: P.bbox(),
        ...window,
        recency: P.oneOf(['15m', '1h', '24h'] as const),
        categories: P.list(),
        q: P.q(),
        stages: P.list(STAGES),
        min_severity_band: P.oneOf([4, 6, 9] as const),
        min_publishers: P.oneOf([2, 3, 5] as const),
        markets: P.list(MARKETS),
        placement: P.oneOf(['all', 'map', 'list'] as const),
        linked_to: P.text(3),
        watch_id: P.text(1),
        sort: P.oneOf(['latest', 'oldest', 'geoint'] as const),
        updated_since: P.timestamp(),
        limit: P.int(1, 500),
        cursor: P.str(),
      },
      rules: [
        ...windowRules,
        (v) =>
          typeof v.linked_to === 'string' && !/^(facility|place|actor):.+/i.test(v.linked_to)
            ? 'linked_to must be facility:<entity_id>, place:<place_key> or actor:<name>'
            : undefined,
      ],
      schema: M.signalsList,
    }),
    signal: endpoint({
      method: 'GET',
      path: '/signals/{id}',
      pathParams: { id: req(P.uuid()) },
      schema: M.reread,
    }),
    developments: endpoint({
      method: 'GET',
      path: '/developments',
      query: {
        bbox: P.bbox(),
        ...window,
        categories: P.list(),
        axes: P.list(),
        notable_only: P.bool(),
        include_member_count: P.bool(),
        limit: P.int(1, 200),
        offset: P.int(0, Number.MAX_SAFE_INTEGER),
      },
      rules: windowRules,
      schema: M.developments,
    }),
    thread: endpoint({
      method: 'GET',
      path: '/events/{eventId}/thread',
      pathParams: { eventId: req(P.uuid()) },
      schema: M.thread,
    }),
    imagery: endpoint({
      method: 'GET',
      path: '/imagery',
      query: imageryQuery(window),
      rules: windowRules,
      schema: common.imagery,
    }),
    collectionPlan: endpoint({
      method: 'GET',
      path: '/collection/plan',
      query: { event_id: req(P.uuid()), analysis_goal: req(P.oneOf(ANALYSIS_GOALS)), event_date: P.date() },
      schema: M.collectionPlan,
    }),
    collectionPriority: endpoint({
      method: 'GET',
      path: '/collection/priority',
      query: survey,
      rules: windowRules,
      schema: M.collectionPriority,
    }),
    collectionObservability: endpoint({
      method: 'GET',
      path: '/collection/observability',
      query: { sensor: P.oneOf(['sentinel-2', 'sentinel-1'] as const), ...survey },
      rules: windowRules,
      schema: M.observability,
    }),
    brief: endpoint({
      method: 'GET',
      path: '/brief',
      query: { period: P.oneOf(['daily', 'weekly', 'monthly'] as const), date: P.date() },
      schema: M.brief,
    }),
    assess: endpoint({
      method: 'POST',
      path: '/assess',
      body: { eventId: req(P.uuid()), kind: P.oneOf(['quick', 'deep'] as const) },
      schema: common.assessment,
    }),
    analystStart: analystPost,
    analyst: analystRunner(analystPost, shared.analystJob),
    createStandingOrder: endpoint({
      method: 'POST',
      path: '/standing-orders',
      body: { bbox: req(P.bbox({ maxKm2: STANDING_ORDER_MAX_KM2 })), name: P.text(), notify_email: P.bool() },
      schema: M.orderCreated,
    }),
    createMonitoringArea: endpoint({
      method: 'POST',
      path: '/monitoring',
      body: {
        bbox: req(P.bbox({ underKm2: MONITORING_AREA_UNDER_KM2 })),
        metric: req(P.text(1)),
        name: P.text(),
        satellite: P.text(),
        start_date: P.date(),
      },
      schema: common.monitoringCreated,
    }),
    entities: endpoint({
      method: 'GET',
      path: '/entities',
      query: { q: req(P.text(2)), subtypes: P.list(SUBTYPES), limit: P.int(1, 50) },
      schema: common.entitySearch,
    }),
    entity: endpoint({
      method: 'GET',
      path: '/entities/{entityId}',
      pathParams: { entityId: req(P.uuid()) },
      schema: common.entityHistory,
    }),
  };
}

export type MainClient = ReturnType<typeof mainEndpoints> & {
  profile: 'main';
  meter: Transport['meter'];
  line: Transport['line'];
};
