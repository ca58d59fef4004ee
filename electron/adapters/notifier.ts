// Desktop notifications behind a small adapter: the notify/ service decides what to say,
// this shows it with Electron's Notification; a click calls `clicked` (main focuses the
// window; notify/delivery.ts makes sure the notification reaches it once).
import { app, Notification } from 'electron';
import type { AppNotification } from '../../shared/contract';

export const APP_USER_MODEL_ID = 'org.watchfloor.desktop';

export function createDesktopNotifier(clicked: (n: AppNotification) => void): (n: AppNotification) => void {
  // Windows shows toasts only for an app with an AppUserModelId.
  if (process.platform === 'win32') app.setAppUserModelId(APP_USER_MODEL_ID);
  // Held until clicked or closed: a toast collected by the GC loses its click handler.
  const shown = new Set<Notification>();
  return (n) => {
    if (!Notification.isSupported()) return;
    const toast = new Notification({ title: n.title, body: n.body, silent: false });
    shown.add(toast);
    toast.once('click', () => {
      shown.delete(toast);
      clicked(n);
    });
    toast.once('close', () => shown.delete(toast));
    toast.show();
  };
}
