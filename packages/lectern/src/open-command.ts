import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { loginCodes, server as serverConfig } from './config.js';
import { connectionFilePath, type ConnectionInfo } from './platform/handover.js';
import { endProcessGroup } from './platform/process-group.js';

/** Why `lectern open` could not open the workspace; printed as one line on stderr. */
export class OpenError extends Error {
  override name = 'OpenError';
}

export interface OpenOptions {
  dataDir: string;
  /** Print the URL instead of launching a browser. */
  noBrowser: boolean;
  /** The CLI's own entry, to start `serve` from when no instance runs. */
  cliEntry: string;
  env?: NodeJS.ProcessEnv;
  /** How long a started instance may take to say it is ready (config's `openStartTimeoutMs`). */
  startTimeoutMs?: number;
}

function readConnection(dataDir: string): ConnectionInfo | null {
  try {
    return JSON.parse(readFileSync(connectionFilePath(dataDir), 'utf8')) as ConnectionInfo;
  } catch {
    return null;
  }
}

/** An instance answers its health check on the port its connection file names (a crash can leave a stale file). */
async function isServing(info: ConnectionInfo): Promise<boolean> {
  try {
    const response = await fetch(`http://127.0.0.1:${info.port}/api/health`, { signal: AbortSignal.timeout(serverConfig.openProbeTimeoutMs) });
    return response.ok;
  } catch {
    return false;
  }
}

/** What `lectern serve` announces on stdout (serve.ts, `announce`): ready, or why it could not start. */
interface StartupEvent {
  event: string;
  code?: string;
  message?: string;
}

/**
 * One stdout line of the started instance as its start-up event; null for any other line. The
 * instance itself prints only JSON lines there, but others can share its stdout (a module
 * preloaded through NODE_OPTIONS, a stray debugging print) or cut a line short by dying, and
 * such a line must not end the command with a JSON syntax error.
 */
function startupEventOf(line: string): StartupEvent | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(line);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null || !('event' in parsed) || typeof parsed.event !== 'string') return null;
  return parsed as StartupEvent;
}

/**
 * Starts `lectern serve` in the background, detached so it outlives this command, and waits
 * for its ready line (or its error line); other lines are passed over. An instance that says
 * neither in time is stopped: otherwise the command would wait forever.
 */
async function startInstance(options: OpenOptions): Promise<ConnectionInfo> {
  const child = spawn(process.execPath, [options.cliEntry, 'serve', '--data-dir', options.dataDir], {
    detached: true,
    stdio: ['ignore', 'pipe', 'ignore'],
    env: options.env ?? process.env,
  });
  const lines = createInterface({ input: child.stdout, crlfDelay: Infinity });
  /** The last line that was not a start-up event: the only clue when none comes. */
  let otherOutput: string | undefined;
  const timeoutMs = options.startTimeoutMs ?? serverConfig.openStartTimeoutMs;
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    lines.close();
  }, timeoutMs);
  try {
    for await (const line of lines) {
      const event = startupEventOf(line);
      if (event === null) {
        if (line.trim() !== '') otherOutput = line;
        continue;
      }
      lines.close();
      child.stdout.destroy();
      child.unref();
      if (event.event !== 'ready') throw new OpenError(`Lectern could not start (${event.code ?? 'startup_failed'}): ${event.message ?? ''}`);
      const info = readConnection(options.dataDir);
      if (info) return info;
      throw new OpenError('Lectern could not start');
    }
  } finally {
    clearTimeout(timer);
  }
  const last = otherOutput === undefined ? '' : `, last: ${otherOutput.slice(0, 300)}`;
  if (timedOut) {
    child.stdout.destroy();
    endProcessGroup(child);
    throw new OpenError(`Lectern did not say it was ready within ${Math.round(timeoutMs / 1000)} s and was stopped${last}`);
  }
  throw new OpenError(otherOutput === undefined ? 'Lectern could not start' : `Lectern could not start; it printed no start-up line${last}`);
}

/** The command that opens a URL in the user's default browser; `$BROWSER` first, as many tools honour it. */
function browserCommand(url: string, env: NodeJS.ProcessEnv): [string, string[]] {
  if (env.BROWSER) return [env.BROWSER, [url]];
  if (process.platform === 'darwin') return ['open', [url]];
  if (process.platform === 'win32') return ['cmd', ['/c', 'start', '""', url.replace(/&/g, '^&')]];
  return ['xdg-open', [url]];
}

function launchBrowser(url: string, env: NodeJS.ProcessEnv): Promise<boolean> {
  const [command, args] = browserCommand(url, env);
  return new Promise((resolve) => {
    const child = spawn(command, args, { detached: true, stdio: 'ignore', env });
    child.once('error', () => resolve(false));
    child.once('spawn', () => {
      child.unref();
      resolve(true);
    });
  });
}

/**
 * `lectern open`: find the running instance through its connection file (or start one), ask
 * it for a single-use login code, and open the web workspace with the code in the URL's
 * fragment. The token itself never appears in the URL or on the screen.
 */
export async function openWorkspace(options: OpenOptions): Promise<string> {
  const env = options.env ?? process.env;
  const known = readConnection(options.dataDir);
  const info = known && (await isServing(known)) ? known : await startInstance(options);
  const response = await fetch(`http://127.0.0.1:${info.port}/api/v2/auth/codes`, {
    method: 'POST',
    headers: { authorization: `Bearer ${info.token}` },
  });
  if (response.status !== 201) throw new OpenError(`Lectern answered ${response.status} when asked for a login code`);
  const { url } = (await response.json()) as { url: string };
  const pageResponse = await fetch(`http://127.0.0.1:${info.port}/`, { method: 'HEAD' });
  if (!pageResponse.ok) throw new OpenError('This Lectern serves no web workspace (an --api-only instance, or the page was not built: run npm run build)');
  if (options.noBrowser || !(await launchBrowser(url, env))) {
    process.stdout.write(`${url}\n`);
  } else {
    process.stdout.write(`Opened the Lectern workspace in your browser (the link works once, for ${loginCodes.lifetimeSeconds} s).\n`);
  }
  return url;
}
