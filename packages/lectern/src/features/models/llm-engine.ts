import { availableParallelism } from 'node:os';
import type { ChatHistoryItem, Llama, LlamaChat, LlamaContext, LlamaModel } from 'node-llama-cpp';
import type * as NodeLlamaCppModule from 'node-llama-cpp';
import { models as limits, provider } from '../../config.js';
import type { ChatCall } from '../../answer-engine/providers/chat-provider.js';
import { ProviderError } from '../../answer-engine/providers/provider-error.js';
import { importEsmPackage } from '../../platform/esm-package.js';

type NodeLlamaCpp = typeof NodeLlamaCppModule;

let llamaPromise: Promise<Llama> | null = null;

/**
 * node-llama-cpp's CPU backend, loaded once per process and only when a local model is first
 * used (it costs ~0.4 s, which Lectern's cold start must not pay). Prebuilt binaries only:
 * `build: 'never'` turns a failed self-test into an error instead of a CMake source build.
 */
export function cpuLlama(): Promise<Llama> {
  llamaPromise ??= importEsmPackage<NodeLlamaCpp>('node-llama-cpp')
    .then(({ getLlama }) => getLlama({ gpu: false, build: 'never', logLevel: 'error' as never, progressLogs: false }))
    .catch((error: unknown) => {
      llamaPromise = null;
      throw error;
    });
  return llamaPromise;
}

export const llmThreads = (): number => Math.max(1, availableParallelism() - limits.llmThreadsReservedCores);

/** A wait for the one context sequence: tasks take turns instead of failing. */
class Turns {
  #tail: Promise<void> = Promise.resolve();
  async take(signal: AbortSignal): Promise<() => void> {
    let release!: () => void;
    const mine = new Promise<void>((resolve) => (release = resolve));
    const before = this.#tail;
    this.#tail = before.then(() => mine);
    try {
      await new Promise<void>((resolve, reject) => {
        const onAbort = () => reject(signal.reason);
        if (signal.aborted) return onAbort();
        signal.addEventListener('abort', onAbort, { once: true });
        void before.then(() => {
          signal.removeEventListener('abort', onAbort);
          resolve();
        });
      });
    } catch (error) {
      // Our turn still comes; pass it on at once.
      void before.then(release);
      throw error;
    }
    return release;
  }
}

/** Text chunks from a callback, waited on by an async generator. */
class ChunkQueue {
  readonly #chunks: string[] = [];
  #closed = false;
  #wake: (() => void) | null = null;
  push(chunk: string): void {
    this.#chunks.push(chunk);
    this.#wake?.();
  }
  close(): void {
    this.#closed = true;
    this.#wake?.();
  }
  get closed(): boolean {
    return this.#closed;
  }
  take(): string[] {
    return this.#chunks.splice(0);
  }
  /** Resolves once there is something to take, or nothing more will come. */
  wait(): Promise<void> {
    if (this.#chunks.length > 0 || this.#closed) return Promise.resolve();
    return new Promise((resolve) => (this.#wake = resolve));
  }
}

function toHistory(messages: Parameters<ChatCall>[0]): ChatHistoryItem[] {
  const history: ChatHistoryItem[] = messages.map((message) =>
    message.role === 'assistant' ? { type: 'model', response: [message.content] } : { type: message.role, text: message.content },
  );
  history.push({ type: 'model', response: [] });
  return history;
}

/**
 * A GGUF loaded on the CPU, answering one chat at a time through its context. The chat
 * template comes from the model file (node-llama-cpp resolves a wrapper for it).
 */
export class LoadedLlm {
  private constructor(
    private readonly model: LlamaModel,
    private readonly context: LlamaContext,
    /**
     * One chat over the context's one sequence, kept for the model's life: the chat template is
     * resolved once, and a prompt that starts like the previous one reuses its evaluated tokens.
     */
    private readonly session: LlamaChat,
    /** Tokens the context holds: prompt and answer together. */
    readonly contextTokens: number,
  ) {}

  static async load(modelPath: string): Promise<LoadedLlm> {
    const llama = await cpuLlama();
    const model = await llama.loadModel({ modelPath });
    try {
      const contextTokens = Math.min(model.trainContextSize, limits.llmContextTokensMax);
      const context = await model.createContext({ contextSize: contextTokens, sequences: 1, threads: llmThreads() });
      const { LlamaChat } = await importEsmPackage<NodeLlamaCpp>('node-llama-cpp');
      return new LoadedLlm(model, context, new LlamaChat({ contextSequence: context.getSequence() }), contextTokens);
    } catch (error) {
      await model.dispose();
      throw error;
    }
  }

  readonly #turns = new Turns();

  /** The prompt budget in characters that leaves room for an answer of `answerTokens`. */
  contextCharactersFor(answerTokens: number): number {
    return Math.max(0, (this.contextTokens - answerTokens) * limits.llmCharsPerTokenEstimate);
  }

  /**
   * Streams one reply as text deltas. The same failures as an OpenAI-compatible provider: a
   * reply cut by the token limit or empty is `incomplete_response`, an oversized one
   * `response_too_large`; a cancel stops the generation between two tokens.
   */
  async *chat(messages: Parameters<ChatCall>[0], maxTokens: number, signal: AbortSignal): AsyncGenerator<string> {
    const release = await this.#turns.take(signal);
    const chat = this.session;
    const queue = new ChunkQueue();
    const stop = new AbortController();
    const onAbort = () => {
      stop.abort(signal.reason);
      queue.close();
    };
    signal.addEventListener('abort', onAbort, { once: true });
    let answerChars = 0;
    let failure: unknown = null;
    const generation = chat
      .generateResponse(toHistory(messages), {
        maxTokens,
        temperature: limits.llmTemperature,
        topP: limits.llmTopP,
        topK: limits.llmTopK,
        signal: stop.signal,
        stopOnAbortSignal: true,
        onTextChunk: (chunk) => {
          if (chunk !== '') queue.push(chunk);
        },
      })
      .then(
        (result) => result.metadata.stopReason,
        (error: unknown) => {
          failure = error;
          return null;
        },
      )
      .finally(() => queue.close());
    try {
      for (;;) {
        await queue.wait();
        const chunks = queue.take();
        for (const chunk of chunks) {
          answerChars += [...chunk].length;
          if (answerChars > provider.answerMaxChars) {
            throw new ProviderError('response_too_large', `The answer is longer than ${provider.answerMaxChars} characters; reading stopped`);
          }
          yield chunk;
        }
        if (signal.aborted) throw signal.reason;
        if (chunks.length === 0 && queue.closed) break;
      }
      const stopReason = await generation;
      signal.throwIfAborted();
      if (failure !== null || stopReason === null) throw new ProviderError('provider_unavailable', 'The local model failed while answering; see the log');
      if (stopReason === 'maxTokens') throw new ProviderError('incomplete_response', 'The answer was cut off because it reached the token limit');
      if (answerChars === 0) throw new ProviderError('incomplete_response', 'The local model returned an empty answer');
    } finally {
      signal.removeEventListener('abort', onAbort);
      stop.abort();
      await generation;
      release();
    }
  }

  async dispose(): Promise<void> {
    this.session.dispose();
    await this.context.dispose();
    await this.model.dispose();
  }
}
