/**
 * Agent API keys: `loom-ak-` followed by 32 lowercase hex digits (128 random bits). Only the
 * SHA-256 of a key is kept, and a presented key is compared against every stored digest in
 * constant time, so neither the store nor the timing gives a key away. Keys live as long as
 * the program that made them.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { LoomError } from '../../../errors.js';

export const API_KEY_PREFIX = 'loom-ak-';
const API_KEY_FORMAT = /^loom-ak-[0-9a-f]{32}$/;
const API_KEY_RANDOM_BYTES = 16;
const MS_PER_SECOND = 1000;

interface StoredKey {
  readonly digest: Buffer;
  readonly agentName: string;
  readonly createdAt: number;
  readonly expiresAt: number | null;
  revoked: boolean;
}

function digestOf(key: string): Buffer {
  return createHash('sha256').update(key).digest();
}

export class ApiKeyRegistry {
  private readonly keys: StoredKey[] = [];

  generate(agentName: string, expiresInSeconds: number | undefined): string {
    const key = API_KEY_PREFIX + randomBytes(API_KEY_RANDOM_BYTES).toString('hex');
    const now = Date.now();
    this.keys.push({ digest: digestOf(key), agentName, createdAt: now, expiresAt: expiresInSeconds === undefined ? null : now + expiresInSeconds * MS_PER_SECOND, revoked: false });
    return key;
  }

  /** The key's information, or E501 saying why it is refused (never echoing the key). */
  verify(key: string): Record<string, unknown> {
    if (!API_KEY_FORMAT.test(key)) throw new LoomError('E501', `malformed API key: expected ${API_KEY_PREFIX} followed by 32 lowercase hex digits`);
    const stored = this.find(key);
    if (stored === undefined) throw new LoomError('E501', 'unknown API key');
    if (stored.revoked) throw new LoomError('E501', 'the API key was revoked');
    if (stored.expiresAt !== null && stored.expiresAt <= Date.now()) throw new LoomError('E501', 'the API key expired');
    return {
      agent_name: stored.agentName,
      created_at: new Date(stored.createdAt).toISOString(),
      expires_at: stored.expiresAt === null ? null : new Date(stored.expiresAt).toISOString(),
    };
  }

  /** True when the key existed and was live. */
  revoke(key: string): boolean {
    const stored = API_KEY_FORMAT.test(key) ? this.find(key) : undefined;
    if (stored === undefined || stored.revoked) return false;
    stored.revoked = true;
    return true;
  }

  private find(key: string): StoredKey | undefined {
    const digest = digestOf(key);
    let match: StoredKey | undefined;
    // Every digest is compared, so how long this takes does not depend on which key matched.
    for (const stored of this.keys) {
      if (timingSafeEqual(stored.digest, digest)) match = stored;
    }
    return match;
  }
}
