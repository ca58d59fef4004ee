// A demo service per test file, at a fixed instant so the world is the same on every run.
import type { Profile } from '../../shared/contract';
import { createClient, type AlternateClient, type MainClient } from '../../electron/api';
import { startDemoService, type DemoOptions, type DemoService } from '../../electron/demo';
import type { DemoWatch } from '../../electron/demo/world-types';

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

type DemoPackage = DemoWatch['packages'][number];

/**
 * The service publishes a new decision-package revision of a watch, a minute on: the first
 * discriminator's verdict moves to actionable, "port AIS traffic" is added (procurable), and
 * the negative evidence is the last revision's unless given. Returns the revision it follows.
 */
export function publishRevision(
  demo: DemoService,
  watch: DemoWatch,
  revision: string,
  negative?: (last: DemoPackage) => unknown[],
): DemoPackage {
  const last = watch.packages.at(-1)!;
  demo.world.advanceClock(60_000);
  watch.packages.push({
    revision,
    at: demo.world.now().toISOString(),
    discriminators: [
      { ...(last.discriminators[0] as object), verdict: 'actionable', max_elimination: 4 },
      {
        observable: 'port AIS traffic',
        verdict: 'procurable',
        max_elimination: 1,
        refutes_if_absent: ['h2'],
      },
    ],
    negative: negative ? negative(last) : last.negative,
  });
  demo.world.touchWatch(watch);
  return last;
}
