#!/usr/bin/env node
// Entry of `npx watchfloor`: refuses old Node with a clear message, then runs the built CLI.
const major = Number(process.versions.node.split('.')[0]);
if (major < 22) {
  process.stderr.write(
    `watchfloor needs Node 22 or newer (this is ${process.version}); better-sqlite3 crashes on older Node.\n`,
  );
  process.exit(1);
}
try {
  await import('../dist/electron/cli.js');
} catch (err) {
  if (err && err.code === 'ERR_MODULE_NOT_FOUND' && String(err.message).includes('dist/electron/cli.js')) {
    process.stderr.write('watchfloor is not built yet: run `npm run build:node` (npm install does it).\n');
    process.exit(1);
  }
  throw err;
}
