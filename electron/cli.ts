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
