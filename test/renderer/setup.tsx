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
