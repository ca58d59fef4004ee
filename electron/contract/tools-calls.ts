// Which endpoint of the typed client each online tool calls, per profile. The parameters go
// as the analyst gave them: the client refuses, before anything is sent (no token spent), a
// parameter the connected profile does not document, and the service judges the rest.
import type { Profile } from '../../shared/contract';
import type { ToolName, ToolParams } from '../../shared/contract-tools';
import { toolInProfile } from '../../shared/contract-tools';
import type { AlternateClient, ApiResult, Client, MainClient } from '../api';
import { ContractError } from './dispatch';

/** The tools.run input once checked: one tool with its own params. */
export type ToolCall = { [T in ToolName]: { tool: T; params: ToolParams<T> } }[ToolName];

export class NotInProfileError extends ContractError {
  constructor(tool: ToolName, profile: Profile) {
    const other = profile === 'main' ? 'alternate' : 'main';
    super(`the ${profile} profile's service has no ${tool} endpoint (only the ${other} profile has it)`);
  }
}

function alternate(client: Client, tool: ToolName): AlternateClient {
  if (client.profile !== 'alternate') throw new NotInProfileError(tool, client.profile);
  return client;
}

/**
 * Makes the call. An analyst POST carries the Idempotency-Key given (kept in the stored row so
 * a resend is the same run); its 202 answer is returned as is (the job), never waited on here.
 */
export async function callTool(
  client: Client,
  call: ToolCall,
  opts: { idempotencyKey?: string } = {},
): Promise<ApiResult<unknown>> {
  if (!toolInProfile(call.tool, client.profile)) throw new NotInProfileError(call.tool, client.profile);
  const main = client.profile === 'main' ? client : null;
  type Call = Promise<ApiResult<unknown>>;
  // Endpoints both profiles have: the same call, each client typed with its own parameters.
  const both = (f: (c: MainClient) => Call, g: (c: AlternateClient) => Call): Call =>
    client.profile === 'main' ? f(client) : g(client);
  switch (call.tool) {
    case 'imagery':
      return both(
        (c) => c.imagery(call.params),
        (c) => c.imagery(call.params),
      );
    case 'collection.plan':
      return main
        ? main.collectionPlan({ ...call.params, event_id: String(call.params.event_id) })
        : alternate(client, call.tool).collectionPlan(call.params);
    case 'collection.priority':
      return both(
        (c) => c.collectionPriority(call.params),
        (c) => c.collectionPriority(call.params),
      );
    case 'collection.observability':
      return both(
        (c) => c.collectionObservability(call.params),
        (c) => c.collectionObservability(call.params),
      );
    case 'assess':
      return main
        ? main.assess({ ...call.params, eventId: String(call.params.eventId) })
        : alternate(client, call.tool).assess(call.params);
    case 'analyst':
      return both(
        (c) =>
          c.analystStart(call.params, {
            headers: opts.idempotencyKey ? { 'Idempotency-Key': opts.idempotencyKey } : {},
          }),
        (c) =>
          c.analystStart(call.params, {
            headers: opts.idempotencyKey ? { 'Idempotency-Key': opts.idempotencyKey } : {},
          }),
      );
    case 'elevation': {
      const { polygon, ...rest } = call.params;
      if (polygon)
        return both(
          (c) => c.elevationOfArea({ polygon, ...(rest.bbox ? { bbox: rest.bbox } : {}) }),
          (c) => c.elevationOfArea({ polygon, ...(rest.bbox ? { bbox: rest.bbox } : {}) }),
        );
      return both(
        (c) => c.elevation(rest),
        (c) => c.elevation(rest),
      );
    }
    case 'terrain':
      return both(
        (c) => c.terrain(call.params),
        (c) => c.terrain(call.params),
      );
    case 'brief':
      return both(
        (c) => c.brief(call.params),
        (c) => c.brief(call.params),
      );
    case 'entities.search':
      return both(
        (c) => c.entities(call.params),
        (c) => c.entities(call.params),
      );
    case 'entities.detail':
      return main
        ? main.entity({ entityId: String(call.params.entityId) })
        : alternate(client, call.tool).entity({ entityId: String(call.params.entityId) });
    case 'index.series':
      return both(
        (c) => c.indexSeries(call.params),
        (c) => c.indexSeries(call.params),
      );
    case 'ships':
      return both(
        (c) => c.ships(call.params),
        (c) => c.ships(call.params),
      );
    case 'stats':
      return alternate(client, call.tool).signalStats(call.params);
    case 'hotspots':
      return alternate(client, call.tool).hotspots(call.params);
    case 'refine.location':
      return alternate(client, call.tool).refineLocation(call.params);
    case 'claims':
      return alternate(client, call.tool).claims(call.params);
    case 'signals.linked':
      if (!main) throw new NotInProfileError(call.tool, client.profile);
      return main.signals(call.params);
    // GET /passes has the same parameters in both profiles (alternate document, opening
    // paragraph); the client marks a window the service narrowed (passesWindowNarrowed).
    case 'passes':
      return both(
        (c) => c.passes(call.params),
        (c) => c.passes(call.params),
      );
    case 'discriminators': {
      const { hypotheses, ...rest } = call.params;
      return alternate(client, call.tool).discriminators({
        ...rest,
        ...(hypotheses ? { hypotheses } : {}),
      });
    }
  }
}
