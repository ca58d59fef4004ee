// Demo mode (`serve --demo`, and the desktop app's first-run choice): the built-in demo
// service on 127.0.0.1 with its own cache file, so demo data never mixes with an account's.
// Everything shown is marked as demo (app.info mode 'demo'). The demo key is the demo
// service's own, not an analyst's secret.
import path from 'node:path';
import { startDemoService, type DemoService, type Profile } from './index';

export const DEMO_API_KEY = 'demo-key';

/** The demo cache sits beside the real one: watchfloor.db → watchfloor-demo.db. */
export const demoDbPath = (dbPath: string) =>
  path.join(path.dirname(dbPath), `${path.basename(dbPath, '.db')}-demo.db`);

export function startDemo(profile: Profile): Promise<DemoService> {
  return startDemoService({ profile, signalsPerDay: 40 });
}
