import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { loginCodes } from '../../src/config.js';
import { LoginCodes } from '../../src/platform/login-codes.js';
import { isOwnOrigin } from '../../src/platform/own-origin.js';

describe('login codes', () => {
  it('are worth exactly one exchange', () => {
    const codes = new LoginCodes();
    const { code, expiresInSeconds } = codes.issue();
    assert.equal(expiresInSeconds, 60);
    assert.match(code, /^[A-Za-z0-9_-]{22}$/);
    assert.equal(codes.redeem(code), true);
    assert.equal(codes.redeem(code), false);
  });

  it('expire after their lifetime, and an expired attempt spends the code', () => {
    let now = 1_000_000;
    const codes = new LoginCodes(() => now);
    const late = codes.issue().code;
    const inTime = codes.issue().code;
    now += loginCodes.lifetimeSeconds * 1000 - 1;
    assert.equal(codes.redeem(inTime), true);
    now += 1;
    assert.equal(codes.redeem(late), false);
    now -= 10_000;
    assert.equal(codes.redeem(late), false, 'not redeemable even if the clock went back');
  });

  it('never accepts a code it did not issue', () => {
    const codes = new LoginCodes();
    codes.issue();
    assert.equal(codes.redeem(''), false);
    assert.equal(codes.redeem('not-a-code'), false);
  });

  it('keep a bounded number outstanding, dropping the oldest', () => {
    const codes = new LoginCodes();
    const first = codes.issue().code;
    const rest = Array.from({ length: loginCodes.outstandingMax }, () => codes.issue().code);
    assert.equal(codes.redeem(first), false);
    assert.equal(codes.redeem(rest.at(-1) as string), true);
    assert.equal(codes.redeem(rest[0] as string), true);
  });
});

describe('own origin', () => {
  it('is plain http on a loopback name and the port the request came in on', () => {
    assert.equal(isOwnOrigin('http://127.0.0.1:4000', 4000), true);
    assert.equal(isOwnOrigin('http://localhost:4000', 4000), true);
    assert.equal(isOwnOrigin('http://[::1]:4000', 4000), true);
  });

  it('is not another port, another scheme, a DNS name, a path or garbage', () => {
    for (const origin of ['http://127.0.0.1:4001', 'https://127.0.0.1:4000', 'http://evil.example:4000', 'http://127.0.0.1:4000/x', 'null', '', 'http://user@127.0.0.1:4000']) {
      assert.equal(isOwnOrigin(origin, 4000), false, origin);
    }
    assert.equal(isOwnOrigin('http://127.0.0.1:4000', undefined), false);
  });
});
