// `watchfloor` command line (contract: docs/cli.md). Never imports electron.
import { runCli } from './cli/program';

// A reader that stops early (`watchfloor signals | head`) closes the pipe: that is the
// reader's choice, not a failure, so end quietly instead of printing an EPIPE stack.
process.stdout.on('error', (err: NodeJS.ErrnoException) => {
  if (err.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw err;
});

const code = await runCli(process.argv.slice(2));
process.exitCode = code;
// A command that failed has closed what it opened; should anything still hold the process (a
// timer, a socket of a library), it ends anyway rather than hang after saying why.
if (code !== 0) setTimeout(() => process.exit(code), 2000).unref();
