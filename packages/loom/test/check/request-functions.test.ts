/**
 * The session functions of std.auth are accepted where a server route can reach them — its
 * handler, a flow or function the handler calls, its middleware — and are E006 everywhere
 * else, naming why: no server at all, or the declaration no route reaches.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkSource } from '../../src/compile.js';

function findings(source: string): string[] {
  return checkSource(source, 'r.nx').diagnostics.map((d) => `${d.span.start.line}:${d.span.start.column} ${d.code} ${d.message}`);
}

const REASON = 'sessions belong to the requests of a server route';

test('a handler, the flows and functions it calls and a middleware may use the session functions', () => {
  const source = [
    'fn visits(request) { return std.auth.session_data(request: request) }',
    'flow count(request) { return visits(request) }',
    'flow profile(request) { return {"user": std.auth.get_user(request: request), "seen": count(request)} }',
    'flow guard(request) { return std.auth.require_auth(request: request) }',
    'server App {',
    '    middleware [guard]',
    '    route GET "/me" => profile',
    '}',
  ].join('\n');
  assert.deepEqual(findings(source), []);
});

test('outside anything a route reaches, each call is E006 naming the declaration', () => {
  const source = [
    'flow profile(request) { return std.auth.get_session(request: request) }',
    'flow orphan(request) { return std.auth.set_session(request: request, data: {}) }',
    'server App { route GET "/me" => profile }',
    'flow main { print(std.auth.logout_user(request: null)) }',
  ].join('\n');
  assert.deepEqual(findings(source), [
    `2:31 E006 Not supported by this runtime: std.auth.set_session (${REASON}, and no server route reaches flow orphan)`,
    `4:19 E006 Not supported by this runtime: std.auth.logout_user (${REASON}, and no server route reaches flow main)`,
  ]);
});

test('a program without a server cannot use them at all, even in a flow nothing calls', () => {
  assert.deepEqual(findings('flow unused(request) { return std.auth.auth_context(request: request) }\nflow main { print(1) }\n'), [
    `1:31 E006 Not supported by this runtime: std.auth.auth_context (${REASON}, and this program declares no server)`,
  ]);
});

test('a local named std is not the standard library', () => {
  assert.deepEqual(findings('flow main {\n    std = {"auth": {"get_user": 1}}\n    print(std.auth.get_user)\n}\n'), []);
});

test('the analysis tells whether a program asks for the request at all: only then do its servers keep each request\'s context', () => {
  const withSessions = 'flow me(request) { return std.auth.get_user(request: request) }\nserver App {\n    route GET "/me" => me\n}\n';
  const without = 'flow hello(request) { return {"message": "hi"} }\nserver App {\n    route GET "/hello" => hello\n}\n';
  assert.equal(checkSource(withSessions, 'r.nx').analysis.callsRequestFunctions(), true);
  assert.equal(checkSource(without, 'r.nx').analysis.callsRequestFunctions(), false);
});
