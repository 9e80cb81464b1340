/**
 * Cookie sessions of `loom serve`: a session is a random id with a dict of data and an expiry,
 * kept in the server process's memory (sessions end with the process, as with the Nexa
 * runtime's default store). The browser holds only `id.signature`, an HMAC-SHA256 of the id
 * under the program's secret, so a cookie cannot name a session it was not given; the
 * signature is compared in constant time.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** The cookie that carries the signed session id. */
export const SESSION_COOKIE = 'loom_session';
/** How long a session lives after it is started, unless it is ended sooner. */
export const SESSION_TTL_SECONDS = 3600;
const SESSION_ID_BYTES = 24;
const MS_PER_SECOND = 1000;
/** Expired sessions are dropped at most this often, when a session starts. */
const SWEEP_INTERVAL_MS = 60_000;

export interface Session {
  readonly id: string;
  readonly data: Record<string, unknown>;
  /** Milliseconds since the epoch. */
  readonly createdAt: number;
  readonly expiresAt: number;
}

function signature(secret: string, id: string): Buffer {
  return createHmac('sha256', secret).update(`loom-session\n${id}`).digest();
}

/** The value of a `Cookie` header as name → value (the first of a repeated name wins). */
export function parseCookies(header: string | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of (header ?? '').split(';')) {
    const equals = part.indexOf('=');
    if (equals === -1) continue;
    const name = part.slice(0, equals).trim();
    if (name !== '' && !cookies.has(name)) cookies.set(name, part.slice(equals + 1).trim());
  }
  return cookies;
}

export class SessionStore {
  private readonly sessions = new Map<string, Session>();
  private lastSweep = 0;

  /** `secret` signs the cookies; `now` is replaceable so expiry can be observed. */
  constructor(
    private readonly secret: () => string,
    private readonly now: () => number = Date.now,
  ) {}

  start(): Session {
    this.sweep();
    const createdAt = this.now();
    const session: Session = { id: randomBytes(SESSION_ID_BYTES).toString('base64url'), data: {}, createdAt, expiresAt: createdAt + SESSION_TTL_SECONDS * MS_PER_SECOND };
    this.sessions.set(session.id, session);
    return session;
  }

  /** The live session a signed cookie value names; undefined for a forged, unknown or expired one. */
  find(cookieValue: string | undefined): Session | undefined {
    if (cookieValue === undefined) return undefined;
    const dot = cookieValue.lastIndexOf('.');
    if (dot <= 0) return undefined;
    const id = cookieValue.slice(0, dot);
    const given = Buffer.from(cookieValue.slice(dot + 1), 'base64url');
    const expected = signature(this.secret(), id);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    return this.get(id);
  }

  /** The live session of `id`, which came from a cookie already verified. */
  get(id: string): Session | undefined {
    const session = this.sessions.get(id);
    if (session === undefined) return undefined;
    if (session.expiresAt <= this.now()) {
      this.sessions.delete(id);
      return undefined;
    }
    return session;
  }

  end(id: string): void {
    this.sessions.delete(id);
  }

  /** The `Set-Cookie` value that gives the browser `session`. */
  cookieFor(session: Session): string {
    const maxAge = Math.max(0, Math.ceil((session.expiresAt - this.now()) / MS_PER_SECOND));
    return `${SESSION_COOKIE}=${session.id}.${signature(this.secret(), session.id).toString('base64url')}; Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax`;
  }

  /** The `Set-Cookie` value that makes the browser forget its session cookie. */
  static clearingCookie(): string {
    return `${SESSION_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`;
  }

  /** Drops expired sessions, so a long-running server does not keep every visitor's forever. */
  private sweep(): void {
    const now = this.now();
    if (now - this.lastSweep < SWEEP_INTERVAL_MS) return;
    this.lastSweep = now;
    for (const [id, session] of this.sessions) if (session.expiresAt <= now) this.sessions.delete(id);
  }
}
