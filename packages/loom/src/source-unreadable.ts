/**
 * The input file does not exist or cannot be read; nothing was compiled. A module of its own so
 * that the CLI's entry can recognise it without loading the front end that throws it.
 */
export class SourceUnreadableError extends Error {
  override readonly name = 'SourceUnreadableError';
}
