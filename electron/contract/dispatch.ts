// The one choke point every call from the window passes, whatever the transport:
// unknown channels refused, input validated against the table, errors turned into
// a body the renderer can show — never a crash of main.
import type { z } from 'zod';
import {
  capabilities,
  type Channel,
  type ContractErrorBody,
  type ParsedInput,
  type Result,
} from '../../shared/contract';

export type Handlers = { [C in Channel]: (input: ParsedInput<C>) => Promise<Result<C>> | Result<C> };
export type DispatchOutcome = { ok: true; result: unknown } | { ok: false; error: ContractErrorBody };
export type Dispatcher = (channel: string, rawInput: unknown) => Promise<DispatchOutcome>;

/** A handler's refusal with a message meant for the analyst. */
export class ContractError extends Error {
  constructor(
    message: string,
    readonly code: ContractErrorBody['code'] = 'failed',
  ) {
    super(message);
    this.name = 'ContractError';
  }
}

const isChannel = (c: string): c is Channel => Object.hasOwn(capabilities, c);

function issuesOf(error: z.ZodError): { path: string; message: string }[] {
  return error.issues.map((i) => ({ path: i.path.join('.') || '(input)', message: i.message }));
}

export function createDispatcher(handlers: Handlers, log: (line: string) => void = () => {}): Dispatcher {
  return async (channel, rawInput) => {
    if (!isChannel(channel))
      return { ok: false, error: { code: 'unknown_channel', message: `no such call: ${channel}` } };
    const parsed = capabilities[channel].input.safeParse(rawInput ?? {});
    if (!parsed.success) {
      const issues = issuesOf(parsed.error);
      return {
        ok: false,
        error: {
          code: 'invalid_input',
          message: `${channel}: ${issues.map((i) => `${i.path} ${i.message}`).join('; ')}`,
          issues,
        },
      };
    }
    try {
      const handler = handlers[channel] as (input: unknown) => unknown;
      return { ok: true, result: await handler(parsed.data) };
    } catch (err) {
      // Only the message crosses; stacks and causes stay in main (they might hold paths).
      const message = err instanceof Error ? err.message : String(err);
      log(`${channel} failed: ${message}`);
      return { ok: false, error: { code: err instanceof ContractError ? err.code : 'failed', message } };
    }
  };
}

// The push bus is the runtime's (it emits); re-exported for the hosts that carry it.
export { createPushBus, type PushBus } from '../runtime/push-bus';
