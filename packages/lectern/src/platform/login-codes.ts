import { randomBytes } from 'node:crypto';
import { loginCodes } from '../config.js';

export interface IssuedCode {
  code: string;
  expiresInSeconds: number;
}

/**
 * Single-use codes that stand in for the bearer token where the token must not go: a URL
 * opened in a browser. A code is worth one exchange within its lifetime; it lives in memory
 * only, so a restart voids every outstanding code.
 */
export class LoginCodes {
  /** code → expiry (ms since epoch); a Map keeps insertion order, which is expiry order. */
  private readonly outstanding = new Map<string, number>();

  constructor(private readonly now: () => number = Date.now) {}

  issue(): IssuedCode {
    this.dropExpired();
    while (this.outstanding.size >= loginCodes.outstandingMax) {
      const oldest = this.outstanding.keys().next().value as string;
      this.outstanding.delete(oldest);
    }
    const code = randomBytes(loginCodes.codeBytes).toString('base64url');
    this.outstanding.set(code, this.now() + loginCodes.lifetimeSeconds * 1000);
    return { code, expiresInSeconds: loginCodes.lifetimeSeconds };
  }

  /** True once for a code issued less than its lifetime ago; the code is spent either way. */
  redeem(code: string): boolean {
    const expiry = this.outstanding.get(code);
    if (expiry === undefined) return false;
    this.outstanding.delete(code);
    return this.now() < expiry;
  }

  private dropExpired(): void {
    const now = this.now();
    for (const [code, expiry] of this.outstanding) {
      if (expiry > now) break;
      this.outstanding.delete(code);
    }
  }
}
