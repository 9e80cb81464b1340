/**
 * Server declarations, both forms of the Nexa docs —
 *
 *     server 8080 { route GET "/users/:id" => get_user  group "/admin" { ... } }
 *     server MyApp { route POST "/p/{id}" { requires: ..., ensures: ..., handler: flow } }
 *
 * checked before anything listens: a method must be an HTTP method, a route must have a
 * handler (E003), the block form holds only `handler:` besides its contracts, a directive must
 * be one a server has (E002, with a suggestion), `cors` a dict and `body_limit` a byte count
 * written at the server level, a path parameter's type one a path can carry (E002), a method
 * and path declared once per server and a port once per program (E005), and `require_auth`
 * needs the file's `auth` block, whose secret verifies the tokens (E001 without one).
 */
import { diagnostic } from '../diagnostic.js';
import type { Diagnostic } from '../diagnostic.js';
import type { ServerDeclaration } from '../syntax/ast.js';
import { suggestionHint } from '../language/suggest.js';
import {
  DEFAULT_SERVER_PORT, HTTP_METHODS, SEMANTIC_ROUTE_METHODS, SERVER_ONLY_DIRECTIVES, SERVER_VALUE_DIRECTIVES, PATH_PARAMETER_PATTERNS, flattenServer, groupsOf, pathParameters, serverLabel,
} from '../syntax/server-routes.js';
import { formatPosition } from './positions.js';

const ROUTE_BLOCK_PROPERTIES: readonly string[] = ['handler'];

export interface ServerCheckContext {
  /** Whether the program declares an `auth` block (what `require_auth` verifies tokens with). */
  readonly hasAuthBlock: boolean;
}

function mismatch(detail: string, span: Diagnostic['span'], hint?: string): Diagnostic {
  return diagnostic('E002', span, detail, { hint });
}

export function checkServer(server: ServerDeclaration, context: ServerCheckContext): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const flat = flattenServer(server);
  const label = serverLabel(server);
  const declared = new Map<string, Diagnostic['span']>();
  for (const { route, method, path, routerPath, handler } of flat.routes) {
    if (route.method !== null && !HTTP_METHODS.includes(route.method.name.toUpperCase())) {
      diagnostics.push(mismatch(`'${route.method.name}' is not an HTTP method`, route.method.span, suggestionHint(route.method.name.toUpperCase(), HTTP_METHODS) ?? `methods are ${HTTP_METHODS.join(', ')}`));
    }
    for (const property of route.properties) {
      if (!ROUTE_BLOCK_PROPERTIES.includes(property.name.name)) {
        diagnostics.push(mismatch(`routes have no property '${property.name.name}'`, property.name.span, "a route block holds `requires:`, `ensures:` and `handler:`"));
      }
    }
    for (const { name, type } of pathParameters(path)) {
      if (type !== null && !PATH_PARAMETER_PATTERNS.has(type)) {
        diagnostics.push(mismatch(`the path parameter '${name}' has the type '${type}', which a path cannot carry`, route.path.span, `path parameters are ${[...PATH_PARAMETER_PATTERNS.keys()].join(', ')} (or untyped: text)`));
      }
    }
    if (handler === null) {
      diagnostics.push(diagnostic('E003', route.path.span, `the route ${method ?? 'semantic'} "${path}" of server ${label} has no handler`, {
        hint: 'write `=> SomeFlow` after the path, or `handler: SomeFlow` in the route block',
      }));
    }
    for (const answered of method === null ? SEMANTIC_ROUTE_METHODS : [method]) {
      // The router treats `/users/:id` and `/users/:name` as one path.
      const key = `${answered} ${routerPath.replace(/:[A-Za-z0-9_]+/g, ':')}`;
      const first = declared.get(key);
      if (first !== undefined) {
        diagnostics.push(diagnostic('E005', route.path.span, undefined, {
          subject: `of the route ${answered} "${path}" in server ${label}`,
          hint: `the same method and path are already routed at ${formatPosition(first)}`,
        }));
        break;
      }
      declared.set(key, route.path.span);
    }
  }
  const nested = new Set(groupsOf(server.directives).flatMap((group) => group.directives));
  for (const directive of flat.values) {
    const name = directive.name.name;
    if (!SERVER_VALUE_DIRECTIVES.includes(name)) {
      diagnostics.push(mismatch(`servers have no directive '${name}'`, directive.name.span, suggestionHint(name, SERVER_VALUE_DIRECTIVES) ?? `server directives are route, semantic route, static, group, ${SERVER_VALUE_DIRECTIVES.join(', ')}`));
      continue;
    }
    if (SERVER_ONLY_DIRECTIVES.includes(name) && nested.has(directive)) {
      diagnostics.push(mismatch(`'${name}' configures the whole server and is written at its top level, not inside a group`, directive.name.span));
    }
    const { value } = directive;
    if (name === 'cors' && value.kind !== 'DictLiteral') {
      diagnostics.push(mismatch("'cors' takes a dict such as { origins: [\"*\"], methods: [\"GET\", \"POST\"] }", value.span));
    }
    if (name === 'body_limit' && !(value.kind === 'NumberLiteral' && !value.isFloat && value.unit === null && value.value > 0)) {
      diagnostics.push(mismatch("'body_limit' is a positive whole number of bytes", value.span));
    }
    if (name === 'require_auth') {
      if (value.kind !== 'StringLiteral') {
        diagnostics.push(mismatch("'require_auth' takes the path prefix it protects, as a string", value.span));
      } else if (!context.hasAuthBlock) {
        diagnostics.push(diagnostic('E001', directive.name.span, `require_auth "${value.value}" needs the program's auth block, and this program declares none`, {
          hint: 'declare one, e.g. `auth api { type: "jwt", secret: "..." }`; its secret verifies the bearer tokens',
        }));
      }
    }
  }
  return diagnostics;
}

/** Two servers of one program on one port cannot both listen (a named server without a port is on 8080; 0 is any free port). */
export function duplicatePorts(servers: readonly ServerDeclaration[]): Diagnostic[] {
  const seen = new Map<number, ServerDeclaration>();
  const diagnostics: Diagnostic[] = [];
  for (const server of servers) {
    const port = server.port?.value ?? DEFAULT_SERVER_PORT;
    // Port 0 asks the system for a free port: any number of servers may.
    if (port === 0) continue;
    const first = seen.get(port);
    if (first === undefined) {
      seen.set(port, server);
      continue;
    }
    diagnostics.push(diagnostic('E005', server.span, `servers ${serverLabel(first)} and ${serverLabel(server)} would both listen on it`, {
      subject: `of port ${port}`,
      hint: `give one of them another port (the first is at ${formatPosition(first.span)})`,
    }));
  }
  return diagnostics;
}
