/**
 * The session functions of std.auth, for the request a `loom serve` route is answering:
 * `get_session`, `session_data`, `set_session`, `logout_user`, and the user and
 * authentication of the request (`get_user`, `require_auth`, `auth_context`). Each takes that
 * request (the handler's `request`; the one being answered when it is left out). A session is
 * started by the first `set_session` of a visitor and travels in a signed cookie set on the
 * answer (infra/auth/sessions.ts). The request's user is, in this order, the `user` dict a
 * handler stored in the session (after it checked a password or an OAuth sign-in), the claims
 * of the JWT require_auth verified, or the bearer JWT or API key the request carries.
 */
import { LoomError } from '../../errors.js';
import { fail, unsupported } from '../core/script-error.js';
import { describe, isDict } from '../core/values.js';
import { API_KEY_PREFIX } from '../infra/auth/api-keys.js';
import { SESSION_COOKIE, SessionStore, parseCookies } from '../infra/auth/sessions.js';
import type { Session } from '../infra/auth/sessions.js';
import { currentRequest } from '../server/request-context.js';
import type { RequestContext } from '../server/request-context.js';
import { REQUEST_FUNCTION_REASON } from '../../language/std-library.js';
import type { StdFunction } from './namespace.js';

/** Where `logout_user` sends the browser, as the Nexa runtime's default does. */
const LOGOUT_LOCATION = '/';
const FOUND = 302;
const UNAUTHORIZED = 401;

/** How the program verifies the credentials a request carries. */
export interface CredentialChecks {
  /** The secret that signs session cookies: the auth block's, else one made for the run. */
  readonly secret: () => string;
  /** The claims of a JWT the program's auth block verifies; throws a LoomError when it does not. */
  readonly verifyJwt: (token: string) => Promise<Record<string, unknown>>;
  /** The information of a live API key; throws a LoomError when it is not one. */
  readonly verifyApiKey: (key: string) => Promise<Record<string, unknown>>;
}

type User = Record<string, unknown>;
type Via = 'session' | 'jwt' | 'api_key';

function text(value: unknown): string | null {
  return typeof value === 'string' || typeof value === 'number' ? String(value) : null;
}

/** The user a token's claims describe, in the shape of the Nexa runtime's `get_user`. */
function userOfClaims(claims: Record<string, unknown>): User {
  return { id: text(claims['sub'] ?? claims['user_id'] ?? claims['id']), name: text(claims['name']), email: text(claims['email']), provider: 'jwt' };
}

function sessionValue(session: Session): Record<string, unknown> {
  return { id: session.id, data: session.data, created_at: new Date(session.createdAt).toISOString(), expires_at: new Date(session.expiresAt).toISOString() };
}

export function createSessionFunctions(checks: CredentialChecks): Record<'get_user' | 'get_session' | 'session_data' | 'set_session' | 'logout_user' | 'require_auth' | 'auth_context', StdFunction> {
  const store = new SessionStore(checks.secret);

  /** The request being answered, and the request value the call names (its own when it names none). */
  const requestOf = (name: string, argument: unknown): { context: RequestContext; headers: Record<string, unknown> } => {
    const context = currentRequest();
    if (context === undefined) return unsupported(`std.auth.${name} called while no server route is answering a request (${REQUEST_FUNCTION_REASON}: call it from a handler while loom serve runs)`);
    if (argument === undefined || argument === null) return { context, headers: context.request.headers };
    if (!isDict(argument) || !isDict(argument['headers'])) return fail(`std.auth.${name} takes the route's request (a dict with headers), got ${describe(argument)}`);
    return { context, headers: argument['headers'] };
  };

  /** The session of the request: settled once per request, so a session started by it is seen by the calls after. */
  const sessionOf = (context: RequestContext, headers: Record<string, unknown>): Session | undefined => {
    if (context.session === undefined) {
      const cookie = headers['cookie'];
      const found = store.find(parseCookies(typeof cookie === 'string' ? cookie : undefined).get(SESSION_COOKIE));
      context.session = { id: found?.id ?? null };
    }
    return context.session.id === null ? undefined : store.get(context.session.id);
  };

  /** The authenticated user of a request and how it was recognised; null when it carries no valid credential. */
  const userOf = async (name: string, argument: unknown): Promise<{ user: User; via: Via; detail: Record<string, unknown> } | null> => {
    const { context, headers } = requestOf(name, argument);
    const stored = sessionOf(context, headers)?.data['user'];
    if (isDict(stored)) return { user: stored, via: 'session', detail: {} };
    const verified = isDict(argument) ? argument['auth'] : context.request.auth;
    if (isDict(verified)) return { user: userOfClaims(verified), via: 'jwt', detail: verified };
    const authorization = headers['authorization'];
    const bearer = typeof authorization === 'string' ? /^Bearer\s+(\S+)$/i.exec(authorization)?.[1] : undefined;
    if (bearer === undefined) return null;
    try {
      if (bearer.startsWith(API_KEY_PREFIX)) {
        const key = await checks.verifyApiKey(bearer);
        const agent = text(key['agent_name']);
        return { user: { id: agent, name: agent, email: null, provider: 'api_key' }, via: 'api_key', detail: key };
      }
      const claims = await checks.verifyJwt(bearer);
      return { user: userOfClaims(claims), via: 'jwt', detail: claims };
    } catch (error) {
      // A credential that does not verify is no user; anything else is a real failure.
      if (error instanceof LoomError) return null;
      throw error;
    }
  };

  return {
    get_session: (request) => {
      const { context, headers } = requestOf('get_session', request);
      const session = sessionOf(context, headers);
      return session === undefined ? null : sessionValue(session);
    },
    session_data: (request) => {
      const { context, headers } = requestOf('session_data', request);
      return sessionOf(context, headers)?.data ?? null;
    },
    set_session: (request, data) => {
      const { context, headers } = requestOf('set_session', request);
      if (!isDict(data)) return fail(`set_session needs the data as a dict, got ${describe(data)}`);
      let session = sessionOf(context, headers);
      if (session === undefined) {
        session = store.start();
        context.session = { id: session.id };
        context.setCookie = store.cookieFor(session);
      }
      Object.assign(session.data, data);
      return true;
    },
    logout_user: (request) => {
      const { context, headers } = requestOf('logout_user', request);
      const session = sessionOf(context, headers);
      if (session !== undefined) store.end(session.id);
      context.session = { id: null };
      context.setCookie = SessionStore.clearingCookie();
      return { status: FOUND, headers: { location: LOGOUT_LOCATION }, body: '' };
    },
    get_user: async (request) => (await userOf('get_user', request))?.user ?? null,
    require_auth: async (request) => {
      if ((await userOf('require_auth', request)) !== null) return null;
      return { status: UNAUTHORIZED, headers: { 'www-authenticate': 'Bearer' }, body: { error: { code: 'E501', message: 'authentication required: sign in, or send Authorization: Bearer with a JWT or an API key' } } };
    },
    auth_context: async (request, agent) => {
      const found = await userOf('auth_context', request);
      const { context, headers } = requestOf('auth_context', request);
      // An agent value carries its name; a name may also be passed as text.
      const agentName = typeof agent === 'object' && agent !== null ? text((agent as { name?: unknown }).name) : text(agent);
      return {
        authenticated: found !== null,
        user: found?.user ?? null,
        via: found?.via ?? null,
        ...(found?.via === 'jwt' ? { jwt_auth: found.detail } : {}),
        ...(found?.via === 'api_key' ? { api_key_auth: found.detail } : {}),
        session_data: sessionOf(context, headers)?.data ?? {},
        agent_name: agentName,
      };
    },
  };
}
