import { afterEach, expect, it } from 'vitest';
import { launchApp, type LaunchedApp } from './launch';

let app: LaunchedApp | undefined;
afterEach(async () => app?.close());

it('spike', async () => {
  app = await launchApp();
  const frame = app.win().webContents.mainFrame;
  console.log(frame.url, frame.origin);
  await expect(app.bridge()['app.info']({})).resolves.toMatchObject({ transport: 'electron' });
});
