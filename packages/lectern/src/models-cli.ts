import pino from 'pino';
import { loadManifest } from './features/models/manifest.js';
import type { Model } from './features/models/schemas.js';
import { createModelService, type ModelService } from './features/models/service.js';
import { createModelInstallStore } from './features/models/store.js';
import { systemRecogniserPaths } from './features/models/system-recogniser.js';
import { idleUnloadMsFrom } from './features/models/runtime.js';
import { createSettingsService } from './features/settings/service.js';
import { createSettingsStore } from './features/settings/store.js';
import { defaultDataDir, prepareDataDir } from './platform/data-dir.js';
import { openDatabase, type Db } from './platform/db.js';
import { ApiError } from './platform/errors.js';
import { EventHub } from './platform/events.js';
import type { BusEvents } from './event-catalogue.js';
import { StartupError } from './platform/startup-error.js';

export const modelsUsage = `Usage: lectern models <list|install ID|remove ID> [--data-dir DIR] [--api-only] [--json]

  list          The manifest's models and where each installation stands
  install ID    Download, verify and probe a model (a progress bar on a terminal);
                Ctrl-C cancels and keeps the partial download for the next install
  remove ID     Remove an installed or partly downloaded model

Works on the data dir directly; while a Lectern server holds it, use its API instead.
`;

export interface ModelsCommandOptions {
  dataDir: string | undefined;
  apiOnly: boolean;
  json: boolean;
}

/** Exit statuses: sysexits' usage error, and the shell's convention for an interrupt. */
const exit = { ok: 0, failed: 1, usage: 64, interrupted: 130 } as const;

const settled = (model: Model) => model.state === 'ready' || model.state === 'failed' || model.state === 'cancelled' || model.state === 'missing';

function megabytes(bytes: number): string {
  return `${(bytes / 1e6).toFixed(bytes < 10e6 ? 1 : 0)} MB`;
}

function duration(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return '--:--';
  const whole = Math.round(seconds);
  const hours = Math.floor(whole / 3600);
  const rest = `${String(Math.floor((whole % 3600) / 60)).padStart(2, '0')}:${String(whole % 60).padStart(2, '0')}`;
  return hours > 0 ? `${hours}:${rest}` : rest;
}

/** One line of progress: a bar, the bytes, the rate and the time left at that rate. */
export function progressLine(model: Model, rateBytesPerSecond: number, width = 24): string {
  const share = model.bytes_total > 0 ? Math.min(1, model.bytes_done / model.bytes_total) : 0;
  const filled = Math.round(share * width);
  const eta = rateBytesPerSecond > 0 ? (model.bytes_total - model.bytes_done) / rateBytesPerSecond : Infinity;
  const bar = `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}]`;
  return `${bar} ${String(Math.floor(share * 100)).padStart(3)}% ${megabytes(model.bytes_done)} / ${megabytes(model.bytes_total)}  ${megabytes(rateBytesPerSecond)}/s  ETA ${duration(eta)}  ${model.state}`;
}

function listTable(items: Model[]): string {
  const rows = items.map((model) => [model.id, model.kind, model.state, megabytes(model.size_bytes), model.error ?? '']);
  const header = ['ID', 'KIND', 'STATE', 'SIZE', 'NOTE'];
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)));
  return [header, ...rows].map((row) => row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ').trimEnd()).join('\n') + '\n';
}

/** The model manager over the data dir's database, as `lectern serve` builds it, without the server. */
function openManager(db: Db, dataDir: string): { models: ModelService; hub: EventHub<BusEvents> } {
  const hub = new EventHub<BusEvents>(db);
  const settings = createSettingsService(createSettingsStore(db), hub);
  const models = createModelService({
    store: createModelInstallStore(db),
    hub,
    // The CLI talks to its user on the terminal; the service's log lines would only interleave.
    logger: pino({ level: 'silent' }),
    dataDir,
    manifest: loadManifest(process.env),
    mirrorUrl: () => settings.get().models.mirror_url,
    systemRecogniser: systemRecogniserPaths(process.env),
    idleUnloadMs: idleUnloadMsFrom(process.env),
  });
  return { models, hub };
}

async function install(models: ModelService, hub: EventHub<BusEvents>, id: string, json: boolean): Promise<number> {
  const tty = process.stderr.isTTY === true && !json;
  let latest = await models.install(id);
  let rate = 0;
  let lastState = '';
  let interrupted = false;
  const render = () => {
    if (tty) process.stderr.write(`\r\x1b[2K${progressLine(latest, rate)}`);
    else if (latest.state !== lastState && !json) process.stderr.write(`${id}: ${latest.state}\n`);
    lastState = latest.state;
  };
  const done = new Promise<void>((resolve) => {
    const unsubscribe = hub.on('model.installation', ({ data }) => {
      if (data.model.id !== id) return;
      latest = data.model;
      rate = data.rate_bytes_per_second;
      render();
      if (settled(latest)) {
        unsubscribe();
        resolve();
      }
    });
    if (settled(latest)) {
      unsubscribe();
      resolve();
    }
  });
  const onInterrupt = () => {
    interrupted = true;
    latest = models.cancel(id);
  };
  process.once('SIGINT', onInterrupt);
  render();
  try {
    await done;
    // The last frame may be throttled behind the settle: read the record as it stands now.
    latest = models.get(id);
  } finally {
    process.removeListener('SIGINT', onInterrupt);
  }
  if (tty) process.stderr.write(`\r\x1b[2K${progressLine(latest, 0)}\n`);
  if (json) process.stdout.write(`${JSON.stringify(latest)}\n`);
  if (latest.state === 'ready') {
    if (!json) process.stdout.write(`${id} is installed and ready\n`);
    return exit.ok;
  }
  if (interrupted || latest.state === 'cancelled') {
    process.stderr.write(`${id}: cancelled; the partial download (${megabytes(latest.bytes_done)}) is kept — run install again to resume\n`);
    return exit.interrupted;
  }
  process.stderr.write(`${id}: ${latest.state}${latest.error ? `: ${latest.error}` : ''}\n`);
  return exit.failed;
}

/**
 * `lectern models ...`: the model manager on the data dir, no server needed. The database is
 * opened exclusively like `lectern serve` opens it, so while a server holds the data dir this
 * refuses clearly instead of racing it.
 */
export async function runModelsCommand(args: string[], options: ModelsCommandOptions): Promise<number> {
  const [action, id, ...rest] = args;
  const needsId = action === 'install' || action === 'remove';
  if (!(action === 'list' || needsId) || (needsId && !id) || rest.length > 0 || (action === 'list' && id !== undefined)) {
    process.stderr.write(`lectern: ${action ? `unknown or incomplete models command '${args.join(' ')}'` : 'models needs a command'}\n\n${modelsUsage}`);
    return exit.usage;
  }
  const dataDir = options.dataDir ?? defaultDataDir(options.apiOnly);
  let db: Db;
  try {
    prepareDataDir(dataDir);
    db = openDatabase(dataDir);
  } catch (error) {
    if (error instanceof StartupError && error.code === 'data_dir_in_use') {
      process.stderr.write(
        `lectern: a running Lectern holds the data directory ${dataDir}; use its API (GET/POST/DELETE /api/v2/models...) or stop it first\n`,
      );
      return exit.failed;
    }
    process.stderr.write(`lectern: cannot open the data directory ${dataDir}: ${(error as Error).message}\n`);
    return exit.failed;
  }
  const { models, hub } = openManager(db, dataDir);
  try {
    if (action === 'list') {
      const items = models.list();
      process.stdout.write(options.json ? `${JSON.stringify({ items })}\n` : listTable(items));
      return exit.ok;
    }
    if (id === undefined) return exit.usage;
    if (action === 'remove') {
      const removed = await models.remove(id);
      process.stdout.write(options.json ? `${JSON.stringify(removed)}\n` : `${id} removed\n`);
      return exit.ok;
    }
    return await install(models, hub, id, options.json);
  } catch (error) {
    if (error instanceof ApiError) {
      process.stderr.write(`lectern: ${error.code === 'not_found' ? `no model '${id ?? ''}' in the manifest` : error.message}\n`);
      return exit.failed;
    }
    throw error;
  } finally {
    await models.close();
    db.close();
  }
}
