// Desktop notifications behind a small adapter: the notify/ service decides what to say,
// this shows it with Electron's Notification; clicking focuses the window and opens the item.
import { app, Notification } from 'electron';
import type { AppNotification } from '../../shared/contract';

export const APP_USER_MODEL_ID = 'org.watchfloor.desktop';

export function createDesktopNotifier(open: (n: AppNotification) => void): (n: AppNotification) => void {
  // Windows shows toasts only for an app with an AppUserModelId.
  if (process.platform === 'win32') app.setAppUserModelId(APP_USER_MODEL_ID);
  return (n) => {
    if (!Notification.isSupported()) return;
    const toast = new Notification({ title: n.title, body: n.body, silent: false });
    toast.on('click', () => open(n));
    toast.show();
  };
}
