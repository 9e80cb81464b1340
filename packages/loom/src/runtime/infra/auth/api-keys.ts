/**
 * Agent API keys: `loom-ak-` followed by 32 lowercase hex digits (128 random bits), kept in a
 * key-value store so they outlive the run that made them: by default the project's
 * `.loom/api-keys.db` (SQLite), or the store the auth block names (`api_keys: "redis://..."`),
 * so the processes of a cluster share them. Only the SHA-256 digest of a key is stored, as
 * the record's key: the store never holds a key, and a key is found by its digest, so how long
 * a lookup takes depends on the digest, which gives nothing of the key away. The digest read
 * back is compared in constant time all the same. Revocation and expiry are stored with the
 * record, so they hold for every later run.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { LoomError } from '../../../errors.js';
import type { KvBackend } from '../kv/backend.js';

export const API_KEY_PREFIX = 'loom-ak-';
const API_KEY_FORMAT = /^loom-ak-[0-9a-f]{32}$/;
const API_KEY_RANDOM_BYTES = 16;
const MS_PER_SECOND = 1000;
/** The store's keys are this followed by the key's SHA-256 in hex. */
const RECORD_PREFIX = 'loom:api-key:';

/** One key's record, as JSON in the store. */
interface StoredKey {
  readonly digest: string;
  readonly agent_name: string;
  readonly created_at: number;
  readonly expires_at: number | null;
  readonly revoked: boolean;
}

function digestOf(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

function isStoredKey(value: unknown): value is StoredKey {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return typeof record['digest'] === 'string' && typeof record['agent_name'] === 'string' && typeof record['created_at'] === 'number' &&
    (record['expires_at'] === null || typeof record['expires_at'] === 'number') && typeof record['revoked'] === 'boolean';
}

export class ApiKeyRegistry {
  private store: Promise<KvBackend> | undefined;

  /** @param openStore opens the store on first use, so a program that makes no keys opens nothing */
  constructor(private readonly openStore: () => Promise<KvBackend>) {}

  async generate(agentName: string, expiresInSeconds: number | undefined): Promise<string> {
    const key = API_KEY_PREFIX + randomBytes(API_KEY_RANDOM_BYTES).toString('hex');
    const now = Date.now();
    const digest = digestOf(key);
    const record: StoredKey = { digest, agent_name: agentName, created_at: now, expires_at: expiresInSeconds === undefined ? null : now + expiresInSeconds * MS_PER_SECOND, revoked: false };
    await (await this.backend()).set(RECORD_PREFIX + digest, JSON.stringify(record), undefined);
    return key;
  }

  /** The key's information, or E501 saying why it is refused (never echoing the key). */
  async verify(key: string): Promise<Record<string, unknown>> {
    if (!API_KEY_FORMAT.test(key)) throw new LoomError('E501', `malformed API key: expected ${API_KEY_PREFIX} followed by 32 lowercase hex digits`);
    const stored = await this.find(key);
    if (stored === undefined) throw new LoomError('E501', 'unknown API key');
    if (stored.revoked) throw new LoomError('E501', 'the API key was revoked');
    if (stored.expires_at !== null && stored.expires_at <= Date.now()) throw new LoomError('E501', 'the API key expired');
    return {
      agent_name: stored.agent_name,
      created_at: new Date(stored.created_at).toISOString(),
      expires_at: stored.expires_at === null ? null : new Date(stored.expires_at).toISOString(),
    };
  }

  /** True when the key existed and was not revoked yet. */
  async revoke(key: string): Promise<boolean> {
    const stored = API_KEY_FORMAT.test(key) ? await this.find(key) : undefined;
    if (stored === undefined || stored.revoked) return false;
    await (await this.backend()).set(RECORD_PREFIX + stored.digest, JSON.stringify({ ...stored, revoked: true }), undefined);
    return true;
  }

  private backend(): Promise<KvBackend> {
    this.store ??= this.openStore();
    return this.store;
  }

  private async find(key: string): Promise<StoredKey | undefined> {
    const digest = digestOf(key);
    const json = await (await this.backend()).get(RECORD_PREFIX + digest);
    if (json === undefined) return undefined;
    let record: unknown;
    try {
      record = JSON.parse(json);
    } catch {
      record = undefined;
    }
    // A record someone else wrote under our prefix is not a key of ours.
    if (!isStoredKey(record)) throw new LoomError('E501', 'the API key store holds a record Loom cannot read under this key');
    return record.digest.length === digest.length && timingSafeEqual(Buffer.from(record.digest), Buffer.from(digest)) ? record : undefined;
  }
}
