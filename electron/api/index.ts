// createClient: one client per base URL and profile. The key is passed in by the caller (from
// the keychain or $WATCHFLOOR_API_KEY) and lives only inside the transport.
import { alternateEndpoints, type AlternateClient } from './alternate-client';
import { mainEndpoints, type MainClient } from './main-client';
import { Transport, type TransportOptions } from './transport';

// The one Profile type (shared/contract.ts), re-exported for this module's users.
import type { Profile } from '../../shared/contract';
export type { Profile };
export interface ClientOptions extends TransportOptions {
  profile: Profile;
}
export type Client = MainClient | AlternateClient;

export function createClient(opts: ClientOptions & { profile: 'main' }): MainClient;
export function createClient(opts: ClientOptions & { profile: 'alternate' }): AlternateClient;
export function createClient(opts: ClientOptions): Client;
export function createClient(opts: ClientOptions): Client {
  const transport = new Transport(opts);
  if (opts.profile === 'main')
    return { ...mainEndpoints(transport), profile: 'main', meter: transport.meter, line: transport.line };
  return {
    ...alternateEndpoints(transport),
    profile: 'alternate',
    meter: transport.meter,
    line: transport.line,
  };
}

export { ApiError, InputError, type ApiErrorKind } from './errors';
export type { ApiResult, BodyProgress, Clamp, Meter, RateLimit, TransferInfo } from './transport';
export { fmtBytes } from './transport';
export { LineMeter, type LineSnapshot } from './line';
export { lineFetch, wireOf } from './line-fetch';
export type { MainClient } from './main-client';
export type { AlternateClient } from './alternate-client';
