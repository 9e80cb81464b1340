/**
 * The session store behind std.auth's session functions: a cookie names a session only with
 * the signature the program's secret gives it, and a session ends when its hour is up.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SESSION_COOKIE, SESSION_TTL_SECONDS, SessionStore, parseCookies } from '../../../src/runtime/infra/auth/sessions.js';

function cookieValue(setCookie: string): string {
  const value = parseCookies(setCookie.split(';')[0]).get(SESSION_COOKIE);
  assert.ok(value !== undefined);
  return value;
}

test('a session is found by its signed cookie, not by its bare id nor under another secret', () => {
  const store = new SessionStore(() => 'secret-one');
  const session = store.start();
  const value = cookieValue(store.cookieFor(session));
  assert.equal(store.find(value), session);
  assert.equal(store.find(session.id), undefined);
  assert.equal(store.find(`${session.id}.`), undefined);
  assert.equal(new SessionStore(() => 'secret-two').find(value), undefined);
});

test('a session expires after its lifetime, and an ended one is gone', () => {
  let now = 1_000_000;
  const store = new SessionStore(() => 'secret', () => now);
  const session = store.start();
  const value = cookieValue(store.cookieFor(session));
  now += SESSION_TTL_SECONDS * 1000 - 1;
  assert.equal(store.find(value), session);
  now += 1;
  assert.equal(store.find(value), undefined);
  const other = store.start();
  store.end(other.id);
  assert.equal(store.get(other.id), undefined);
});

test('cookies are read by name, the first of a repeated name winning', () => {
  assert.deepEqual([...parseCookies('a=1; loom_session=x.y; a=2;junk; b = 3 ')], [['a', '1'], ['loom_session', 'x.y'], ['b', '3']]);
  assert.equal(parseCookies(undefined).size, 0);
});
