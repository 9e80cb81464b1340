/** The exit statuses of `loom`, as the language contract fixes them. */
export const ExitCode = {
  ok: 0,
  runtimeError: 1,
  compileError: 2,
  /** Unknown command or option, missing argument, or an input file that cannot be read. */
  usage: 64,
} as const;

export type ExitStatus = (typeof ExitCode)[keyof typeof ExitCode];
