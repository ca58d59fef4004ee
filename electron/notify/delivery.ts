// A notification reaches the window once. The runtime pushes each one as it is raised (the
// in-app list); clicking its desktop toast must then only bring the window forward, not push
// it again (a second copy in the list). A coalesced summary is shown on the desktop only, so
// its click is the one time it reaches the window. Pure: main passes the sending function.
import type { AppNotification } from '../../shared/contract';

/** Ids remembered; far more than any window keeps (the in-app list holds 500). */
const REMEMBER = 2_000;

export interface WindowDelivery {
  /** A notification raised by the runtime (the push channel). */
  pushed(n: AppNotification): void;
  /** Its desktop toast was clicked (after the host focused the window). */
  clicked(n: AppNotification): void;
}

export function createWindowDelivery(send: (n: AppNotification) => void): WindowDelivery {
  const delivered = new Set<string>();
  const once = (n: AppNotification) => {
    if (delivered.has(n.id)) return;
    delivered.add(n.id);
    // A Set iterates in insertion order: the first is the oldest.
    if (delivered.size > REMEMBER) delivered.delete(delivered.values().next().value as string);
    send(n);
  };
  return { pushed: once, clicked: once };
}
