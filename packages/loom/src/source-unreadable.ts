/**
 * The input file does not exist or cannot be read; nothing was compiled. A module of its own so
 * that the CLI's entry can recognise it without loading the front end that throws it.
 */
export class SourceUnreadableError extends Error {
  override readonly name = 'SourceUnreadableError';
}

const READ_FAILURE_REASONS: Readonly<Record<string, string>> = {
  ENOENT: 'no such file',
  EISDIR: 'it is a directory',
  EACCES: 'permission denied',
};

/** Why reading a file failed, in words: the common causes by name, anything else by its message. */
export function readFailureReason(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code ?? '';
  return READ_FAILURE_REASONS[code] ?? (error as Error).message;
}
