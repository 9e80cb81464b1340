/**
 * An open key-value store: the handle `kv NAME = open(...)` and `std.kv.open(...)` give, whose
 * methods are the std.kv functions. Opening picks the backend by URL, so a program moves from
 * `:memory:` or `sqlite://cache.db` on a laptop to `redis://…` on a cluster unchanged.
 */
import { isAbsolute, resolve } from 'node:path';
import { LoomError } from '../../../errors.js';
import { ResourceHandle } from '../../core/resource-handle.js';
import type { KvBackend } from './backend.js';
import { withoutCredentials } from '../redacted-url.js';
import { sqliteLocation } from '../db/url-settings.js';
import { openSqliteFile } from '../sqlite-busy.js';

const MEMORY = ':memory:';
const SQLITE_SCHEME = 'sqlite://';
const REDIS_URL = /^rediss?:\/\//;

export class KvStore extends ResourceHandle {
  readonly namespace = 'kv';
  private closed = false;

  constructor(
    private readonly backend: KvBackend,
    /** The URL as written, credentials removed: what the handle prints as. */
    readonly location: string,
  ) {
    super();
  }

  /** The backend, or E601 once the store was closed. */
  use(): KvBackend {
    if (this.closed) throw new LoomError('E601', `the store ${this.location} is closed`);
    return this.backend;
  }

  loomDisplay(): string {
    return `<kv ${this.location}>`;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.backend.close();
  }
}

/**
 * Opens the store at `url`: `:memory:`, `sqlite://PATH[?busy_timeout=MS]` (or a bare PATH;
 * relative to the project root) or `redis://[user:password@]host[:port][/db][?prefix=p]`. A store that cannot
 * be opened is E601 with the engine's reason.
 */
export async function openKvStore(url: string, projectRoot: string): Promise<KvStore> {
  const location = withoutCredentials(url);
  try {
    if (REDIS_URL.test(url)) return new KvStore(await openRedis(url, location), location);
    const { path, busyTimeoutMs } = sqliteLocation(url.startsWith(SQLITE_SCHEME) ? url.slice(SQLITE_SCHEME.length) : url);
    return new KvStore(await openSqlite(path === MEMORY || path === '' ? MEMORY : isAbsolute(path) ? path : resolve(projectRoot, path), location, busyTimeoutMs), location);
  } catch (error) {
    if (error instanceof LoomError) throw error;
    throw new LoomError('E601', `cannot open the store ${location}: ${(error as Error).message}`);
  }
}

async function openSqlite(path: string, location: string, busyTimeoutMs: number): Promise<KvBackend> {
  const { SqliteKvBackend } = await import('./sqlite-backend.js');
  return SqliteKvBackend.open(await openSqliteFile(path, busyTimeoutMs), location, busyTimeoutMs);
}

/** No command waits longer than this for an answer, so a program never hangs on a store. */
const REDIS_COMMAND_TIMEOUT_MS = 10_000;
/**
 * How long closing waits for the socket to report closed. ioredis waits 2 s by default, and a
 * socket a drop already closed never reports it again, so a program that ends while its store
 * reconnects would linger that long before exiting.
 */
const REDIS_DISCONNECT_WAIT_MS = 200;

async function openRedis(url: string, location: string): Promise<KvBackend> {
  const { Redis } = await import('ioredis');
  const { RedisKvBackend } = await import('./redis-backend.js');
  // How it rides out an outage (reconnecting for good, failing fast meanwhile): redis-reconnect.ts.
  const { reconnectDelayMs, REDIS_QUEUED_COMMAND_RECONNECTS, REDIS_READY_WAIT_MS } = await import('../redis-reconnect.js');
  const parsed = new URL(url);
  const prefix = parsed.searchParams.get('prefix') ?? '';
  parsed.search = '';
  let connected = false;
  const redis = new Redis(parsed.toString(), {
    lazyConnect: true,
    // Named, so an operator (or a test) can tell Loom's connections apart in CLIENT LIST.
    connectionName: `loom-${process.pid}`,
    // The backend bounds the wait for a connection itself; a command queued meanwhile is given
    // up with the first failed reconnect rather than held through several.
    maxRetriesPerRequest: REDIS_QUEUED_COMMAND_RECONNECTS,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    disconnectTimeout: REDIS_DISCONNECT_WAIT_MS,
    // A command whose reply was lost with the connection is never sent again by the client: for
    // INCRBY or SET NX a second run is a second effect. The backend decides what may be retried.
    autoResendUnfulfilledCommands: false,
    // A store that cannot be reached when it is opened is E601 at once; one that was reached reconnects.
    retryStrategy: (attempt) => (connected ? reconnectDelayMs(attempt) : null),
  });
  // ioredis reports the reason (ECONNREFUSED, NOAUTH) as an 'error' event and rejects with a
  // bare "Connection is closed"; keep the reason for the E601 message, and never let the event
  // go unhandled (ioredis would print it).
  let reason: Error | undefined;
  redis.on('error', (error: Error) => {
    reason = error;
  });
  try {
    await redis.connect();
  } catch (error) {
    redis.disconnect();
    throw reason ?? error;
  }
  connected = true;
  return new RedisKvBackend(redis, prefix, location, () => reason, REDIS_READY_WAIT_MS);
}
