// A demo service per test file, at a fixed instant so the world is the same on every run.
import type { Profile } from '../../shared/contract';
import { createClient, type AlternateClient, type MainClient } from '../../electron/api';
import { startDemoService, type DemoOptions, type DemoService } from '../../electron/demo';

export const DEMO_NOW = new Date('2026-11-20T12:00:00Z');
export const DEMO_KEY = 'demo-key';

export async function demoWithClient<P extends Profile>(
  profile: P,
  opts: Partial<DemoOptions> = {},
  clientOpts: { timeoutMs?: number; retries?: number; backoffMs?: number } = {},
): Promise<{ demo: DemoService; client: P extends 'main' ? MainClient : AlternateClient }> {
  const demo = await startDemoService({ profile, now: DEMO_NOW, signalsPerDay: 30, ...opts });
  const client = createClient({ baseUrl: demo.url, profile, apiKey: DEMO_KEY, backoffMs: 20, ...clientOpts });
  return { demo, client: client as P extends 'main' ? MainClient : AlternateClient };
}
