/**
 * The Redis key-value backend (ioredis). A store may live under a key prefix
 * (`redis://host:6379/0?prefix=app:`), so several programs or test runs share one Redis
 * without seeing each other's keys; `flush` then removes only that prefix, never the whole
 * server. TTLs are Redis's own (SET EX, EXPIRE, TTL).
 */
import type { Redis } from 'ioredis';
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
  ) {}

  async get(key: string): Promise<string | undefined> {
    return (await this.redis.get(this.prefix + key)) ?? undefined;
  }

  async set(key: string, json: string, ttlSeconds: number | undefined): Promise<void> {
    if (ttlSeconds === undefined) await this.redis.set(this.prefix + key, json);
    else await this.redis.set(this.prefix + key, json, 'EX', ttlSeconds);
  }

  async setIfAbsent(key: string, json: string, ttlSeconds: number | undefined): Promise<boolean> {
    const answer = ttlSeconds === undefined ? await this.redis.set(this.prefix + key, json, 'NX') : await this.redis.set(this.prefix + key, json, 'EX', ttlSeconds, 'NX');
    return answer === 'OK';
  }

  async has(key: string): Promise<boolean> {
    return (await this.redis.exists(this.prefix + key)) === 1;
  }

  async delete(key: string): Promise<boolean> {
    return (await this.redis.del(this.prefix + key)) === 1;
  }

  async keys(prefix: string): Promise<string[]> {
    const found = await this.scan(`${globLiteral(this.prefix + prefix)}*`);
    return found.map((key) => key.slice(this.prefix.length)).sort();
  }

  async increment(key: string, by: number): Promise<number | undefined> {
    try {
      return await this.redis.incrby(this.prefix + key, by);
    } catch (error) {
      // "ERR value is not an integer or out of range": the stored value is not an integer.
      if (error instanceof Error && /not an integer/.test(error.message)) return undefined;
      throw error;
    }
  }

  async expire(key: string, seconds: number): Promise<boolean> {
    return (await this.redis.expire(this.prefix + key, seconds)) === 1;
  }

  async ttl(key: string): Promise<number | undefined> {
    const seconds = await this.redis.ttl(this.prefix + key);
    return seconds === REDIS_TTL_MISSING ? undefined : seconds;
  }

  async flush(): Promise<void> {
    if (this.prefix === '') {
      await this.redis.flushdb();
      return;
    }
    const keys = await this.scan(`${globLiteral(this.prefix)}*`);
    for (let start = 0; start < keys.length; start += SCAN_BATCH_KEYS) await this.redis.del(...keys.slice(start, start + SCAN_BATCH_KEYS));
  }

  async close(): Promise<void> {
    await this.redis.quit();
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
