import { randomBytes, timingSafeEqual } from 'node:crypto';
import { server } from '../config.js';

export function generateToken(): string {
  return randomBytes(server.tokenBytes).toString('base64url');
}

/**
 * Checks a presented token against the expected one in constant time. The comparison runs on
 * bytes (latin1 is how Node hands over raw header bytes), so a non-ASCII header is simply
 * unequal, never an exception; unequal lengths still cost one full comparison.
 */
export function tokenMatches(expected: Buffer, presented: string): boolean {
  const candidate = Buffer.from(presented, 'latin1');
  if (candidate.length !== expected.length) {
    timingSafeEqual(expected, expected);
    return false;
  }
  return timingSafeEqual(expected, candidate);
}

const bearerPrefix = /^Bearer +/i;

/** The token of an `Authorization: Bearer <token>` header, or null. */
export function bearerToken(header: string | undefined): string | null {
  if (header === undefined || !bearerPrefix.test(header)) return null;
  return header.replace(bearerPrefix, '').trim();
}
