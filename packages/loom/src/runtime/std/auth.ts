/**
 * `std.auth`: agent API keys (E501), JWT (E502), CSRF tokens (E503) and OAuth sign-in with
 * PKCE (E504, infra/auth/oauth.ts), and the sessions of server requests (auth-sessions.ts). Each verifying
 * function raises its AuthError on failure and returns what it verified on success: the key's
 * information, the token's claims, true. Without a `secret` argument, JWT and CSRF use the
 * program's auth block (`auth NAME { type: "jwt", secret, algorithms, expires_in }`), the
 * first one declared; CSRF without any secret signs with a key made for this run.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { LoomError } from '../../errors.js';
import { fail } from '../core/script-error.js';
import { describe, display, isDict } from '../core/values.js';
import { ApiKeyRegistry } from '../infra/auth/api-keys.js';
import { authConfig } from '../infra/auth/auth-config.js';
import type { AuthConfig } from '../infra/auth/auth-config.js';
import { createCsrfToken, validateCsrfToken } from '../infra/auth/csrf.js';
import { decodeJwt, signJwt, verifyJwt } from '../infra/auth/jwt.js';
import { text } from './arguments.js';
import type { StdFunctionsOf, StdNamespace, StdServices } from './namespace.js';
import { OAuthFlows } from '../infra/auth/oauth.js';
import { loadSecrets } from '../infra/secrets.js';
import { openKvStore } from '../infra/kv/kv-store.js';
import { createSessionFunctions } from './auth-sessions.js';

const CSRF_EXPIRES_IN_SECONDS = 3600;
const RUN_SECRET_BYTES = 32;

function seconds(value: unknown, what: string): number | undefined {
  if (value === undefined || value === null) return undefined;
  return typeof value === 'number' && value > 0 ? value : fail(`${what} is a positive number of seconds, got ${describe(value)}`);
}

/** Where API keys live unless the auth block says: the project's own `.loom/` directory, made on first use. */
const DEFAULT_API_KEY_DIRECTORY = '.loom';
const DEFAULT_API_KEY_FILE = 'api-keys.db';

function defaultApiKeyStore(projectRoot: string): string {
  const directory = join(projectRoot, DEFAULT_API_KEY_DIRECTORY);
  mkdirSync(directory, { recursive: true });
  return `sqlite://${join(directory, DEFAULT_API_KEY_FILE)}`;
}

function createAuth(env: NodeJS.ProcessEnv, services: StdServices): StdFunctionsOf<'auth'> {
  // Opened at the first key operation, after the auth block (which may name the store) was read.
  const apiKeys = new ApiKeyRegistry(async () => {
    const url = programBlock?.apiKeyStore ?? defaultApiKeyStore(services.projectRoot);
    return services.resources.track(await openKvStore(url, services.projectRoot)).use();
  });
  // Provider settings are read when a flow starts, from secrets.nxs and the environment.
  const oauth = new OAuthFlows((key) => loadSecrets({ projectRoot: services.projectRoot, env }).get(key));
  let programBlock: AuthConfig | undefined;
  const runSecret = randomBytes(RUN_SECRET_BYTES).toString('hex');
  const csrfToken = (sessionId: unknown, expiresIn: unknown): string =>
    createCsrfToken(programBlock?.secret ?? runSecret, text(sessionId, 'the session id'), seconds(expiresIn, 'expires_in') ?? CSRF_EXPIRES_IN_SECONDS);
  const csrfValid = (sessionId: unknown, token: unknown): boolean =>
    validateCsrfToken(programBlock?.secret ?? runSecret, text(sessionId, 'the session id'), typeof token === 'string' ? token : '');

  const jwtSettings = (secret: unknown): { secret: string; config: AuthConfig | undefined } => {
    if (secret !== undefined && secret !== null) return { secret: text(secret, 'the JWT secret'), config: programBlock };
    if (programBlock?.secret !== undefined) return { secret: programBlock.secret, config: programBlock };
    throw new LoomError('E502', 'no JWT secret: declare an auth block with a secret (auth NAME { type: "jwt", secret: ... }) or pass secret:');
  };

  const sessions = createSessionFunctions({
    secret: () => programBlock?.secret ?? runSecret,
    verifyJwt: async (token) => {
      const settings = jwtSettings(undefined);
      return verifyJwt(token, settings.secret, settings.config?.algorithms ?? ['HS256']);
    },
    verifyApiKey: (key) => apiKeys.verify(key),
  });

  return {
    ...sessions,
    /** The settings of an auth block; the first declared is the program's. */
    configure: (settings) => {
      const config = authConfig(settings);
      programBlock ??= config;
      return config;
    },
    enable_auth: (providers) => {
      const config = authConfig({ providers: typeof providers === 'string' ? providers : display(providers) });
      programBlock ??= config;
      return config;
    },
    api_key_generate: (agentName, expiresIn) => apiKeys.generate(agentName === undefined || agentName === null ? '' : display(agentName), seconds(expiresIn, 'expires_in')),
    api_key_verify: (key) => apiKeys.verify(text(key, 'the API key')),
    api_key_revoke: (key) => apiKeys.revoke(text(key, 'the API key')),
    jwt_sign: async (claims, secret, expiresIn) => {
      if (!isDict(claims)) return fail(`jwt_sign needs the claims as a dict, got ${describe(claims)}`);
      const settings = jwtSettings(secret);
      return signJwt(claims, settings.secret, settings.config?.algorithms[0] ?? 'HS256', seconds(expiresIn, 'expires_in') ?? settings.config?.expiresInSeconds ?? CSRF_EXPIRES_IN_SECONDS);
    },
    jwt_verify: (token, secret) => {
      const settings = jwtSettings(secret);
      return verifyJwt(text(token, 'the JWT'), settings.secret, settings.config?.algorithms ?? ['HS256']);
    },
    jwt_decode: (token) => decodeJwt(text(token, 'the JWT')),
    csrf_token: (sessionId, expiresIn) => csrfToken(sessionId, expiresIn),
    // The error index's spelling (E503's example): csrf_generate(session_id), csrf_validate(session_id, token).
    csrf_generate: (sessionId, expiresIn) => csrfToken(sessionId, expiresIn),
    /** The token as the hidden field of an HTML form (part5_enterprise: `<input type="hidden" name="csrf_token" value="...">`). */
    csrf_field: (sessionId, expiresIn) => `<input type="hidden" name="csrf_token" value="${csrfToken(sessionId, expiresIn)}">`,
    csrf_validate: (sessionId, token) => csrfValid(sessionId, token),
    verify_csrf: (token, sessionId) => csrfValid(sessionId, token),
    oauth: (name) => oauth.authorize(text(name, 'the provider name')),
    oauth_authorize: (name) => oauth.authorize(text(name, 'the provider name')),
    oauth_callback: (name, code, state) => oauth.callback(text(name, 'the provider name'), text(code, 'the code'), text(state, 'the state')),
  };
}

export const authNamespace: StdNamespace<'auth'> = {
  create: (env, services) => createAuth(env, services),
  // `uses std.auth`: the model never sees or passes a secret; JWT and CSRF tools use the
  // program's auth block (or the run's CSRF key). OAuth is left out: its callback needs the
  // browser that the sign-in redirects, which a tool call does not have.
  tools: {
    api_key_generate: { description: 'Generate an API key (loom-ak-...) for an agent, valid for a number of seconds', parameters: { agent_name: 'string', expires_in: 'int' } },
    api_key_verify: { description: "Check an API key; returns its agent_name, created_at and expires_at (an error if it is unknown, revoked or expired)", parameters: { api_key: 'string' } },
    api_key_revoke: { description: 'Revoke an API key; returns whether it was live', parameters: { api_key: 'string' } },
    jwt_sign: { description: "Sign claims into a JWT with the program's auth settings", parameters: { claims: 'dict' } },
    jwt_verify: { description: "Verify a JWT with the program's auth settings; returns its claims (an error if invalid or expired)", parameters: { token: 'string' } },
    jwt_decode: { description: 'Read the claims of a JWT without verifying it', parameters: { token: 'string' } },
    csrf_token: { description: 'A CSRF token bound to a session id', parameters: { session_id: 'string' } },
    csrf_validate: { description: 'Check a CSRF token against its session id; returns true (an error if invalid or expired)', parameters: { session_id: 'string', token: 'string' } },
  },
  parameters: {
    configure: ['settings'],
    enable_auth: ['providers'],
    api_key_generate: ['agent_name', 'expires_in'],
    api_key_verify: ['api_key'],
    api_key_revoke: ['api_key'],
    jwt_sign: ['claims', 'secret', 'expires_in'],
    jwt_verify: ['token', 'secret'],
    jwt_decode: ['token'],
    csrf_token: ['session_id', 'expires_in'],
    csrf_generate: ['session_id', 'expires_in'],
    csrf_field: ['session_id', 'expires_in'],
    csrf_validate: ['session_id', 'token'],
    verify_csrf: ['token', 'session_id'],
    oauth: ['name'],
    oauth_authorize: ['name'],
    oauth_callback: ['name', 'code', 'state'],
    get_user: ['request'],
    get_session: ['request'],
    session_data: ['request'],
    set_session: ['request', 'data'],
    logout_user: ['request'],
    require_auth: ['request'],
    auth_context: ['request', 'agent'],
  },
};
