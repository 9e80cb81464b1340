import { ApiError } from './errors.js';

/**
 * SQLite result codes (better-sqlite3 puts the extended code in `error.code`, e.g.
 * `SQLITE_IOERR_WRITE`) that mean the data directory, not the request, is at fault. A
 * constraint or a syntax error is not among them: those are bugs or conflicts, still a 500 or
 * the caller's own code.
 */
const sqliteStorageReasons: readonly [prefix: string, reason: string][] = [
  ['SQLITE_FULL', 'the disk is full'],
  ['SQLITE_IOERR', 'the disk reported an I/O error'],
  ['SQLITE_READONLY', 'the database is read-only'],
  ['SQLITE_CANTOPEN', 'a database file cannot be opened'],
  ['SQLITE_CORRUPT', 'the database file is damaged'],
  ['SQLITE_NOTADB', 'the database file is damaged'],
  ['SQLITE_BUSY', 'the database is locked by another process'],
  ['SQLITE_LOCKED', 'the database is locked'],
];

/** File-system errors (Node's `errno` names) that mean the same for files Lectern writes. */
const fileStorageReasons: Readonly<Record<string, string>> = {
  ENOSPC: 'the disk is full',
  EDQUOT: 'the disk quota is exhausted',
  EIO: 'the disk reported an I/O error',
  EROFS: 'the file system is read-only',
  EACCES: 'permission was denied',
  EPERM: 'permission was denied',
};

/**
 * A failure of the data directory turned into the contract's 503 `storage_error`, so a client
 * can tell "try again later / free some space" from a bug; null for anything else. The message
 * names the reason, never a path or the engine's own text (which may quote the statement).
 */
export function storageFailureOf(error: unknown): ApiError | null {
  if (typeof error !== 'object' || error === null) return null;
  const code = (error as { code?: unknown }).code;
  if (typeof code !== 'string') return null;
  const sqlite = sqliteStorageReasons.find(([prefix]) => code === prefix || code.startsWith(`${prefix}_`));
  const reason = sqlite?.[1] ?? fileStorageReasons[code];
  if (reason === undefined) return null;
  return new ApiError('storage_error', `The data directory could not be written: ${reason}; nothing was saved`);
}
