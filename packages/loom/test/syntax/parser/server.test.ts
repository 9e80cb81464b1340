import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { ServerDeclaration, ServerDirective } from '../../../src/syntax/ast.js';
import { onlyItem, parseClean, render, syntaxErrors } from '../helpers.js';

function server(source: string): ServerDeclaration {
  const item = onlyItem(parseClean(source));
  assert.equal(item.kind, 'ServerDeclaration');
  return item as ServerDeclaration;
}

function describeDirective(directive: ServerDirective): string {
  switch (directive.kind) {
    case 'RouteDirective': {
      const head = `${directive.semantic ? 'semantic ' : ''}route ${directive.method?.name ?? '*'} ${directive.path.value}`;
      if (directive.handler !== null) return `${head} => ${render(directive.handler)}`;
      const contracts = directive.contracts.map((c) => `${c.clause} ${render(c.condition)}`);
      const props = directive.properties.map((p) => `${p.name.name}: ${p.value.kind === 'PropertyBlock' ? '{}' : render(p.value)}`);
      return `${head} {${[...contracts, ...props].join('; ')}}`;
    }
    case 'StaticDirective': return `static ${directive.urlPath.value} from ${directive.directory.value}`;
    case 'ValueDirective': return `${directive.name.name} ${render(directive.value)}`;
    case 'GroupDirective': return `group ${directive.path.value} [${directive.directives.map(describeDirective).join(', ')}]`;
    default: return directive.kind;
  }
}

describe('server', () => {
  it('reads every documented directive', () => {
    const declaration = server([
      'server 8080 {',
      '    static "/assets" from "./public"',
      '    cors { origins: ["*"], methods: ["GET", "POST"] }',
      '    middleware [auth_middleware]',
      '    require_auth "/admin"',
      '    route GET "/chat" => ChatBot',
      '    route POST "/analyze" => DataExtractor |>> Analyzer',
      '    route GET "/users/{id}" => get_user',
      '    semantic route "/help" => HelpBot',
      '    group "/admin" {',
      '        middleware [require_admin]',
      '        route GET "/" => AdminBot',
      '    }',
      '}',
    ].join('\n'));
    assert.equal(declaration.port?.value, 8080);
    assert.deepEqual(declaration.directives.map(describeDirective), [
      'static /assets from ./public',
      'cors {origins: ["*"], methods: ["GET" "POST"]}',
      'middleware [auth_middleware]',
      'require_auth "/admin"',
      'route GET /chat => ChatBot',
      'route POST /analyze => (|>> DataExtractor Analyzer)',
      'route GET /users/{id} => get_user',
      'semantic route * /help => HelpBot',
      'group /admin [middleware [require_admin], route GET / => AdminBot]',
    ]);
  });

  it('reads named servers, "path": handler routes and route blocks with contracts', () => {
    const declaration = server([
      'server PaymentAPI {',
      '    cors map { "origins": ["*"] }',
      '    route "/api/items": ItemHandler',
      '    route POST "/transfer" {',
      '        requires: amount > 0',
      '        ensures: result.success',
      '        handler: transfer_flow',
      '    }',
      '}',
    ].join('\n'));
    assert.equal(declaration.name?.name, 'PaymentAPI');
    assert.deepEqual(declaration.directives.map(describeDirective), [
      'cors {"origins": ["*"]}',
      'route * /api/items => ItemHandler',
      'route POST /transfer {requires (> amount 0); ensures result.success; handler: transfer_flow}',
    ]);
  });

  it('reports a route without a handler once and keeps reading the server', () => {
    assert.deepEqual(syntaxErrors('server 80 {\n  route GET "/a"\n  route GET "/b" => B\n}'), [
      "3:3 Syntax error: expected '=>' and a handler after the route path, found 'route'",
    ]);
  });
});
