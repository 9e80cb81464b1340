/**
 * JSON Web Tokens through `jose`: HMAC-signed with the auth block's secret (or one given to
 * the call), verified against the block's algorithm allow-list with `exp` and `nbf` checked.
 * Every refusal is E502 with jose's reason; an expired token's message says "expired".
 */
import { LoomError } from '../../../errors.js';
import type { JWTPayload } from 'jose';
import type { JwtAlgorithm } from './auth-config.js';

const SECONDS_PER_MS = 1 / 1000;

export async function signJwt(claims: Readonly<Record<string, unknown>>, secret: string, algorithm: JwtAlgorithm, expiresInSeconds: number): Promise<string> {
  const { SignJWT } = await import('jose');
  const issuedAt = Math.floor(Date.now() * SECONDS_PER_MS);
  return new SignJWT({ ...claims })
    .setProtectedHeader({ alg: algorithm, typ: 'JWT' })
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + expiresInSeconds)
    .sign(new TextEncoder().encode(secret));
}

export async function verifyJwt(token: string, secret: string, algorithms: readonly JwtAlgorithm[]): Promise<Record<string, unknown>> {
  const { jwtVerify, errors } = await import('jose');
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(secret), { algorithms: [...algorithms] });
    return { ...payload };
  } catch (error) {
    if (error instanceof errors.JWTExpired) throw new LoomError('E502', 'the JWT expired ("exp" is in the past)');
    if (error instanceof errors.JOSEAlgNotAllowed) throw new LoomError('E502', `the JWT is signed with an algorithm the auth block does not allow (allowed: ${algorithms.join(', ')})`);
    if (error instanceof errors.JWSSignatureVerificationFailed) throw new LoomError('E502', 'the JWT signature does not verify with this secret');
    throw new LoomError('E502', `invalid JWT: ${(error as Error).message}`);
  }
}

/** The claims without checking the signature: for display and routing, never for trust. */
export async function decodeJwt(token: string): Promise<Record<string, unknown>> {
  const { decodeJwt: decode } = await import('jose');
  try {
    const payload: JWTPayload = decode(token);
    return { ...payload };
  } catch (error) {
    throw new LoomError('E502', `invalid JWT: ${(error as Error).message}`);
  }
}
