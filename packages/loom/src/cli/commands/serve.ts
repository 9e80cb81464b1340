import { UsageError } from '../command.js';
import type { Command } from '../command.js';
import { ExitCode } from '../exit-codes.js';
import type { ExitStatus } from '../exit-codes.js';
import { DEFAULT_SERVE_HOST, DEFAULT_SERVE_PORT } from '../../runtime/host/serve-defaults.js';

const HIGHEST_PORT = 65535;

function portOption(value: string | boolean | undefined): number | undefined {
  if (typeof value !== 'string') return undefined;
  const port = /^\d+$/.test(value) ? Number(value) : NaN;
  if (!Number.isInteger(port) || port > HIGHEST_PORT) throw new UsageError(`--port takes a port number from 0 to ${HIGHEST_PORT}, got '${value}'`, 'serve');
  return port;
}

export const serveCommand: Command = {
  name: 'serve',
  summary: 'Start the HTTP servers a file declares',
  description:
    'Checks FILE, runs its declarations and top-level statements (not `flow main`), then starts ' +
    `every \`server\` it declares and prints the URL each listens on. A server listens on its declared ` +
    `port (a named server without one on ${DEFAULT_SERVE_PORT}) at ${DEFAULT_SERVE_HOST}, the loopback ` +
    'interface, unless --host says otherwise; --port replaces the port of a program with one server ' +
    '(0 picks a free one). An undeclared path answers 404 and a declared path with another method 405 ' +
    '(EC01); a failed route `requires` 401 and a failed `ensures` 403 (EC02). SIGTERM or SIGINT stops ' +
    'the servers after the requests in flight.\n\n' +
    'Exit status: 0 stopped by a signal, 1 runtime error, 2 compile error (or no server declared), 64 usage error.',
  arguments: [{ name: 'FILE' }],
  options: {
    port: { type: 'string', valueName: 'N', description: 'Listen on this port instead of the declared one' },
    host: { type: 'string', valueName: 'H', description: `Listen on this address (default ${DEFAULT_SERVE_HOST})` },
  },
  async run({ arguments: [file], options }, io) {
    const port = portOption(options['port']);
    const host = typeof options['host'] === 'string' ? options['host'] : DEFAULT_SERVE_HOST;
    const { loadProgram, serveProgram } = await import('../toolchain.js');
    const loaded = await loadProgram(file, io, { debug: false, args: [] });
    if (loaded === undefined) return ExitCode.compileError;
    // `exit(n)` in the program's statements may end it with any status.
    return (await serveProgram({ ...loaded, port, host })) as ExitStatus;
  },
};
