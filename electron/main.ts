// Electron main process: windows, menus, lifecycle. Kept thin: services live beside it
// and take Electron capabilities as arguments (see docs/architecture.md).
import { app } from 'electron';

app.whenReady().then(() => {
  // The window, menu and contract handlers arrive with the desktop-shell issue.
});
app.on('window-all-closed', () => app.quit());
