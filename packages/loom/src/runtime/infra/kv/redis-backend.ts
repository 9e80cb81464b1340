/**
 * The Redis key-value backend (ioredis). A store may live under a key prefix
 * (`redis://host:6379/0?prefix=app:`), so several programs or test runs share one Redis
 * without seeing each other's keys; `flush` then removes only that prefix, never the whole
 * server. TTLs are Redis's own (SET EX, EXPIRE, TTL). A command that fails because the server
 * is unreachable (after the reconnect attempts of kv-store.ts) or does not answer in time is
 * E601 naming the store and the reason, never a hang.
 */
import type { Redis } from 'ioredis';
import { LoomError } from '../../../errors.js';
import type { KvBackend } from './backend.js';

const SCAN_BATCH_KEYS = 500;
/** What TTL answers for a missing key and for a key without expiry. */
const REDIS_TTL_MISSING = -2;

/** Glob characters of SCAN MATCH, escaped so a prefix is matched literally. */
function globLiteral(text: string): string {
  return text.replace(/[*?[\]\\]/g, (character) => `\\${character}`);
}

export class RedisKvBackend implements KvBackend {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    /** The store's URL without credentials, for messages. */
    private readonly location: string,
    /** The last connection error ioredis reported (ECONNREFUSED, ...), which its rejections leave out. */
    private readonly lastConnectionError: () => Error | undefined,
  ) {}

  get(key: string): Promise<string | undefined> {
    return this.run(async () => (await this.redis.get(this.prefix + key)) ?? undefined);
  }

  set(key: string, json: string, ttlSeconds: number | undefined): Promise<void> {
    return this.run(async () => {
      if (ttlSeconds === undefined) await this.redis.set(this.prefix + key, json);
      else await this.redis.set(this.prefix + key, json, 'EX', ttlSeconds);
    });
  }

  setIfAbsent(key: string, json: string, ttlSeconds: number | undefined): Promise<boolean> {
    return this.run(async () => {
      const answer = ttlSeconds === undefined ? await this.redis.set(this.prefix + key, json, 'NX') : await this.redis.set(this.prefix + key, json, 'EX', ttlSeconds, 'NX');
      return answer === 'OK';
    });
  }

  has(key: string): Promise<boolean> {
    return this.run(async () => (await this.redis.exists(this.prefix + key)) === 1);
  }

  delete(key: string): Promise<boolean> {
    return this.run(async () => (await this.redis.del(this.prefix + key)) === 1);
  }

  keys(prefix: string): Promise<string[]> {
    return this.run(async () => {
      const found = await this.scan(`${globLiteral(this.prefix + prefix)}*`);
      return found.map((key) => key.slice(this.prefix.length)).sort();
    });
  }

  increment(key: string, by: number): Promise<number | undefined> {
    return this.run(async () => {
      try {
        return await this.redis.incrby(this.prefix + key, by);
      } catch (error) {
        // "ERR value is not an integer or out of range": the stored value is not an integer.
        if (error instanceof Error && /not an integer/.test(error.message)) return undefined;
        throw error;
      }
    });
  }

  expire(key: string, seconds: number): Promise<boolean> {
    return this.run(async () => (await this.redis.expire(this.prefix + key, seconds)) === 1);
  }

  ttl(key: string): Promise<number | undefined> {
    return this.run(async () => {
      const seconds = await this.redis.ttl(this.prefix + key);
      return seconds === REDIS_TTL_MISSING ? undefined : seconds;
    });
  }

  flush(): Promise<void> {
    return this.run(async () => {
      if (this.prefix === '') {
        await this.redis.flushdb();
        return;
      }
      const keys = await this.scan(`${globLiteral(this.prefix)}*`);
      for (let start = 0; start < keys.length; start += SCAN_BATCH_KEYS) await this.redis.del(...keys.slice(start, start + SCAN_BATCH_KEYS));
    });
  }

  async close(): Promise<void> {
    // A connection that was given up on has nothing to say goodbye to: QUIT would only wait.
    if (this.redis.status === 'end') return;
    await this.redis.quit().catch(() => this.redis.disconnect());
  }

  /** Runs one command; an engine failure (a lost server, a timeout) is E601 naming the store and the reason. */
  private async run<T>(command: () => Promise<T>): Promise<T> {
    try {
      return await command();
    } catch (error) {
      if (!(error instanceof Error) || error instanceof LoomError) throw error;
      throw new LoomError('E601', `the store ${this.location} ${this.reason(error)}`, undefined, { cause: error });
    }
  }

  /** What went wrong, in words: ioredis rejects with "Connection is closed." and reports why (ECONNREFUSED ...) as an event. */
  private reason(error: Error): string {
    if (/timed out/i.test(error.message)) return `did not answer in time (${error.message})`;
    if (/Connection is closed|max retries per request|Stream isn't writeable/i.test(error.message)) {
      const cause = this.lastConnectionError();
      return `lost its connection and could not reconnect${cause === undefined ? '' : `: ${cause.message}`}`;
    }
    return `failed: ${error.message}`;
  }

  private async scan(pattern: string): Promise<string[]> {
    const keys: string[] = [];
    let cursor = '0';
    do {
      const [next, batch] = await this.redis.scan(cursor, 'MATCH', pattern, 'COUNT', SCAN_BATCH_KEYS);
      keys.push(...batch);
      cursor = next;
    } while (cursor !== '0');
    return keys;
  }
}
