/**
 * CSRF tokens bound to a session: `nonce.expiry.signature`, the signature an HMAC-SHA256 of
 * the session id, nonce and expiry under the program's secret. A token is accepted only for
 * the session it was made for, before it expires, and its signature is compared in constant
 * time; every refusal is E503.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { LoomError } from '../../../errors.js';

const NONCE_BYTES = 16;
const MS_PER_SECOND = 1000;

function signature(secret: string, sessionId: string, nonce: string, expiresAt: string): Buffer {
  return createHmac('sha256', secret).update(`${sessionId}\n${nonce}\n${expiresAt}`).digest();
}

export function createCsrfToken(secret: string, sessionId: string, expiresInSeconds: number): string {
  const nonce = randomBytes(NONCE_BYTES).toString('base64url');
  const expiresAt = String(Date.now() + expiresInSeconds * MS_PER_SECOND);
  return `${nonce}.${expiresAt}.${signature(secret, sessionId, nonce, expiresAt).toString('base64url')}`;
}

export function validateCsrfToken(secret: string, sessionId: string, token: string): true {
  const [nonce, expiresAt, signed, ...extra] = token.split('.');
  if (nonce === undefined || expiresAt === undefined || signed === undefined || extra.length > 0 || !/^\d+$/.test(expiresAt)) {
    throw new LoomError('E503', 'malformed CSRF token');
  }
  const expected = signature(secret, sessionId, nonce, expiresAt);
  const given = Buffer.from(signed, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new LoomError('E503', 'the CSRF token does not match this session');
  if (Number(expiresAt) <= Date.now()) throw new LoomError('E503', 'the CSRF token expired');
  return true;
}
