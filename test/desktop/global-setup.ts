// The desktop project serves dist/renderer through main's app:// handler: `npm test` builds it
// first (`npm run build`); a lone run of this project builds it here when it finds none.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

export default function setup(): void {
  const root = path.resolve(import.meta.dirname, '../..');
  if (existsSync(path.join(root, 'dist/renderer/index.html'))) return;
  execFileSync(
    process.execPath,
    ['node_modules/vite/bin/vite.js', 'build', '--config', 'renderer/vite.config.ts'],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
}
