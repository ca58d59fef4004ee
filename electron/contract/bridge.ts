// What the preload hands to contextBridge: exactly one function per contract row and one
// subscriber per push event, built from the table (no generic invoke, no Electron objects).
import {
  channels,
  pushEventNames,
  type Channel,
  type PushEvent,
  type WatchfloorApi,
} from '../../shared/contract';

/** The part of ipcRenderer the bridge uses (the preload passes the real one). */
export interface IpcLike {
  invoke(channel: string, input: unknown): Promise<unknown>;
  on(channel: string, listener: (event: unknown, payload: unknown) => void): unknown;
  removeListener(channel: string, listener: (event: unknown, payload: unknown) => void): unknown;
}

export const PUSH_PREFIX = 'push:';

export function buildBridge(ipc: IpcLike): WatchfloorApi {
  const api: Record<string, unknown> = {};
  for (const channel of channels) {
    api[channel] = async (input: unknown) => {
      const outcome = (await ipc.invoke(channel, input ?? {})) as
        { ok: true; result: unknown } | { ok: false; error: { code: string; message: string } };
      if (outcome.ok) return outcome.result;
      throw Object.assign(new Error(outcome.error.message), { code: outcome.error.code });
    };
  }
  const on: Record<string, unknown> = {};
  for (const event of pushEventNames) {
    on[event] = (listener: (payload: unknown) => void) => {
      // Strip the IpcRendererEvent: the window never sees an Electron object.
      const wrapped = (_e: unknown, payload: unknown) => listener(payload);
      ipc.on(PUSH_PREFIX + event, wrapped);
      return () => void ipc.removeListener(PUSH_PREFIX + event, wrapped);
    };
  }
  api.on = Object.freeze(on);
  return Object.freeze(api) as WatchfloorApi;
}

export type { Channel, PushEvent };
