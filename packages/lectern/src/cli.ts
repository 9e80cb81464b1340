import { parseArgs } from 'node:util';
import { server } from './config.js';
import { defaultDataDir } from './platform/data-dir.js';
import { StartupError } from './platform/startup-error.js';
import { announceStartupFailure, serve } from './serve.js';
import { version } from './version.js';

const usage = `Usage: lectern <command> [options]

Commands:
  serve        Run the Lectern service (the default command)
  doctor       Report which speech recognisers and optional parts are usable here, and why not
               (--json for a machine-readable list; --data-dir as for serve)
  open         Open the web workspace in the default browser (starts Lectern if needed)
  openapi      Print the OpenAPI document of the /api/v2 interface
  models       list | install ID | remove ID: manage local models on the data dir
               (see \`lectern models --help\`)

Options for serve:
  --data-dir DIR        Where the database and connection.json live
                        (default: $XDG_DATA_HOME/lectern, ~/Library/Application Support/Lectern,
                        or %LOCALAPPDATA%\\Lectern)
  --host HOST           Address to bind (default ${server.defaultHost}); loopback only
  --port N              Port to bind; 0 picks a random free port (default ${server.defaultPort})
  --unsafe-bind         Allow a non-loopback --host (exposes the service to the network)
  --token-stdin         Read the bearer token from the first line of stdin
  --exit-on-stdin-eof   Shut down when stdin closes (the host process died)
  --api-only            An instance for a third-party tool: its own data dir and token,
                        no device capture
  --print-link          Also print a one-time link to the web workspace (npm start uses it)
  -h, --help            Show this help
  -v, --version         Print the version

Options for open:
  --data-dir DIR        The instance to open (started in the background if none runs there)
  --no-browser          Print the one-time URL instead of opening the default browser

On start Lectern writes DIR/connection.json ({port, token, pid, version}, mode 0600) and prints
one JSON line to stdout: {"event":"ready","port":N,"connection_file":"..."}. A start failure
prints {"event":"error","code":"...","message":"..."} and exits with status 1.
`;

const exitUsage = 64;

function parsePort(value: string): number {
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65535) throw new StartupError('invalid_arguments', `--port must be 0..65535, got an invalid value`);
  return port;
}

async function main(argv: string[]): Promise<void> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        'data-dir': { type: 'string' },
        host: { type: 'string', default: server.defaultHost },
        port: { type: 'string', default: String(server.defaultPort) },
        'unsafe-bind': { type: 'boolean', default: false },
        'token-stdin': { type: 'boolean', default: false },
        'exit-on-stdin-eof': { type: 'boolean', default: false },
        'api-only': { type: 'boolean', default: false },
        json: { type: 'boolean', default: false },
        'no-browser': { type: 'boolean', default: false },
        'print-link': { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
        version: { type: 'boolean', short: 'v', default: false },
      },
    });
  } catch (error) {
    process.stderr.write(`lectern: ${(error as Error).message}\n\n${usage}`);
    process.exit(exitUsage);
  }
  const { values, positionals } = parsed;
  // The other commands' modules are loaded only when asked for: `serve` is what a desktop host
  // waits on at every launch, and it needs none of them.
  if (positionals[0] === 'models') {
    const { modelsUsage, runModelsCommand } = await import('./models-cli.js');
    if (values.help) return void process.stdout.write(modelsUsage);
    process.exitCode = await runModelsCommand(positionals.slice(1), { dataDir: values['data-dir'], apiOnly: values['api-only'], json: values.json });
    return;
  }
  if (values.help) return void process.stdout.write(usage);
  if (values.version) return void process.stdout.write(`${version}\n`);
  const command = positionals[0] ?? 'serve';
  if (command === 'doctor' && positionals.length === 1) {
    const { formatDoctor, runDoctor } = await import('./doctor.js');
    const checks = await runDoctor(values['data-dir'] ?? defaultDataDir(values['api-only']));
    return void process.stdout.write(values.json ? `${JSON.stringify({ checks })}\n` : formatDoctor(checks));
  }
  if (command === 'openapi' && positionals.length === 1) {
    const { printOpenApiDocument } = await import('./openapi-command.js');
    return printOpenApiDocument();
  }
  if (command === 'open' && positionals.length === 1) {
    const { OpenError, openWorkspace } = await import('./open-command.js');
    try {
      await openWorkspace({ dataDir: values['data-dir'] ?? defaultDataDir(false), noBrowser: values['no-browser'], cliEntry: process.argv[1] ?? '' });
    } catch (error) {
      process.stderr.write(`lectern open: ${error instanceof OpenError ? error.message : (error as Error).message}\n`);
      process.exit(1);
    }
    return;
  }
  if (command !== 'serve' || positionals.length > 1) {
    process.stderr.write(`lectern: unknown command '${positionals.join(' ')}'\n\n${usage}`);
    process.exit(exitUsage);
  }
  try {
    await serve({
      dataDir: values['data-dir'],
      host: values.host,
      port: parsePort(values.port),
      apiOnly: values['api-only'],
      tokenStdin: values['token-stdin'],
      exitOnStdinEof: values['exit-on-stdin-eof'],
      unsafeBind: values['unsafe-bind'],
      printLink: values['print-link'],
    });
  } catch (error) {
    announceStartupFailure(error);
    process.exit(1);
  }
}

// Not a top-level await: the bundle is a CommonJS script, so that it can start from V8's code
// cache (scripts/code-cache.mjs). A failure no command reports itself still ends the process.
main(process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(`lectern: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
