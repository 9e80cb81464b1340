import assert from 'node:assert/strict';
import { describe as suite, test } from 'node:test';
import { findings } from './helpers.js';

const FLOWS = 'flow hi() { return 1 }\nflow order(request) { return {ok: true} }\n';

suite('server declarations are checked before anything listens', () => {
  test('both documented forms, groups, static, cors, middleware, require_auth and semantic routes check clean', () => {
    assert.deepEqual(findings([
      'auth api { type: "jwt", secret: "0123456789abcdef0123456789abcdef" }',
      'agent Helper { prompt: "help", model: "openai/gpt-4o" }',
      'server 8081 {',
      '    static "/assets" from "./public"',
      '    cors { origins: ["*"], methods: ["GET", "POST"] }',
      '    middleware [hi]',
      '    require_auth "/admin"',
      '    body_limit 1024',
      '    route GET "/p/:x" => hi',
      '    route POST "/analyze" => hi |>> Helper',
      '    semantic route "/help" => Helper',
      '    group "/admin" {',
      '        middleware [hi]',
      '        route GET "/" => hi',
      '    }',
      '}',
      'server MyApp {',
      '    route POST "/orders/{id}" {',
      '        requires: request.body != ""',
      '        ensures: result.ok',
      '        handler: order',
      '    }',
      '}',
      FLOWS,
    ].join('\n')), []);
  });

  test('contracts see request, and ensures also result; a handler must be declared', () => {
    assert.deepEqual(findings(`${FLOWS}server 1 {\n    route GET "/a" {\n        requires: result.ok\n        handler: hi\n    }\n    route GET "/b" => nothing\n}\n`), [
      "5:19 E001 Undeclared identifier 'result'",
      "8:23 E001 Undeclared identifier 'nothing'",
    ]);
  });

  test('a method that is not HTTP, a route property or directive a server lacks, and misplaced or mistyped settings are E002', () => {
    assert.deepEqual(findings(`${FLOWS}server 1 {\n    route FETCH "/a" => hi\n    route GET "/b" {\n        handler: hi\n        timeout: 3\n    }\n    corz { origins: ["*"] }\n    cors "everyone"\n    body_limit -1\n    group "/g" {\n        body_limit 10\n    }\n}\n`).map((line) => line.replace(/ \(.*$/, '')), [
      "4:11 E002 Type mismatch: 'FETCH' is not an HTTP method",
      "7:9 E002 Type mismatch: routes have no property 'timeout'",
      "9:5 E002 Type mismatch: servers have no directive 'corz'",
      '10:10 E002 Type mismatch: \'cors\' takes a dict such as { origins: ["*"], methods: ["GET", "POST"] }',
      "11:16 E002 Type mismatch: 'body_limit' is a positive whole number of bytes",
      "13:9 E002 Type mismatch: 'body_limit' configures the whole server and is written at its top level, not inside a group",
    ]);
  });

  test('a route without a handler is E003; one method and path twice, or one port for two servers, E005', () => {
    assert.deepEqual(findings(`${FLOWS}server 1 {\n    route POST "/a" {\n        requires: request.body != ""\n    }\n    route GET "/u/:id" => hi\n    group "/u" {\n        route GET "/{name}" => hi\n    }\n}\nserver Other {\n    route GET "/" => hi\n}\nserver 8080 {\n    route GET "/" => hi\n}\n`), [
      '4:16 E003 Missing required property: the route POST "/a" of server 1 has no handler',
      '9:19 E005 Duplicate declaration of the route GET "/u/{name}" in server 1',
      '15:1 E005 Duplicate declaration of port 8080: servers Other and 8080 would both listen on it',
    ]);
  });

  test('a path parameter type is one of int, float, bool, str: a name of an object\'s prototype is no type either', () => {
    const message = (type: string) => `Type mismatch: the path parameter 'id' has the type '${type}', which a path cannot carry`;
    assert.deepEqual(findings(`${FLOWS}server 1 {\n    route GET "/a/{id: int}/{n: str}" => hi\n    route GET "/b/{id: uuid}" => hi\n    route GET "/c/{id: toString}" => hi\n}\n`), [
      `5:15 E002 ${message('uuid')}`,
      `6:15 E002 ${message('toString')}`,
    ]);
  });

  test('require_auth without the file\'s auth block is E001 saying what to declare', () => {
    assert.deepEqual(findings(`${FLOWS}server 1 {\n    require_auth "/admin"\n    route GET "/admin" => hi\n}\n`), [
      '4:5 E001 Undeclared identifier: require_auth "/admin" needs the program\'s auth block, and this program declares none',
    ]);
  });

  test('the part5 PaymentAPI contracts name body fields bare: E001, since a route contract sees only request (and result)', () => {
    assert.deepEqual(findings(`${FLOWS}server PaymentAPI {\n    route POST "/transfer" {\n        requires: amount > 0\n        requires: request.body.sender != ""\n        ensures: result.success\n        handler: order\n    }\n}\n`), [
      "5:19 E001 Undeclared identifier 'amount'",
    ]);
  });
});
