/**
 * A `server` declaration as a flat table: `group` blocks folded into their routes' paths, the
 * `middleware` lists that apply to each route (the server's, then each enclosing group's),
 * `require_auth` prefixes and `static` mounts with their group prefix. The checker, the code
 * generator and `loom routes` all read a server through this one view, so they agree on what
 * a path is.
 *
 * Paths are written either way of the Nexa docs, `/users/:id` or `/users/{id}` (`{id: int}`
 * too); `routerPath` is the `:id` form the router takes, a typed parameter with its pattern.
 */
import type { Expression, GroupDirective, RouteDirective, ServerDeclaration, ServerDirective, StaticDirective, ValueDirective } from './ast.js';

/** The methods a route may name (reference §2.12). */
export const HTTP_METHODS: readonly string[] = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS'];

/** The methods a semantic route answers at its own path: a question comes as a query or a body. */
export const SEMANTIC_ROUTE_METHODS: readonly string[] = ['GET', 'POST'];

/** A route without a method (`route "/p": H`) answers GET. */
export const DEFAULT_ROUTE_METHOD = 'GET';

/** The port of a named server that declares none (`server MyApp { ... }`). */
export const DEFAULT_SERVER_PORT = 8080;

/** Value directives a server or group may hold, besides routes, `static` and `group`. */
export const SERVER_VALUE_DIRECTIVES: readonly string[] = ['cors', 'middleware', 'require_auth', 'body_limit'];

/** Value directives only the server itself may hold (they configure the whole listener). */
export const SERVER_ONLY_DIRECTIVES: readonly string[] = ['cors', 'body_limit'];

export interface FlatRoute {
  readonly route: RouteDirective;
  /** Upper case; `null` only for a semantic route, which answers SEMANTIC_ROUTE_METHODS. */
  readonly method: string | null;
  /** The full path as written, group prefixes included (`/admin/users/{id}`); a semantic route's intent when it is not a path. */
  readonly path: string;
  /** The same path for the router: `{id}` becomes `:id`, `{id: int}` `:id` with its pattern (routerPathOf). */
  readonly routerPath: string;
  /** The `=> H` target, or the `handler:` of the block form; `null` when neither is written. */
  readonly handler: Expression | null;
  /** `middleware [...]` elements in force here, outermost first. */
  readonly middleware: readonly Expression[];
}

export interface FlatStatic {
  readonly directive: StaticDirective;
  readonly urlPath: string;
  readonly directory: string;
}

export interface FlatServer {
  readonly declaration: ServerDeclaration;
  readonly routes: readonly FlatRoute[];
  readonly statics: readonly FlatStatic[];
  /** `require_auth "..."` directives with the prefix each protects (group prefix included). */
  readonly requireAuth: ReadonlyArray<{ readonly directive: ValueDirective; readonly prefix: string | null }>;
  /** Value directives by name, wherever they are written (for the checks). */
  readonly values: readonly ValueDirective[];
}

/** `/admin` + `/` is `/admin`; `/admin` + `/users` is `/admin/users`. */
export function joinPath(prefix: string, path: string): string {
  const head = prefix.replace(/\/+$/, '');
  const tail = path.startsWith('/') ? path : `/${path}`;
  if (tail === '/') return head === '' ? '/' : head;
  return `${head}${tail}`;
}

/**
 * The types a path parameter may be given (`/users/{id: int}`) and the text each accepts; a
 * request whose segment does not fit matches no route (404). `str`, like no type, takes any.
 */
export const PATH_PARAMETER_PATTERNS: ReadonlyMap<string, string | null> = new Map([
  ['int', '-?\\d+'],
  ['float', '-?\\d+\\.?\\d*'],
  ['bool', 'true|false'],
  ['str', null],
]);

const PATH_PARAMETER = /\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*(?::\s*([^}]*?)\s*)?\}/g;

/** The `{name: type}` parameters of a path, in order (`type` null when none is written). */
export function pathParameters(path: string): Array<{ readonly name: string; readonly type: string | null }> {
  return [...path.matchAll(PATH_PARAMETER)].map((match) => ({ name: match[1]!, type: match[2] ?? null }));
}

/** `{id}` segments as the router's `:id`; a typed one carries its pattern (`:id(^-?\d+$)`). */
export function routerPathOf(path: string): string {
  return path.replace(PATH_PARAMETER, (_, name: string, type: string | undefined) => {
    const pattern = type === undefined ? null : (PATH_PARAMETER_PATTERNS.get(type) ?? null);
    return pattern === null ? `:${name}` : `:${name}(^(?:${pattern})$)`;
  });
}

/** The typed parameters the runtime converts from text (`str` and untyped ones stay text). */
export function typedPathParameters(path: string): Record<string, string> {
  const typed: Record<string, string> = {};
  for (const { name, type } of pathParameters(path)) if (type !== null && (PATH_PARAMETER_PATTERNS.get(type) ?? null) !== null) typed[name] = type;
  return typed;
}

/** The handler of a route: `=> H`, or `handler: H` in the block form. */
export function routeHandler(route: RouteDirective): Expression | null {
  if (route.handler !== null) return route.handler;
  const property = route.properties.find((candidate) => candidate.name.name === 'handler');
  return property === undefined || property.value.kind === 'PropertyBlock' ? null : property.value;
}

/** The elements of a `middleware [a, b]` directive (a single name counts as a list of one). */
export function middlewareElements(directive: ValueDirective): Expression[] {
  const { value } = directive;
  if (value.kind !== 'ListLiteral') return [value];
  return value.elements.map((element) => (element.kind === 'SpreadElement' ? element.argument : element));
}

export function flattenServer(declaration: ServerDeclaration): FlatServer {
  const routes: FlatRoute[] = [];
  const statics: FlatStatic[] = [];
  const requireAuth: Array<{ directive: ValueDirective; prefix: string | null }> = [];
  const values: ValueDirective[] = [];

  const walk = (directives: readonly ServerDirective[], prefix: string, inherited: readonly Expression[]): void => {
    // Middleware applies to every route of its block, wherever in the block it is written.
    const middleware = [
      ...inherited,
      ...directives.flatMap((directive) => (directive.kind === 'ValueDirective' && directive.name.name === 'middleware' ? middlewareElements(directive) : [])),
    ];
    for (const directive of directives) {
      switch (directive.kind) {
        case 'RouteDirective': {
          // `semantic route "questions about invoices" => H` names an intent, not a path.
          const written = directive.path.value;
          const path = directive.semantic && !written.startsWith('/') ? written : joinPath(prefix, written);
          const method = directive.method?.name.toUpperCase() ?? (directive.semantic ? null : DEFAULT_ROUTE_METHOD);
          routes.push({ route: directive, method, path, routerPath: routerPathOf(path), handler: routeHandler(directive), middleware });
          break;
        }
        case 'StaticDirective':
          statics.push({ directive, urlPath: joinPath(prefix, directive.urlPath.value), directory: directive.directory.value });
          break;
        case 'GroupDirective':
          walk(directive.directives, joinPath(prefix, directive.path.value), middleware);
          break;
        case 'ValueDirective':
          values.push(directive);
          if (directive.name.name === 'require_auth') {
            const written = directive.value.kind === 'StringLiteral' ? directive.value.value : null;
            requireAuth.push({ directive, prefix: written === null ? null : joinPath(prefix, written) });
          }
          break;
        default:
          break;
      }
    }
  };
  walk(declaration.directives, '', []);
  return { declaration, routes, statics, requireAuth, values };
}

/** The groups of a server, for checks that look at where a directive is written. */
export function groupsOf(directives: readonly ServerDirective[]): GroupDirective[] {
  return directives.flatMap((directive) => (directive.kind === 'GroupDirective' ? [directive, ...groupsOf(directive.directives)] : []));
}

/** How `loom routes` and error messages name a server: its port or its name. */
export function serverLabel(declaration: ServerDeclaration): string {
  return declaration.port !== null ? String(declaration.port.value) : (declaration.name?.name ?? '');
}
