/**
 * `loom serve`: runs a program's declarations and top-level statements (not `flow main`), then
 * starts every `server` it declares and answers until SIGTERM or SIGINT, when the servers stop
 * accepting connections, finish the requests in flight, and the program's tasks and resources
 * close.
 */
import { dirname } from 'node:path';
import { AgentHandle } from './agent-handle.js';
import { inProgramContext, openProgram, report, reportPropagatedResult } from './run-program.js';
import type { RunOptions } from './run-program.js';
import type { LoomHttpServer, ServerHost } from '../server/http-server.js';
import { DEFAULT_SERVE_PORT } from './serve-defaults.js';


const EXIT_OK = 0;
const EXIT_RUNTIME_ERROR = 1;
/** The program cannot be served as written (it declares no server): like a compile error. */
const EXIT_NOT_SERVABLE = 2;
const EXIT_USAGE = 64;

export interface ServeOptions extends RunOptions {
  /** `--port`: replaces the declared port (only for a program with one server); 0 picks a free one. */
  readonly port: number | undefined;
  readonly host: string;
  /** Resolves when the servers should stop; by default at SIGTERM or SIGINT. */
  readonly stop?: Promise<unknown>;
}

function untilSignal(): Promise<NodeJS.Signals> {
  return new Promise((resolveSignal) => {
    const stop = (signal: NodeJS.Signals): void => {
      process.off('SIGTERM', stop);
      process.off('SIGINT', stop);
      resolveSignal(signal);
    };
    process.once('SIGTERM', stop);
    process.once('SIGINT', stop);
  });
}

export async function serveProgram(options: ServeOptions): Promise<number> {
  const { host, context } = openProgram(options);
  context.jobs.serveRequests();
  const servers: LoomHttpServer[] = [];
  // Listen for the signal from the start, so a SIGTERM during start-up is not the default kill.
  const stop = options.stop ?? untilSignal();
  return inProgramContext(
    host,
    context,
    async () => {
      const instance = await options.program(context);
      if (reportPropagatedResult(host, await instance.script())) return EXIT_RUNTIME_ERROR;
      if (context.servers.length === 0) {
        host.stderr(`${options.entryFile} declares no server: loom serve starts the \`server\` declarations of a program (use loom run to run it)\n`);
        return EXIT_NOT_SERVABLE;
      }
      if (options.port !== undefined && context.servers.length > 1) {
        host.stderr(`--port replaces the port of the program's one server, and ${options.entryFile} declares ${context.servers.length}; each listens on its own declared port\n`);
        return EXIT_USAGE;
      }
      // Fastify and its plugins are loaded here, once a program has a server to start: their
      // hundred-odd modules would otherwise load with every `loom` command.
      const { LoomHttpServer: HttpServer } = await import('../server/http-server.js');
      const serverHost: ServerHost = {
        callValue: (callee, args) => context.call(callee, args),
        isAgent: (value) => value instanceof AgentHandle,
        verifyToken: async (token) => context.callStd('auth', 'jwt_verify', [token]),
        classify: (subject, intents) => context.routeIntent(subject, intents),
        baseDirectory: dirname(options.entryFile),
        reportError: (error) => report(host, error),
        warn: (text) => host.stderr(`warning: ${text}\n`),
      };
      for (const spec of context.servers) {
        const server = await HttpServer.create(spec, serverHost);
        servers.push(server);
        const url = await server.listen(options.port ?? spec.port ?? DEFAULT_SERVE_PORT, options.host);
        host.stdout(`Serving server ${spec.label} on ${url}\n`);
      }
      await stop;
      await Promise.all(servers.map((server) => server.close()));
      host.stdout('Stopped\n');
      return EXIT_OK;
    },
    () => Promise.all(servers.map((server) => server.close())),
  );
}
