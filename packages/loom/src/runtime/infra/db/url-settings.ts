/**
 * The limits a database URL may set (`?connect_timeout=N`, `?busy_timeout=MS`, …), each with
 * its unit and default: the one home of the figures the reference documents.
 */

interface UrlSetting {
  /** The query parameter, named as the engine's own tools name it. */
  readonly name: string;
  readonly unit: 'seconds' | 'milliseconds';
  readonly defaultValue: number;
  /** What 0 means, for the message that refuses a wrong value. */
  readonly zero: string;
}

/**
 * How long opening a PostgreSQL connection may take (TCP, TLS, authentication), in seconds as
 * libpq names it: a host that accepts the connection and never answers would otherwise hang the
 * program at connect.
 */
export const CONNECT_TIMEOUT: UrlSetting = { name: 'connect_timeout', unit: 'seconds', defaultValue: 10, zero: '0 waits for ever' };

/**
 * How long a PostgreSQL statement may run, in milliseconds as PostgreSQL's own setting of that
 * name counts: the server cancels it then, and the program stops waiting for an answer a little
 * later (a network that drops packets without a reset would otherwise hang it for ever).
 */
export const STATEMENT_TIMEOUT: UrlSetting = { name: 'statement_timeout', unit: 'milliseconds', defaultValue: 30_000, zero: '0 waits for ever' };

/**
 * How long past the statement timeout the program still waits for the server's answer (its
 * cancellation, normally) before it takes the network for gone and gives the connection up.
 */
export const STATEMENT_ANSWER_GRACE_MS = 1_000;

/**
 * When a PostgreSQL connection that carries nothing starts TCP keepalive probes; how often they
 * are sent and how many go unanswered before the connection is dropped is the system's choice.
 */
export const TCP_KEEPALIVE_IDLE_MS = 10_000;

/**
 * How long a SQLite statement waits for a lock another connection holds on the file, in
 * milliseconds as SQLite's PRAGMA busy_timeout counts (better-sqlite3's default is the same 5 s).
 */
export const BUSY_TIMEOUT: UrlSetting = { name: 'busy_timeout', unit: 'milliseconds', defaultValue: 5_000, zero: '0 does not wait' };

/** The setting's value from the URL's parameters, else its default; a value that is not a whole number ≥ 0 throws. */
export function settingOf(parameters: URLSearchParams, setting: UrlSetting): number {
  const written = parameters.get(setting.name);
  if (written === null || written === '') return setting.defaultValue;
  const value = Number(written);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${setting.name} must be a whole number of ${setting.unit} (${setting.zero}), got '${written}'`);
  return value;
}

/** The settings a SQLite URL may carry after `?`. */
const SQLITE_SETTINGS: readonly UrlSetting[] = [BUSY_TIMEOUT];

/**
 * A SQLite location split at its first `?`: the path, and the busy timeout its parameters set.
 * An unknown parameter throws rather than becoming part of a file name or being ignored.
 */
export function sqliteLocation(location: string): { readonly path: string; readonly busyTimeoutMs: number } {
  const mark = location.indexOf('?');
  if (mark < 0) return { path: location, busyTimeoutMs: BUSY_TIMEOUT.defaultValue };
  const parameters = new URLSearchParams(location.slice(mark + 1));
  const known = SQLITE_SETTINGS.map((setting) => setting.name);
  for (const name of parameters.keys()) {
    if (!known.includes(name)) throw new Error(`a SQLite URL takes ${known.map((setting) => `?${setting}=`).join(', ')} after the path, not '${name}'`);
  }
  return { path: location.slice(0, mark), busyTimeoutMs: settingOf(parameters, BUSY_TIMEOUT) };
}
