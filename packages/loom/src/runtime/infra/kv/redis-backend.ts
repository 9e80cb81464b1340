/**
 * The Redis key-value backend (ioredis). A store may live under a key prefix
 * (`redis://host:6379/0?prefix=app:`), so several programs or test runs share one Redis
 * without seeing each other's keys; `flush` then removes only that prefix, never the whole
 * server. TTLs are Redis's own (SET EX, EXPIRE, TTL). A command that fails because the server
 * is unreachable (while kv-store.ts reconnects) or does not answer in time is E601 naming the
 * store and the reason, never a hang.
 *
 * Across a dropped connection a command is delivered at most once when running it twice would
 * change the outcome: INCRBY adds again, SET NX and DEL answer differently the second time. Such
 * a command whose reply was lost with the connection is E601 saying it may or may not have been
 * applied, and the program decides. A command that gives the same outcome however often it runs
 * (GET, SET, EXPIRE, …) is sent once more on the new connection.
 */
import { Command } from 'ioredis';
import type { Redis } from 'ioredis';
import { LoomError } from '../../../errors.js';
import type { KvBackend } from './backend.js';
import { readyWithin } from '../redis-reconnect.js';

const SCAN_BATCH_KEYS = 500;
/** Sends of a command that may run twice: the first and one on the new connection after a drop. */
const REPEATABLE_SENDS = 2;
/** What TTL answers for a missing key and for a key without expiry. */
const REDIS_TTL_MISSING = -2;

/** Whether running a command twice leaves the store and the answer as running it once. */
type Repeatable = 'repeatable' | 'once';

/** The connection a command was sent on closed before its reply came. */
class ReplyLost extends Error {}

/** Glob characters of SCAN MATCH, escaped so a prefix is matched literally. */
function globLiteral(text: string): string {
  return text.replace(/[*?[\]\\]/g, (character) => `\\${character}`);
}

export class RedisKvBackend implements KvBackend {
  /**
   * Commands sent and not answered yet. ioredis, told not to resend them, forgets those of a
   * connection that closes without settling them; they are failed here, which also stops their
   * timeout timers (a forgotten one would keep the process alive for the command timeout).
   */
  private readonly inFlight = new Set<Command>();

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    /** The store's URL without credentials, for messages. */
    private readonly location: string,
    /** The last connection error ioredis reported (ECONNREFUSED, ...), which its rejections leave out. */
    private readonly lastConnectionError: () => Error | undefined,
    /** How long a command waits for a lost connection to come back before it is E601. */
    private readonly readyWaitMs: number,
  ) {
    redis.on('close', () => {
      for (const command of this.inFlight) command.reject(new ReplyLost('the connection closed before Redis answered'));
      this.inFlight.clear();
    });
  }

  get(key: string): Promise<string | undefined> {
    return this.run('get', 'repeatable', async () => (await this.send<string | null>('get', [this.prefix + key])) ?? undefined);
  }

  set(key: string, json: string, ttlSeconds: number | undefined): Promise<void> {
    return this.run('set', 'repeatable', async () => {
      await this.send('set', ttlSeconds === undefined ? [this.prefix + key, json] : [this.prefix + key, json, 'EX', ttlSeconds]);
    });
  }

  setIfAbsent(key: string, json: string, ttlSeconds: number | undefined): Promise<boolean> {
    return this.run('set_nx', 'once', async () => {
      const answer = await this.send<string | null>('set', ttlSeconds === undefined ? [this.prefix + key, json, 'NX'] : [this.prefix + key, json, 'EX', ttlSeconds, 'NX']);
      return answer === 'OK';
    });
  }

  has(key: string): Promise<boolean> {
    return this.run('has', 'repeatable', async () => (await this.send<number>('exists', [this.prefix + key])) === 1);
  }

  delete(key: string): Promise<boolean> {
    return this.run('del', 'once', async () => (await this.send<number>('del', [this.prefix + key])) === 1);
  }

  keys(prefix: string): Promise<string[]> {
    return this.run('list', 'repeatable', async () => {
      const found = await this.scan(`${globLiteral(this.prefix + prefix)}*`);
      return found.map((key) => key.slice(this.prefix.length)).sort();
    });
  }

  increment(key: string, by: number): Promise<number | undefined> {
    return this.run('incr', 'once', async () => {
      try {
        return await this.send<number>('incrby', [this.prefix + key, by]);
      } catch (error) {
        // "ERR value is not an integer or out of range": the stored value is not an integer.
        if (error instanceof Error && /not an integer/.test(error.message)) return undefined;
        throw error;
      }
    });
  }

  expire(key: string, seconds: number): Promise<boolean> {
    return this.run('expire', 'repeatable', async () => (await this.send<number>('expire', [this.prefix + key, seconds])) === 1);
  }

  ttl(key: string): Promise<number | undefined> {
    return this.run('ttl', 'repeatable', async () => {
      const seconds = await this.send<number>('ttl', [this.prefix + key]);
      return seconds === REDIS_TTL_MISSING ? undefined : seconds;
    });
  }

  flush(): Promise<void> {
    return this.run('flush', 'repeatable', async () => {
      if (this.prefix === '') {
        await this.send('flushdb', []);
        return;
      }
      const keys = await this.scan(`${globLiteral(this.prefix)}*`);
      for (let start = 0; start < keys.length; start += SCAN_BATCH_KEYS) await this.send('del', keys.slice(start, start + SCAN_BATCH_KEYS));
    });
  }

  async close(): Promise<void> {
    // A connection that was given up on has nothing to say goodbye to: QUIT would only wait.
    if (this.redis.status === 'end') return;
    await this.redis.quit().catch(() => this.redis.disconnect());
  }

  /** Sends one command, kept in flight until its reply (or the loss of its connection) settles it. */
  private async send<T>(name: string, args: readonly (string | number)[]): Promise<T> {
    const command = new Command(name, [...args], { replyEncoding: 'utf8' });
    this.inFlight.add(command);
    try {
      void this.redis.sendCommand(command);
      return (await command.promise) as T;
    } finally {
      this.inFlight.delete(command);
    }
  }

  /**
   * Runs one operation once the connection is up (E601 when it does not come back within the
   * ready wait); a reply lost with the connection sends a repeatable operation once more and
   * makes any other E601. An engine failure (a lost server, a timeout) is E601 naming the store
   * and the reason.
   */
  private async run<T>(operation: string, repeatable: Repeatable, command: () => Promise<T>): Promise<T> {
    for (let send = 1; ; send += 1) {
      try {
        await this.connected();
        return await command();
      } catch (error) {
        if (!(error instanceof Error) || error instanceof LoomError) throw error;
        if (error instanceof ReplyLost && repeatable === 'repeatable' && send < REPEATABLE_SENDS) continue;
        if (error instanceof ReplyLost) {
          throw new LoomError('E601', `the store ${this.location} lost its connection before Redis answered ${operation}: it may or may not have been applied, and Loom does not send it twice`, undefined, { cause: error });
        }
        throw new LoomError('E601', `the store ${this.location} ${this.reason(error)}`, undefined, { cause: error });
      }
    }
  }

  /** Resolves when the connection is up; E601 at once for a closed store, after the ready wait for a lost one. */
  private async connected(): Promise<void> {
    if (this.redis.status === 'ready') return;
    if (this.redis.status === 'end') throw new LoomError('E601', `the store ${this.location} is closed`);
    if (await readyWithin(this.redis, this.readyWaitMs)) return;
    const cause = this.lastConnectionError();
    throw new LoomError('E601', `the store ${this.location} is unreachable: Redis did not answer within ${this.readyWaitMs} ms; Loom keeps reconnecting${cause === undefined ? '' : ` (${cause.message})`}`);
  }

  /** What went wrong, in words: ioredis rejects with "Connection is closed." and reports why (ECONNREFUSED ...) as an event. */
  private reason(error: Error): string {
    if (/timed out/i.test(error.message)) return `did not answer in time (${error.message})`;
    if (/Connection is closed|max retries per request|Stream isn't writeable/i.test(error.message)) {
      const cause = this.lastConnectionError();
      return `lost its connection${cause === undefined ? '' : `: ${cause.message}`}`;
    }
    return `failed: ${error.message}`;
  }

  private async scan(pattern: string): Promise<string[]> {
    const keys: string[] = [];
    let cursor = '0';
    do {
      const [next, batch] = await this.send<[string, string[]]>('scan', [cursor, 'MATCH', pattern, 'COUNT', SCAN_BATCH_KEYS]);
      keys.push(...batch);
      cursor = next;
    } while (cursor !== '0');
    return keys;
  }
}
