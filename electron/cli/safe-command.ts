// Commander, made unable to print what the analyst typed where it should not have been: its
// usage errors echo an unknown option's value (`--api-key=KEY`) and every excess argument
// (`key set KEY`), and the key would land in a terminal's scrollback, a CI log or a screen
// share. Here they name the option and how many arguments, never their text, and say where
// the key goes instead (docs/security.md).
import { Command } from 'commander';

export const KEY_HINT =
  'watchfloor never takes an API key on the command line (the shell history and the process list would keep it): ' +
  'pipe it to `watchfloor key set --base-url URL`, or set $WATCHFLOOR_API_KEY';

/** Whether an option's name says it would carry a secret. */
const secretish = (flag: string) =>
  /(^-+|-)(api-?key|apikey|key|token|secret|password|passwd|pass|auth)$/i.test(flag);

/** A command word as commander's own are spelled, so echoing it cannot leak a key. */
const wordLike = (s: string) => /^[a-z][a-z-]{0,23}$/.test(s);

/** The usage message with nothing the analyst typed but option and command names. */
export function safeUsageMessage(message: string, code: string | undefined, command: Command): string {
  const name = command.parent ? ` for '${command.name()}'` : '';
  if (code === 'commander.unknownOption') {
    const flag = /^error: unknown option '([^'=]*)/.exec(message)?.[1] ?? '';
    const suggestion = /\(Did you mean [^)]*\)\s*$/.exec(message)?.[0];
    const shown = /^-{1,2}[A-Za-z][\w-]*$/.test(flag) ? `'${flag}'` : '(not shown)';
    const base = `error: unknown option ${shown}${name}${suggestion ? ` ${suggestion}` : ''}`;
    return secretish(flag) ? `${base}\n${KEY_HINT}` : base;
  }
  if (code === 'commander.excessArguments') {
    const expected = command.registeredArguments.length;
    const base = `error: too many arguments${name}: expected ${expected} (the extra ones are not shown)`;
    return /^key /.test(`${command.parent?.name() ?? ''} ${command.name()}`) ? `${base}\n${KEY_HINT}` : base;
  }
  if (code === 'commander.unknownCommand') {
    const word = /^error: unknown command '([^']*)'/.exec(message)?.[1] ?? '';
    return wordLike(word) ? message : 'error: unknown command (not shown); `watchfloor --help` lists them';
  }
  return message;
}

/** A Command whose subcommands are Commands of the same kind, all with safe usage errors. */
export class SafeCommand extends Command {
  override createCommand(name?: string): Command {
    return new SafeCommand(name);
  }

  override error(message: string, errorOptions?: { code?: string; exitCode?: number }): never {
    return super.error(safeUsageMessage(message, errorOptions?.code, this), errorOptions);
  }
}
