import type { ExitStatus } from './exit-codes.js';
import type { Terminal } from '../runtime/infra/terminal.js';

/** Where a command writes; `isTTY` decides whether reports are coloured. */
export interface Output {
  write(text: string): unknown;
  readonly isTTY?: boolean;
}

export interface CliIo {
  readonly stdout: Output;
  readonly stderr: Output;
  readonly env: NodeJS.ProcessEnv;
  /** The person at the keyboard, for std.ask_human; without one a program runs unattended. */
  readonly terminal?: Terminal;
}

export interface OptionSpec {
  readonly type: 'boolean' | 'string';
  readonly description: string;
  /** Placeholder shown in help for a string option's value, e.g. `DIR`. */
  readonly valueName?: string;
  /**
   * Values a boolean option may also be given inline (`--debug=full`); written alone it is
   * `true`. A separate word never becomes its value, so `--debug app.nx` keeps the file.
   */
  readonly inlineValues?: readonly string[];
}

export interface ArgumentSpec {
  readonly name: string;
  readonly optional?: boolean;
}

/** What the dispatcher hands a command after checking its arguments against the spec. */
export interface Invocation {
  readonly arguments: readonly string[];
  readonly options: Readonly<Record<string, string | boolean | undefined>>;
  /** Everything after a `--`, for commands that declare `passThrough`. */
  readonly passThrough: readonly string[];
}

/**
 * One `loom` subcommand. The dispatcher parses and validates the command line from this
 * description (so every command rejects unknown options the same way) and builds its help.
 * `run` loads the front end and the runtime (../toolchain.ts) with `import()` when it needs
 * them: the CLI's entry holds only the descriptions, so `loom --version` and `loom help` load
 * neither.
 */
export interface Command {
  readonly name: string;
  /** One line for the command list of `loom --help`. */
  readonly summary: string;
  /** The longer text of `loom help NAME`. */
  readonly description: string;
  readonly arguments: readonly ArgumentSpec[];
  readonly options: Readonly<Record<string, OptionSpec>>;
  /** Name shown in usage for arguments after `--` (e.g. `ARGS`); without it `--` arguments are refused. */
  readonly passThrough?: string;
  run(invocation: Invocation, io: CliIo): Promise<ExitStatus>;
}

/** A mistake in how `loom` was called; reported on stderr with exit status 64. */
export class UsageError extends Error {
  override readonly name = 'UsageError';

  /** @param command the command whose help would have prevented the mistake, if any */
  constructor(
    message: string,
    readonly command?: string,
  ) {
    super(message);
  }
}
