import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.js';
import { loginCodes, server as serverConfig } from './config.js';
import { generateToken } from './platform/auth.js';
import { openDatabase, type Db } from './platform/db.js';
import { StartupError } from './platform/startup-error.js';
import { defaultDataDir, prepareDataDir } from './platform/data-dir.js';
import { removeConnectionFile, writeConnectionFile } from './platform/handover.js';
import { createLogger } from './platform/logger.js';
import { isLoopbackName } from './platform/loopback.js';
import { version } from './version.js';
import { loadWebFiles } from './features/workspace/files.js';
import { preloadAjv } from './platform/ajv.js';

/**
 * The built web workspace. src/ and dist/ both sit one level below packages/lectern, so the
 * same relative path holds for the sources and the bundle.
 */
const webRoot = fileURLToPath(new URL('../../lectern-web/dist/', import.meta.url));

export interface ServeOptions {
  dataDir?: string;
  host: string;
  port: number;
  apiOnly: boolean;
  tokenStdin: boolean;
  exitOnStdinEof: boolean;
  unsafeBind: boolean;
  /** After the ready line, print a one-time link to the web workspace (for a person, not a host). */
  printLink?: boolean;
}

/** One JSON line on stdout: the only channel the desktop host parses. Never carries the token. */
function announce(line: Record<string, unknown>): void {
  process.stdout.write(`${JSON.stringify(line)}\n`);
}

async function readTokenLine(): Promise<string> {
  const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
  for await (const line of lines) {
    lines.close();
    return line.trim();
  }
  return '';
}

/**
 * `lectern serve`: lock the data dir, listen, hand over port and token, and shut down cleanly
 * on SIGTERM/SIGINT (or stdin EOF when asked): stop accepting, let in-flight requests finish,
 * close the database, remove connection.json, exit 0.
 */
export async function serve(options: ServeOptions): Promise<void> {
  if (!options.unsafeBind && !isLoopbackName(options.host)) {
    throw new StartupError('invalid_arguments', `Refusing to bind ${options.host}: only loopback addresses are allowed without --unsafe-bind`);
  }
  const dataDir = options.dataDir ?? defaultDataDir(options.apiOnly);
  const token = options.tokenStdin ? await readTokenLine() : generateToken();
  if (token.length === 0) throw new StartupError('invalid_arguments', '--token-stdin was given but stdin had no token line');

  try {
    prepareDataDir(dataDir);
  } catch (error) {
    throw new StartupError('storage_error', `Cannot create the data directory ${dataDir}: ${(error as Error).message}`);
  }
  const db: Db = openDatabase(dataDir);
  const logger = createLogger([token]);
  const { server } = await buildApp({
    db,
    dataDir,
    token,
    logger,
    extraHosts: options.unsafeBind ? [options.host] : [],
    // An instance for a third-party tool never opens a device.
    capture: !options.apiOnly,
    webFiles: options.apiOnly ? null : loadWebFiles(webRoot),
  });

  let stopping: Promise<void> | null = null;
  let finished = false;
  /** The last step of every shutdown, the forced one included: connection.json goes, the process ends. */
  const finish = (): void => {
    if (finished) return;
    finished = true;
    try {
      db.close();
    } finally {
      removeConnectionFile(dataDir);
      logger.flush();
      process.exit(0);
    }
  };
  const shutdown = (reason: string): Promise<void> => {
    stopping ??= (async () => {
      logger.info({ reason }, 'shutting down');
      // Whatever a step below waits for (a client, a hook, a provider call), the host gets its
      // exit and a removed connection.json by this deadline.
      setTimeout(() => {
        logger.warn({ reason }, 'shutdown deadline reached; exiting without waiting further');
        finish();
      }, serverConfig.shutdownDeadlineMs);
      closeWebSockets(server);
      // An idle keep-alive socket carries no request: nothing to wait for.
      server.server.closeIdleConnections();
      const closed = server.close();
      if (!(await settlesWithin(closed, serverConfig.shutdownRequestGraceMs))) {
        logger.warn('in-flight requests outlived the shutdown grace; closing their connections');
        server.server.closeAllConnections();
        for (const client of server.websocketServer.clients) client.terminate();
        await settlesWithin(closed, serverConfig.shutdownStepTimeoutMs);
      }
      finish();
    })();
    return stopping;
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));

  try {
    await server.listen({ host: options.host, port: options.port });
  } catch (error) {
    db.close();
    throw new StartupError('listen_failed', `Cannot listen on ${options.host}:${options.port}: ${(error as Error).message}`);
  }
  const address = server.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : options.port;
  const connectionFile = writeConnectionFile(dataDir, { port, token, pid: process.pid, version });
  announce({ event: 'ready', port, connection_file: connectionFile, pid: process.pid, version, api_only: options.apiOnly });
  if (options.printLink && !options.apiOnly) await printWorkspaceLink(server, token);
  // After the ready line, so the host has its port first; before the first request, usually.
  setImmediate(preloadAjv);

  if (options.exitOnStdinEof) {
    process.stdin.on('end', () => void shutdown('stdin closed'));
    process.stdin.resume();
  }
}

/** Whether `promise` settles (either way) within `ms`; never rejects. */
async function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  const settled = promise.then(() => true as const, () => true as const);
  try {
    return await Promise.race([settled, timedOut]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Starts the close handshake with every events client and destroys the sockets of those that do
 * not answer within a short grace: the HTTP server's close waits for upgraded sockets too, and a
 * client that stopped reading (or never sends its close frame) would hold it for ws's 30 s.
 */
function closeWebSockets(server: Awaited<ReturnType<typeof buildApp>>['server']): void {
  const clients = [...server.websocketServer.clients];
  for (const client of clients) client.close(serverConfig.goingAwayCloseCode, 'Lectern is shutting down');
  setTimeout(() => {
    for (const client of clients) client.terminate();
  }, serverConfig.shutdownWebSocketCloseGraceMs).unref();
}

/** The one-time link `npm start` shows: a login code in the fragment, never the token. */
async function printWorkspaceLink(server: Awaited<ReturnType<typeof buildApp>>['server'], token: string): Promise<void> {
  const address = server.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  const response = await server.inject({ method: 'POST', url: '/api/v2/auth/codes', headers: { authorization: `Bearer ${token}`, host: `127.0.0.1:${port}` } });
  const { url } = JSON.parse(response.body) as { url: string };
  process.stdout.write(`Open the Lectern workspace: ${url}\n(the link works once, within ${loginCodes.lifetimeSeconds} s; \`npx lectern open\` makes a new one)\n`);
}

export function announceStartupFailure(error: unknown): void {
  if (error instanceof StartupError) {
    announce({ event: 'error', code: error.code, message: error.message });
  } else {
    announce({ event: 'error', code: 'startup_failed', message: 'Lectern could not start' });
    process.stderr.write(`${(error as Error)?.stack ?? String(error)}\n`);
  }
}
