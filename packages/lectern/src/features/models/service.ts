import { mkdirSync, rmSync, statSync } from 'node:fs';
import { rename } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { models as limits, systemRecogniser } from '../../config.js';
import { ApiError, invalidState, notFound } from '../../platform/errors.js';
import type { EventPublisher } from '../../platform/events.js';
import type { ModelEvents } from './events.js';
import type { Logger } from '../../platform/logger.js';
import { downloadUrlOf } from './download-url.js';
import { DownloadError, downloadFile, type DownloadedFile } from './file-download.js';
import { freeSpaceOnDisk, type FreeSpaceProbe } from './free-space.js';
import { InstallationEvents } from './installation-events.js';
import { approximateSizeOf, type ManifestEntry, type ManifestFile } from './manifest.js';
import type { Model, ModelInstallationEvent, ModelState } from './schemas.js';
import type { ModelInstallStore } from './store.js';
import { systemRecogniserRecord, type SystemRecogniserPaths } from './system-recogniser.js';
import { TransferRate } from './transfer-rate.js';
import { sizeCapOf, VerificationError, verifyDownloaded } from './verification.js';
import { ProbeError, probeInChildProcess } from './probe/run-probe.js';
import { createModelRuntime, type LocalLlm } from './runtime.js';

/** The audio feature judges pocketsphinx by the same rule as this feature's record of it. */
export { systemRecogniserPresence, type SystemRecogniserPaths, type SystemRecogniserPresence } from './system-recogniser.js';

/**
 * Proves an installed model loads before it is called ready. Given the model's folder and the
 * digests of its files; throws (a ProbeError) when the model does not load or answer.
 */
export type LoadProbe = (entry: ManifestEntry, dir: string, digests: Readonly<Record<string, string>>) => Promise<void>;

/** The runtime's own proof, in a child process: the LLM answers a fixed prompt, the recogniser decodes a second of silence. */
export const childProcessProbe: LoadProbe = async (entry, dir) => {
  await probeInChildProcess(entry, dir);
};

export interface ModelServiceOptions {
  store: ModelInstallStore;
  hub: EventPublisher<ModelEvents>;
  logger: Logger;
  dataDir: string;
  manifest: readonly ManifestEntry[];
  /** `models.mirror_url` of the settings, read at each install. */
  mirrorUrl: () => string | null;
  systemRecogniser: SystemRecogniserPaths;
  freeSpace?: FreeSpaceProbe;
  probe?: LoadProbe;
  /** How long a started model may sit unused before it is unloaded. */
  idleUnloadMs?: number;
}

/** One install in progress. Its figures are what the record shows while it runs. */
interface RunningInstall {
  entry: ManifestEntry;
  state: ModelState;
  controller: AbortController;
  /** Set by a cancel or a shutdown: the job then leaves the record alone. */
  stopped: boolean;
  /** Per file: bytes on disk, and its length (the server's once known, else the manifest's). */
  fileBytes: Map<string, { done: number; total: number }>;
  rate: TransferRate;
  /** Bytes this install may still write, held against the free space other installs see. */
  reservedBytes: number;
  done: Promise<void>;
}

const sum = (values: Iterable<number>): number => {
  let total = 0;
  for (const value of values) total += value;
  return total;
};

function sizeOrZero(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
}

const interruptedMessage = 'Interrupted by a restart of Lectern; install again to resume';

/**
 * The model manager: the manifest's models and where each one's installation stands, and the
 * installs themselves — a free-space check, downloads that resume, verification, an atomic
 * move into place, a load probe. Installs of different models run side by side; one model
 * has at most one. A cancel stops its download at once and keeps the partial file.
 */
export function createModelService(options: ModelServiceOptions) {
  const { store, manifest, logger } = options;
  const freeSpace = options.freeSpace ?? freeSpaceOnDisk;
  const probe = options.probe ?? childProcessProbe;
  const modelsDir = join(options.dataDir, limits.directoryName);
  const running = new Map<string, RunningInstall>();
  /** Installs between their request and their start (the free-space check is asynchronous). */
  const starting = new Map<string, Promise<Model>>();
  /** Jobs still tearing down after a cancel: the next install of the model waits for them. */
  const settling = new Map<string, Promise<void>>();
  const byId = new Map(manifest.map((entry) => [entry.id, entry]));

  for (const install of store.all()) {
    if (install.state === 'downloading' || install.state === 'verifying' || install.state === 'loading') {
      store.put({ ...install, state: 'cancelled', error: interruptedMessage });
    }
  }

  const dirOf = (entry: ManifestEntry) => join(modelsDir, entry.id);
  const partialOf = (entry: ManifestEntry, file: ManifestFile) => join(dirOf(entry), file.name + limits.partialSuffix);

  /** Bytes on disk per file: the verified file when its digest is recorded, else the partial. */
  function bytesOnDisk(entry: ManifestEntry, digests: Readonly<Record<string, string>>, file: ManifestFile): number {
    return digests[file.name] !== undefined ? sizeOrZero(join(dirOf(entry), file.name)) : sizeOrZero(partialOf(entry, file));
  }

  function recordOf(entry: ManifestEntry): Model {
    const facts = {
      id: entry.id,
      kind: entry.kind,
      name: entry.name,
      description: entry.description,
      license: entry.license,
      license_url: entry.license_url,
      source_url: entry.source_url,
      size_bytes: approximateSizeOf(entry),
    };
    const job = running.get(entry.id);
    if (job) {
      const files = [...job.fileBytes.values()];
      return { ...facts, state: job.state, bytes_done: sum(files.map((f) => f.done)), bytes_total: sum(files.map((f) => f.total)), error: null };
    }
    const install = store.get(entry.id);
    const digests = install?.file_digests ?? {};
    const sizes = entry.files.map((file) => bytesOnDisk(entry, digests, file));
    const bytesDone = sum(sizes);
    if (install?.state === 'ready') {
      const complete = entry.files.every((file, i) => digests[file.name] !== undefined && sizes[i] > 0);
      if (complete) return { ...facts, state: 'ready', bytes_done: bytesDone, bytes_total: bytesDone, error: null };
      return { ...facts, state: 'missing', bytes_done: 0, bytes_total: facts.size_bytes, error: 'Its files were removed outside Lectern; install it again' };
    }
    return { ...facts, state: install?.state ?? 'missing', bytes_done: bytesDone, bytes_total: facts.size_bytes, error: install?.error ?? null };
  }

  const runtime = createModelRuntime({
    hub: options.hub,
    logger,
    idleUnloadMs: options.idleUnloadMs ?? limits.idleUnloadMs,
    systemRecogniser: { id: systemRecogniser.id, error: () => systemRecogniserRecord(options.systemRecogniser).error },
    installed: (id) => {
      const entry = byId.get(id);
      if (entry === undefined) throw new ApiError('model_unavailable', `No model ${id} is in the manifest`);
      if (recordOf(entry).state !== 'ready') throw new ApiError('model_unavailable', `${id} is not installed; install it first`);
      return { entry, dir: dirOf(entry), digests: store.get(id)?.file_digests ?? {} };
    },
  });

  const events = new InstallationEvents(options.hub, limits.progressIntervalMs, (modelId): ModelInstallationEvent => {
    const entry = byId.get(modelId);
    if (entry === undefined) throw new Error(`no model ${modelId}`);
    return { model: recordOf(entry), rate_bytes_per_second: running.get(modelId)?.rate.bytesPerSecond() ?? 0 };
  });

  function downloadable(id: string): ManifestEntry {
    if (id === systemRecogniser.id) {
      throw invalidState(systemRecogniserRecord(options.systemRecogniser).error ?? `${id} comes from system packages and has nothing to install`);
    }
    const entry = byId.get(id);
    if (entry === undefined) throw notFound('Model');
    return entry;
  }

  /** A file downloaded into its partial path, resuming after a cut connection a few times. */
  async function download(job: RunningInstall, file: ManifestFile): Promise<DownloadedFile> {
    const url = downloadUrlOf(file.url, options.mirrorUrl());
    for (let attempt = 0; ; attempt++) {
      try {
        return await downloadFile({
          url,
          partialPath: partialOf(job.entry, file),
          sizeCapBytes: sizeCapOf(file),
          signal: job.controller.signal,
          onProgress: (done, total) => {
            job.fileBytes.set(file.name, { done, total: total ?? file.size_bytes });
            job.rate.record(sum([...job.fileBytes.values()].map((f) => f.done)));
            events.changed(job.entry.id);
          },
        });
      } catch (error) {
        if (!(error instanceof DownloadError) || error.kind !== 'cut' || attempt >= limits.resumeRetriesMax || job.stopped) throw error;
        logger.info({ model: job.entry.id, file: file.name, attempt: attempt + 1 }, 'model download cut; resuming');
        await delay(limits.resumeRetryDelayMs, undefined, { signal: job.controller.signal });
      }
    }
  }

  function setState(job: RunningInstall, state: ModelState): void {
    job.state = state;
    events.changed(job.entry.id);
  }

  async function run(job: RunningInstall): Promise<void> {
    const { entry } = job;
    const digests = { ...(store.get(entry.id)?.file_digests ?? {}) };
    try {
      for (const file of entry.files) {
        if (digests[file.name] !== undefined) continue;
        const downloaded = await download(job, file);
        setState(job, 'verifying');
        verifyDownloaded(file, downloaded);
        await rename(partialOf(entry, file), join(dirOf(entry), file.name));
        digests[file.name] = downloaded.sha256;
        if (job.stopped) return;
        store.put({ model_id: entry.id, state: 'downloading', error: null, file_digests: digests });
        setState(job, 'downloading');
      }
      setState(job, 'verifying');
      setState(job, 'loading');
      await probe(entry, dirOf(entry), digests);
      if (job.stopped) return;
      store.put({ model_id: entry.id, state: 'ready', error: null, file_digests: digests });
    } catch (error) {
      if (job.stopped) return;
      if (error instanceof VerificationError || error instanceof ProbeError) {
        // Not the publisher's bytes, or not a model that runs: nothing of it may be kept or resumed from.
        rmSync(dirOf(entry), { recursive: true, force: true });
        store.put({ model_id: entry.id, state: 'failed', error: error.message, file_digests: {} });
      } else if (error instanceof DownloadError) {
        if (error.kind === 'too_large') rmSync(dirOf(entry), { recursive: true, force: true });
        const kept = error.kind === 'cut' ? '; install again to resume' : '';
        store.put({ model_id: entry.id, state: 'failed', error: `Download failed: ${error.message}${kept}`, file_digests: error.kind === 'too_large' ? {} : digests });
      } else {
        logger.error({ err: error, model: entry.id }, 'model install failed unexpectedly');
        store.put({ model_id: entry.id, state: 'failed', error: 'The installation failed unexpectedly; see the log', file_digests: digests });
      }
    } finally {
      running.delete(entry.id);
      events.changed(entry.id);
    }
  }

  async function begin(entry: ManifestEntry): Promise<Model> {
    await settling.get(entry.id);
    const digests = store.get(entry.id)?.file_digests ?? {};
    const remaining = sum(entry.files.map((file) => (digests[file.name] !== undefined ? 0 : Math.max(0, file.size_bytes - bytesOnDisk(entry, digests, file)))));
    const needed = limits.freeSpaceSizeFactor * remaining + limits.freeSpaceHeadroomBytes;
    mkdirSync(dirOf(entry), { recursive: true, mode: 0o700 });
    const heldByOthers = sum([...running.values()].map((job) => job.reservedBytes));
    const available = (await freeSpace(modelsDir)) - heldByOthers;
    if (available < needed) {
      const mb = (bytes: number) => Math.ceil(bytes / 1e6);
      throw new ApiError('storage_error', `Installing ${entry.id} needs about ${mb(needed)} MB of free disk space; ${mb(Math.max(0, available))} MB are available`);
    }
    const job: RunningInstall = {
      entry,
      state: 'downloading',
      controller: new AbortController(),
      stopped: false,
      fileBytes: new Map(entry.files.map((file) => [file.name, { done: bytesOnDisk(entry, digests, file), total: file.size_bytes }])),
      rate: new TransferRate(limits.rateWindowMs),
      reservedBytes: needed,
      done: Promise.resolve(),
    };
    store.put({ model_id: entry.id, state: 'downloading', error: null, file_digests: digests });
    running.set(entry.id, job);
    job.done = run(job);
    events.changed(entry.id);
    return recordOf(entry);
  }

  /** Stops a running install at once; its record says why, and its partial files stay. */
  function stop(job: RunningInstall, error: string | null): void {
    job.stopped = true;
    job.controller.abort();
    running.delete(job.entry.id);
    store.put({ model_id: job.entry.id, state: 'cancelled', error, file_digests: store.get(job.entry.id)?.file_digests ?? {} });
    const settled = job.done.catch(() => undefined);
    settling.set(job.entry.id, settled);
    void settled.then(() => {
      if (settling.get(job.entry.id) === settled) settling.delete(job.entry.id);
    });
    events.changed(job.entry.id);
  }

  return {
    list(): Model[] {
      return [...manifest.map(recordOf), systemRecogniserRecord(options.systemRecogniser)];
    },

    get(id: string): Model {
      if (id === systemRecogniser.id) return systemRecogniserRecord(options.systemRecogniser);
      const entry = byId.get(id);
      if (entry === undefined) throw notFound('Model');
      return recordOf(entry);
    },

    /** Starts an install, or answers the running one (idempotent); a ready model stays as it is. */
    async install(id: string): Promise<Model> {
      const entry = downloadable(id);
      if (running.has(id)) return recordOf(entry);
      if (store.get(id)?.state === 'ready') {
        const record = recordOf(entry);
        if (record.state === 'ready') return record;
      }
      const pending = starting.get(id);
      if (pending) return pending;
      const started = begin(entry).finally(() => starting.delete(id));
      starting.set(id, started);
      return started;
    },

    /** Cancels a running install (its partial kept for the next one); anything else is answered as it stands. */
    cancel(id: string): Model {
      const entry = downloadable(id);
      const job = running.get(id);
      if (job) stop(job, null);
      return recordOf(entry);
    },

    /** Removes an installed (or partly downloaded) model's files; 409 while it is installing, starting or answering. */
    async remove(id: string): Promise<Model> {
      const entry = downloadable(id);
      if (running.has(id) || starting.has(id)) throw invalidState(`${id} is being installed; cancel the installation first`);
      if (runtime.inUse(id)) throw invalidState(`${id} is in use (starting or answering); try again when it is done`);
      await runtime.release(id, entry.kind);
      rmSync(dirOf(entry), { recursive: true, force: true });
      store.remove(id);
      events.changed(id);
      return recordOf(entry);
    },

    /** Warms a model (concurrent calls share one start); model_unavailable when it is not installed. */
    async start(id: string) {
      if (id !== systemRecogniser.id && !byId.has(id)) throw notFound('Model');
      return runtime.start(id);
    },

    /**
     * Where a ready model's verified files are, by file name: what the audio feature's
     * SenseVoice engine loads (config.ts's `senseVoiceFiles` names them). Null unless ready.
     */
    installedFiles(id: string): { dir: string; files: Record<string, string> } | null {
      const entry = byId.get(id);
      if (entry === undefined || recordOf(entry).state !== 'ready') return null;
      return { dir: dirOf(entry), files: Object.fromEntries(entry.files.map((file) => [file.name, join(dirOf(entry), file.name)])) };
    },

    runtimeStatus() {
      return runtime.status();
    },

    /**
     * The local LLM for a `local` task, started if cold: the settings' `local_model_id`, or the
     * manifest's first LLM when that is empty.
     */
    localLlm(modelId: string): Promise<LocalLlm> {
      const id = modelId || manifest.find((entry) => entry.kind === 'llm')?.id;
      if (id === undefined || !byId.has(id)) return Promise.reject(new ApiError('model_unavailable', `No local model ${id ?? ''} is in the manifest; choose one in the settings`));
      if (byId.get(id)?.kind !== 'llm') return Promise.reject(new ApiError('model_unavailable', `${id} is not a language model; choose an llm in the settings`));
      return runtime.localLlm(id);
    },

    /** Shutdown: running installs stop as after a cancel, recorded as interrupted so the next start shows it. */
    async close(): Promise<void> {
      const jobs = [...running.values()];
      for (const job of jobs) stop(job, interruptedMessage);
      await Promise.all([...jobs.map((job) => job.done.catch(() => undefined)), ...settling.values()]);
      await runtime.close();
      events.close();
    },
  };
}

export type ModelService = ReturnType<typeof createModelService>;
