import { CommanderError, type Command } from 'commander';
import { hideUrlCredentials } from '../../shared/url-credentials';
import { CliError, EXIT } from './errors';
import { registerKey } from './key';
import { registerPasses } from './passes';
import { registerReport } from './report';
import { registerSatellites } from './satellites';
import { registerServe } from './serve';
import { registerSignals } from './signals';
import { registerSync } from './sync';
import { SafeCommand } from './safe-command';

/** Each command lives in its own file and registers itself here. */
export type CommandModule = (program: Command) => void;

const commandModules: CommandModule[] = [
  registerSync,
  registerSignals,
  registerKey,
  registerServe,
  registerPasses,
  registerSatellites,
  registerReport,
];

export function buildProgram(): Command {
  const program = new SafeCommand('watchfloor')
    .description('Watchfloor: the analyst workstation of the event-signal and satellite-imagery service.')
    .showHelpAfterError()
    .exitOverride();
  for (const register of commandModules) register(program);
  return program;
}

/** Runs the CLI and returns the exit status; never throws. */
export async function runCli(argv: string[]): Promise<number> {
  const program = buildProgram();
  try {
    await program.parseAsync(argv, { from: 'user' });
    return process.exitCode === undefined ? EXIT.ok : Number(process.exitCode);
  } catch (err) {
    if (err instanceof CommanderError) {
      // --help and --version exit 0; every other parse problem is bad usage.
      if (err.code === 'commander.helpDisplayed' || err.code === 'commander.version' || err.exitCode === 0)
        return EXIT.ok;
      return EXIT.usage;
    }
    // A base URL's credentials (`http://user:secret@host`) are never printed, whatever the error.
    if (err instanceof CliError) {
      process.stderr.write(`watchfloor: ${hideUrlCredentials(err.message)}\n`);
      return err.exitCode;
    }
    process.stderr.write(
      `watchfloor: ${hideUrlCredentials(err instanceof Error ? err.message : String(err))}\n`,
    );
    return EXIT.failed;
  }
}
