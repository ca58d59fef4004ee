// Builds the Node side (CLI, main, preload) once before any suite, so CLI tests run the
// very bundle `npx watchfloor` runs. esbuild takes about a second.
import { execFileSync } from 'node:child_process';

export default function setup(): void {
  execFileSync(process.execPath, ['scripts/build-node.mjs'], { stdio: 'inherit' });
}
