// Exit status per the CLI contract (docs/cli.md, "Common").
export const EXIT = { ok: 0, failed: 1, usage: 2, resumable: 3 } as const;
export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** An error the CLI reports in words a user can act on, with the contract's exit status. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: ExitCode = EXIT.failed,
  ) {
    super(message);
    this.name = 'CliError';
  }
}

export const usageError = (message: string) => new CliError(message, EXIT.usage);
