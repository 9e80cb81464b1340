import type { CheckResult } from '../../compile.js';
import type { Expression, ServerDeclaration } from '../../syntax/ast.js';
import type { Span } from '../../language/span.js';
import { DEFAULT_SERVER_PORT, SEMANTIC_ROUTE_METHODS, flattenServer, serverLabel } from '../../syntax/server-routes.js';
import type { Command } from '../command.js';
import { ExitCode } from '../exit-codes.js';
import { tally, writeDiagnostics } from '../report.js';

/** One route as `loom routes --json` lists it. */
interface RouteRow {
  readonly method: string;
  readonly path: string;
  readonly handler: string;
  readonly semantic: boolean;
  readonly requires: readonly string[];
  readonly ensures: readonly string[];
  readonly middleware: readonly string[];
  readonly auth: boolean;
}

interface ServerRows {
  readonly server: string;
  readonly port: number;
  readonly routes: readonly RouteRow[];
  readonly statics: ReadonlyArray<{ readonly path: string; readonly directory: string }>;
}

function textOf(checked: CheckResult, span: Span): string {
  return checked.sources.get(span.file)?.slice(span.start.offset, span.end.offset).trim() ?? '';
}

function serverRows(checked: CheckResult, server: ServerDeclaration): ServerRows {
  const flat = flattenServer(server);
  const protectedPrefixes = flat.requireAuth.flatMap((entry) => (entry.prefix === null ? [] : [entry.prefix]));
  const text = (expression: Expression): string => textOf(checked, expression.span);
  return {
    server: serverLabel(server),
    port: server.port?.value ?? DEFAULT_SERVER_PORT,
    routes: flat.routes.map((route) => ({
      method: route.method ?? SEMANTIC_ROUTE_METHODS.join('|'),
      path: route.path,
      handler: route.handler === null ? '' : text(route.handler),
      semantic: route.route.semantic,
      requires: route.route.contracts.filter((clause) => clause.clause === 'requires').map((clause) => text(clause.condition)),
      ensures: route.route.contracts.filter((clause) => clause.clause === 'ensures').map((clause) => text(clause.condition)),
      middleware: route.middleware.map(text),
      auth: protectedPrefixes.some((prefix) => route.path === prefix || route.path.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`)),
    })),
    statics: flat.statics.map((entry) => ({ path: entry.urlPath, directory: entry.directory })),
  };
}

function table(rows: ReadonlyArray<readonly string[]>): string {
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => row[column]?.length ?? 0))) ?? [];
  return rows.map((row) => row.map((cell, column) => (column === row.length - 1 ? cell : cell.padEnd(widths[column] ?? 0))).join('  ').trimEnd()).join('\n');
}

function describeServer(rows: ServerRows): string {
  const lines = [`server ${rows.server} (port ${rows.port})`];
  const routeRows = rows.routes.map((route) => {
    const notes = [
      route.semantic ? 'semantic' : '',
      route.auth ? 'auth' : '',
      route.middleware.length > 0 ? `middleware: ${route.middleware.join(', ')}` : '',
      ...route.requires.map((condition) => `requires ${condition}`),
      ...route.ensures.map((condition) => `ensures ${condition}`),
    ].filter((note) => note !== '');
    return [`  ${route.method}`, route.path, route.handler, notes.length === 0 ? '' : `(${notes.join('; ')})`];
  });
  if (routeRows.length > 0) lines.push(table(routeRows));
  for (const entry of rows.statics) lines.push(`  static ${entry.path} from ${entry.directory}`);
  return lines.join('\n');
}

export const routesCommand: Command = {
  name: 'routes',
  summary: 'List the HTTP routes a file declares',
  description:
    'Checks FILE and lists the routes of every `server` it declares, without running anything: ' +
    'method, full path (group prefixes included), handler, and whether the route is semantic, ' +
    'behind require_auth, has middleware or contracts; then the static mounts.\n\n' +
    'Exit status: 0 listed, 2 compile error, 64 usage error.',
  arguments: [{ name: 'FILE' }],
  options: {
    json: { type: 'boolean', description: 'Print {servers: [{server, port, routes, statics}]} as JSON' },
  },
  async run({ arguments: [file], options }, io) {
    const { checkFile } = await import('../toolchain.js');
    const checked = checkFile(file);
    if (tally(checked.diagnostics).errors > 0) {
      writeDiagnostics(checked, io);
      return ExitCode.compileError;
    }
    const servers = checked.analysis.expanded.items
      .map((placed) => placed.item)
      .filter((item): item is ServerDeclaration => item.kind === 'ServerDeclaration')
      .map((server) => serverRows(checked, server));
    if (options['json'] === true) {
      io.stdout.write(`${JSON.stringify({ servers }, null, 2)}\n`);
    } else if (servers.length === 0) {
      io.stdout.write(`${file} declares no server\n`);
    } else {
      io.stdout.write(`${servers.map(describeServer).join('\n\n')}\n`);
    }
    return ExitCode.ok;
  },
};
