/**
 * An auth block (`auth site { type: "jwt", secret: "...", algorithms: ["HS256"], expires_in:
 * 3600 }`, or the same as a dict after `=`): the handle whose settings `jwt_sign`,
 * `jwt_verify` and the CSRF functions use when a call gives no secret of its own. The
 * algorithm list is an allow-list: `none` is refused when the block is read, never at the
 * first token. The secret never appears when the handle is printed. `api_keys: URL` names the
 * key-value store API keys live in (api-keys.ts); without it, the project's `.loom/api-keys.db`.
 */
import { LoomError } from '../../../errors.js';
import { ResourceHandle } from '../../core/resource-handle.js';
import { describe, display, isDict } from '../../core/values.js';

/** HMAC algorithms only: a shared secret signs and verifies; `none` is never allowed. */
export const JWT_ALGORITHMS = ['HS256', 'HS384', 'HS512'] as const;
export type JwtAlgorithm = (typeof JWT_ALGORITHMS)[number];
const DEFAULT_EXPIRES_IN_SECONDS = 3600;

export class AuthConfig extends ResourceHandle {
  readonly namespace = 'auth';

  constructor(
    readonly secret: string | undefined,
    readonly algorithms: readonly JwtAlgorithm[],
    readonly expiresInSeconds: number,
    readonly settings: Readonly<Record<string, unknown>>,
    /** The URL of the key-value store API keys live in (`api_keys:`), if the block names one. */
    readonly apiKeyStore: string | undefined,
  ) {
    super();
  }

  loomDisplay(): string {
    return `<auth ${this.algorithms.join(',')}>`;
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}

function algorithmsOf(value: unknown): JwtAlgorithm[] {
  if (value === undefined || value === null) return ['HS256'];
  const list = Array.isArray(value) ? value : [value];
  return list.map((entry) => {
    const name = display(entry);
    if (!(JWT_ALGORITHMS as readonly string[]).includes(name)) {
      throw new LoomError('E502', `the auth block allows algorithm '${name}'; Loom signs and verifies only ${JWT_ALGORITHMS.join(', ')} (never 'none')`);
    }
    return name as JwtAlgorithm;
  });
}

/** An auth block's settings as a handle; a block that cannot work is E502 where it is declared. */
export function authConfig(settings: unknown): AuthConfig {
  if (!isDict(settings)) throw new LoomError('E502', `an auth block needs settings such as { type: "jwt", secret: "..." }, got ${describe(settings)}`);
  const { algorithms, expires_in: expiresIn, api_keys: apiKeys } = settings;
  // part5_enterprise of the Nexa docs spells the secret `jwt_secret`; both name the same setting.
  if (settings['secret'] !== undefined && settings['jwt_secret'] !== undefined) throw new LoomError('E502', 'the auth block gives both secret and jwt_secret; give one');
  const secret = settings['secret'] ?? settings['jwt_secret'];
  if (secret !== undefined && secret !== null && (typeof secret !== 'string' || secret === '')) throw new LoomError('E502', 'the auth block secret (or jwt_secret) must be a non-empty string');
  if (expiresIn !== undefined && (typeof expiresIn !== 'number' || expiresIn <= 0)) throw new LoomError('E502', 'the auth block expires_in is a positive number of seconds');
  if (apiKeys !== undefined && apiKeys !== null && (typeof apiKeys !== 'string' || apiKeys === '')) {
    throw new LoomError('E501', `the auth block api_keys is the URL of a key-value store (":memory:", "sqlite://keys.db", "redis://..."), got ${describe(apiKeys)}`);
  }
  const store = typeof apiKeys === 'string' ? apiKeys : undefined;
  return new AuthConfig(typeof secret === 'string' ? secret : undefined, algorithmsOf(algorithms), typeof expiresIn === 'number' ? expiresIn : DEFAULT_EXPIRES_IN_SECONDS, settings, store);
}
