import { join } from 'node:path';
import { assistant, models as limits } from '../../config.js';
import type { ChatCall } from '../../answer-engine/providers/chat-provider.js';
import { ApiError } from '../../platform/errors.js';
import type { EventPublisher } from '../../platform/events.js';
import type { ModelEvents } from './events.js';
import type { Logger } from '../../platform/logger.js';
import { verifyInstalledFiles } from './installed-digests.js';
import { LoadedLlm } from './llm-engine.js';
import type { ManifestEntry } from './manifest.js';
import { probeInChildProcess } from './probe/run-probe.js';
import type { EngineStatus, ModelKind, ModelRuntime, ModelStarted } from './schemas.js';

/** A model that is installed and verified: what the runtime may load. */
export interface InstalledModel {
  entry: ManifestEntry;
  dir: string;
  digests: Readonly<Record<string, string>>;
}

export interface ModelRuntimeOptions {
  hub: EventPublisher<ModelEvents>;
  logger: Logger;
  /** The installed model of that id; throws model_unavailable when it is not installed. */
  installed: (id: string) => InstalledModel;
  /** The system recogniser's id and whether its packages are present (started without loading anything). */
  systemRecogniser: { id: string; error: () => string | null };
  idleUnloadMs: number;
}

/** The local LLM a task answers with: its chat, and the prompt budget it holds. */
export interface LocalLlm {
  modelId: string;
  contextCharacters: number;
  chat: ChatCall;
}

interface Engine {
  status: EngineStatus;
  /** The start in progress; concurrent starts of the same model share it. */
  starting: Promise<ModelStarted> | null;
  startingId: string | null;
}

interface LlmEngine extends Engine {
  loaded: LoadedLlm | null;
  /** Chats running on the loaded model: it is in use, and not unloaded when idle. */
  activeChats: number;
  idleTimer: NodeJS.Timeout | null;
}

const cold = (): EngineStatus => ({ model_id: null, state: 'cold', error: null });

/**
 * The engines that run installed models: one LLM (node-llama-cpp, in process, on the CPU) and
 * one recogniser. A start warms a model (the files' digests checked again, then loaded);
 * concurrent starts share one; a model idle for `idleUnloadMs` is unloaded. Every state change
 * is a `models.runtime` event.
 */
export function createModelRuntime(options: ModelRuntimeOptions) {
  const { hub, logger } = options;
  const llm: LlmEngine = { status: cold(), starting: null, startingId: null, loaded: null, activeChats: 0, idleTimer: null };
  const asr: Engine = { status: cold(), starting: null, startingId: null };
  let closed = false;

  function status(): ModelRuntime {
    const states = [asr.status.state, llm.status.state];
    const ready = states.includes('ready') && !states.includes('warming') && !states.includes('failed');
    return { ready, asr: { ...asr.status }, llm: { ...llm.status } };
  }

  function set(engine: Engine, next: EngineStatus): void {
    const same = engine.status.model_id === next.model_id && engine.status.state === next.state && engine.status.error === next.error;
    engine.status = next;
    if (!same && !closed) hub.publish('models.runtime', null, status());
  }

  function clearIdleTimer(): void {
    if (llm.idleTimer !== null) clearTimeout(llm.idleTimer);
    llm.idleTimer = null;
  }

  function armIdleTimer(): void {
    clearIdleTimer();
    if (llm.loaded === null || llm.activeChats > 0) return;
    llm.idleTimer = setTimeout(() => {
      llm.idleTimer = null;
      if (llm.activeChats > 0 || llm.starting !== null) return;
      logger.info({ model: llm.status.model_id }, 'unloading the idle local model');
      void unloadLlm();
    }, options.idleUnloadMs);
    llm.idleTimer.unref();
  }

  async function unloadLlm(): Promise<void> {
    clearIdleTimer();
    const loaded = llm.loaded;
    llm.loaded = null;
    if (loaded !== null) {
      set(llm, { model_id: llm.status.model_id, state: 'cold', error: null });
      await loaded.dispose();
    }
  }

  const startedLlm = (modelId: string, loaded: LoadedLlm): ModelStarted => ({
    status: 'ready',
    model_id: modelId,
    context_characters: loaded.contextCharactersFor(assistant.taskMaxTokens),
  });

  async function warmLlm(model: InstalledModel): Promise<ModelStarted> {
    const id = model.entry.id;
    if (llm.loaded !== null && llm.status.model_id !== id) {
      if (llm.activeChats > 0) throw new ApiError('invalid_state', `${llm.status.model_id} is answering; start ${id} when it is done`);
      await unloadLlm();
    }
    set(llm, { model_id: id, state: 'warming', error: null });
    try {
      await verifyInstalledFiles(model.dir, model.digests);
      const gguf = model.entry.files.find((file) => file.name.endsWith('.gguf')) ?? model.entry.files[0];
      if (gguf === undefined) throw new Error('no model file');
      const loaded = await LoadedLlm.load(join(model.dir, gguf.name));
      if (closed) {
        await loaded.dispose();
        throw new ApiError('model_unavailable', 'Lectern is shutting down');
      }
      llm.loaded = loaded;
      set(llm, { model_id: id, state: 'ready', error: null });
      armIdleTimer();
      return startedLlm(id, loaded);
    } catch (error) {
      const message = error instanceof ApiError ? error.message : `${id} did not load: ${(error as Error).message.split('\n')[0]}`;
      if (!(error instanceof ApiError)) logger.error({ err: error, model: id }, 'local model failed to load');
      set(llm, { model_id: id, state: 'failed', error: message });
      throw error instanceof ApiError ? error : new ApiError('model_unavailable', message);
    }
  }

  /**
   * The recogniser runs in the audio feature; here a start proves the installed files load
   * (the same child-process decode of a second of silence as the install probe).
   */
  async function warmAsr(model: InstalledModel): Promise<ModelStarted> {
    const id = model.entry.id;
    set(asr, { model_id: id, state: 'warming', error: null });
    try {
      await verifyInstalledFiles(model.dir, model.digests);
      await probeInChildProcess(model.entry, model.dir);
      set(asr, { model_id: id, state: 'ready', error: null });
      return { status: 'ready', model_id: id, context_characters: 0 };
    } catch (error) {
      const message = `${id} did not load: ${(error as Error).message.split('\n')[0]}`;
      set(asr, { model_id: id, state: 'failed', error: message });
      throw new ApiError('model_unavailable', message);
    }
  }

  function share(engine: Engine, id: string, warm: () => Promise<ModelStarted>): Promise<ModelStarted> {
    if (engine.starting !== null && engine.startingId === id) return engine.starting;
    // A start of another model waits for the one in progress, then replaces it.
    const started = (engine.starting ?? Promise.resolve())
      .catch(() => undefined)
      .then(warm)
      .finally(() => {
        if (engine.starting === started) {
          engine.starting = null;
          engine.startingId = null;
        }
      });
    engine.starting = started;
    engine.startingId = id;
    return started;
  }

  async function start(id: string): Promise<ModelStarted> {
    if (closed) throw new ApiError('model_unavailable', 'Lectern is shutting down');
    if (id === options.systemRecogniser.id) {
      const missing = options.systemRecogniser.error();
      if (missing !== null) {
        set(asr, { model_id: id, state: 'failed', error: missing });
        throw new ApiError('model_unavailable', missing);
      }
      set(asr, { model_id: id, state: 'ready', error: null });
      return { status: 'ready', model_id: id, context_characters: 0 };
    }
    const model = options.installed(id);
    if (model.entry.kind === 'llm') {
      if (llm.loaded !== null && llm.status.model_id === id && llm.starting === null) {
        armIdleTimer();
        return startedLlm(id, llm.loaded);
      }
      return share(llm, id, () => warmLlm(model));
    }
    if (asr.status.state === 'ready' && asr.status.model_id === id && asr.starting === null) return { status: 'ready', model_id: id, context_characters: 0 };
    return share(asr, id, () => warmAsr(model));
  }

  return {
    status,
    start,

    /** The LLM of that id, started if it is not (a task in `local` mode); model_unavailable when not installed. */
    async localLlm(id: string): Promise<LocalLlm> {
      const started = await start(id);
      const loaded = llm.loaded;
      if (loaded === null || llm.status.model_id !== id) throw new ApiError('model_unavailable', `${id} was unloaded; try again`);
      return {
        modelId: id,
        contextCharacters: started.context_characters,
        chat: async function* (messages, maxTokens, signal) {
          llm.activeChats++;
          clearIdleTimer();
          try {
            yield* loaded.chat(messages, maxTokens, signal);
          } finally {
            llm.activeChats--;
            armIdleTimer();
          }
        },
      };
    },

    /** Whether the model is loaded and answering, or being started: it cannot be removed then. */
    inUse(id: string): boolean {
      if (llm.status.model_id === id && (llm.activeChats > 0 || llm.starting !== null)) return true;
      return asr.status.model_id === id && asr.starting !== null;
    },

    /** Unloads the model if it is loaded (before its files are removed). */
    async release(id: string, kind: ModelKind): Promise<void> {
      if (kind === 'llm' && llm.status.model_id === id) {
        await unloadLlm();
        set(llm, cold());
      }
      if (kind === 'asr' && asr.status.model_id === id) set(asr, cold());
    },

    async close(): Promise<void> {
      closed = true;
      clearIdleTimer();
      await Promise.allSettled([llm.starting, asr.starting]);
      const loaded = llm.loaded;
      llm.loaded = null;
      await loaded?.dispose();
    },
  };
}

export type ModelRuntimeEngines = ReturnType<typeof createModelRuntime>;

/** `LECTERN_MODEL_IDLE_SECONDS`, else config.ts's idle time. */
export function idleUnloadMsFrom(environment: NodeJS.ProcessEnv): number {
  const raw = environment.LECTERN_MODEL_IDLE_SECONDS?.trim();
  if (!raw) return limits.idleUnloadMs;
  const seconds = Number(raw);
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : limits.idleUnloadMs;
}
