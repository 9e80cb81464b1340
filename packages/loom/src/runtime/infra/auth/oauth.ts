/**
 * OAuth 2.0 authorization code flow with PKCE (S256) and a state per attempt, for a program that
 * signs its users in with a provider. `authorize` gives the URL to send the user to; the provider
 * sends them back to the redirect URI with `code` and `state`, which `callback` exchanges for
 * the provider's tokens. A state is random, bound to its provider, used once and valid for ten
 * minutes, so a forged or replayed callback is refused (E504), as is any error of the provider.
 *
 * A provider is configured by name in secrets.nxs or the environment: `GITHUB_CLIENT_ID`,
 * `GITHUB_REDIRECT_URI`, optionally `GITHUB_CLIENT_SECRET` (confidential clients) and
 * `GITHUB_SCOPES`; `GITHUB_AUTHORIZE_URL`/`GITHUB_TOKEN_URL` replace the endpoints of a known
 * provider (github, google) and are required for any other. Endpoints are https, or http on a
 * loopback address (a development provider).
 */
import { createHash, randomBytes } from 'node:crypto';
import { LoomError } from '../../../errors.js';

interface ProviderEndpoints {
  readonly authorizeUrl: string;
  readonly tokenUrl: string;
  readonly scopes: string;
}

const KNOWN_PROVIDERS: Readonly<Record<string, ProviderEndpoints>> = {
  github: { authorizeUrl: 'https://github.com/login/oauth/authorize', tokenUrl: 'https://github.com/login/oauth/access_token', scopes: 'read:user' },
  google: { authorizeUrl: 'https://accounts.google.com/o/oauth2/v2/auth', tokenUrl: 'https://oauth2.googleapis.com/token', scopes: 'openid email profile' },
};

const STATE_LIFETIME_MS = 10 * 60 * 1000;
const RANDOM_BYTES = 32;
const TOKEN_REQUEST_TIMEOUT_MS = 30_000;
const LOOPBACK_HOSTS: ReadonlySet<string> = new Set(['127.0.0.1', 'localhost', '[::1]']);

interface Provider extends ProviderEndpoints {
  readonly name: string;
  readonly clientId: string;
  readonly clientSecret?: string;
  readonly redirectUri: string;
}

interface PendingAttempt {
  readonly provider: string;
  readonly verifier: string;
  readonly expiresAt: number;
}

/** Reads a setting by key (secrets.nxs, then the environment). */
export type SettingLookup = (key: string) => string | undefined;

function oauthError(message: string): LoomError {
  return new LoomError('E504', `OAuth: ${message}`);
}

function base64url(bytes: Buffer): string {
  return bytes.toString('base64url');
}

export class OAuthFlows {
  private readonly pending = new Map<string, PendingAttempt>();

  constructor(
    private readonly setting: SettingLookup,
    private readonly now: () => number = Date.now,
  ) {}

  /** The URL that starts a sign-in with `providerName`. */
  authorize(providerName: string): string {
    const provider = this.provider(providerName);
    const state = base64url(randomBytes(RANDOM_BYTES));
    const verifier = base64url(randomBytes(RANDOM_BYTES));
    this.forgetExpired();
    this.pending.set(state, { provider: provider.name, verifier, expiresAt: this.now() + STATE_LIFETIME_MS });
    const url = new URL(provider.authorizeUrl);
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('client_id', provider.clientId);
    url.searchParams.set('redirect_uri', provider.redirectUri);
    url.searchParams.set('scope', provider.scopes);
    url.searchParams.set('state', state);
    url.searchParams.set('code_challenge', base64url(createHash('sha256').update(verifier).digest()));
    url.searchParams.set('code_challenge_method', 'S256');
    return url.toString();
  }

  /** Exchanges the `code` a provider sent back with `state` for its token response. */
  async callback(providerName: string, code: string, state: string): Promise<Record<string, unknown>> {
    const provider = this.provider(providerName);
    this.forgetExpired();
    const attempt = this.pending.get(state);
    // One use only, whatever happens next: a replayed callback finds nothing.
    this.pending.delete(state);
    if (attempt === undefined) throw oauthError(`the state of this callback is unknown, used or expired (start again with std.auth.oauth("${provider.name}"))`);
    if (attempt.provider !== provider.name) throw oauthError(`the state was issued for '${attempt.provider}', not '${provider.name}'`);
    const body = new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: provider.redirectUri,
      client_id: provider.clientId,
      code_verifier: attempt.verifier,
    });
    if (provider.clientSecret !== undefined) body.set('client_secret', provider.clientSecret);
    let response: Response;
    try {
      response = await fetch(provider.tokenUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body,
        signal: AbortSignal.timeout(TOKEN_REQUEST_TIMEOUT_MS),
      });
    } catch (error) {
      throw oauthError(`the token endpoint of '${provider.name}' could not be reached (${(error as Error).name})`);
    }
    const answer = await readJson(response);
    if (!response.ok || typeof answer?.error === 'string') {
      const reason = typeof answer?.error === 'string' ? `${answer.error}${typeof answer.error_description === 'string' ? `: ${answer.error_description}` : ''}` : `HTTP ${response.status}`;
      throw oauthError(`'${provider.name}' refused the code (${reason})`);
    }
    if (answer === undefined || typeof answer.access_token !== 'string') throw oauthError(`'${provider.name}' answered without an access_token`);
    return answer;
  }

  private provider(name: string): Provider {
    const key = name.toUpperCase().replace(/[^A-Z0-9]/g, '_');
    const known = KNOWN_PROVIDERS[name.toLowerCase()];
    const required = (suffix: string, fallback?: string): string => {
      const value = this.setting(`${key}_${suffix}`) ?? fallback;
      if (value === undefined || value === '') throw oauthError(`provider '${name}' needs ${key}_${suffix} in secrets.nxs or the environment`);
      return value;
    };
    const provider: Provider = {
      name,
      authorizeUrl: required('AUTHORIZE_URL', known?.authorizeUrl),
      tokenUrl: required('TOKEN_URL', known?.tokenUrl),
      scopes: this.setting(`${key}_SCOPES`) ?? known?.scopes ?? '',
      clientId: required('CLIENT_ID'),
      clientSecret: this.setting(`${key}_CLIENT_SECRET`),
      redirectUri: required('REDIRECT_URI'),
    };
    for (const endpoint of [provider.authorizeUrl, provider.tokenUrl]) checkEndpoint(name, endpoint);
    return provider;
  }

  private forgetExpired(): void {
    const now = this.now();
    for (const [state, attempt] of this.pending) if (attempt.expiresAt <= now) this.pending.delete(state);
  }
}

function checkEndpoint(provider: string, endpoint: string): void {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw oauthError(`provider '${provider}' has an endpoint that is not a URL`);
  }
  if (url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname))) return;
  throw oauthError(`provider '${provider}' endpoints must be https (http only on a loopback address)`);
}

async function readJson(response: Response): Promise<Record<string, unknown> | undefined> {
  try {
    const value: unknown = await response.json();
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
