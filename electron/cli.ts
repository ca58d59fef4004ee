// `watchfloor` command line (contract: shared docs/cli.md). Never imports electron.
import { runCli } from './cli/program';

const code = await runCli(process.argv.slice(2));
process.exitCode = code;
