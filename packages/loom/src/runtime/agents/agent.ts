/**
 * An agent at run time: `new Agent(spec, runtime)` once per declaration, then
 * `await agent.run(input, { signal })` per call. `run` resolves to the answer text, or to the
 * validated object when the agent implements a protocol; it rejects with a LoomError:
 * E101 (no usable answer from any model, or a missing key/endpoint), E102 (tool budget
 * exceeded), E303 (protocol output still wrong after the re-asks), or the caller's abort reason.
 *
 * One call: the system prompt (role, prompt, output format, protocol), the remembered turns
 * and the input go to `model`; a retryable failure (429, 5xx, lost connection, timeout) is
 * retried `retry` times with doubling `retry_delay`, anything else moves straight to the next
 * `fallback` model. Tool calls loop until the model answers in text. Each HTTP attempt has
 * its own `timeout`, and the caller's signal cancels everything, waits included.
 */
import { LoomError } from '../../errors.js';
import { cacheKey } from '../infra/cache.js';
import { Deadline } from '../infra/deadline.js';
import { protocolInstruction, protocolSchema, readProtocolReply } from './protocol.js';
import type { ProtocolSpec } from './protocol.js';
import { ProviderError, ProviderTimeout } from '../providers/http.js';
import { parseModelReference } from '../providers/registry.js';
import type { ChatMessage, ChatRequest, ChatResponse, ProviderClient, ToolCall } from '../providers/types.js';
import { callTool, parseToolArguments, toolResultContent } from './tools.js';
import type { ToolBinding } from './tools.js';
import { backoffDelayMs, DEFAULT_RETRY_DELAY_MS, sleep } from './backoff.js';
import { createMemory } from './memory.js';
import { fitWindow, readContextWindow } from '../harness/context-window.js';
import type { ContextWindow, Summarizer } from '../harness/context-window.js';
import type { ConversationMemory, Turn } from './memory.js';
import type { AgentRuntime } from './runtime.js';
import { handOffOf, inheritedContext, inheritedNote, sinkHandOff } from './hand-off.js';
import type { ToolResultRecord } from './hand-off.js';
import type { AgentSpec, RunOptions } from './spec.js';
import { ImageInput, MultimodalInput } from './image-input.js';
import type { AgentInput } from './image-input.js';

export const DEFAULT_TIMEOUT_SECONDS = 60;
export const DEFAULT_RETRY_COUNT = 2;
export const DEFAULT_TOOL_TIMEOUT_SECONDS = 30;
export const DEFAULT_MAX_TOOL_CALLS = 10;
const MS_PER_SECOND = 1000;
const NO_TOOLS: ReadonlyMap<string, ToolBinding> = new Map();

/** How a value handed to `run` reads as a user message: text as is, data as JSON, an image as `[image PATH]`. */
export function inputText(input: unknown): string {
  if (typeof input === 'string') return input;
  if (input === undefined || input === null) return '';
  if (input instanceof ImageInput || input instanceof MultimodalInput) return input.loomDisplay();
  return JSON.stringify(input);
}

/**
 * `A.run(a, b)` with several arguments: they are joined by spaces into one input; images among
 * them (`img(...)`) are kept apart, to be sent as images beside that text.
 */
export function joinRunArguments(args: readonly unknown[]): unknown {
  const images = args.filter((arg): arg is ImageInput => arg instanceof ImageInput);
  const text = args.filter((arg) => !(arg instanceof ImageInput)).map(inputText).join(' ');
  return images.length === 0 ? text : new MultimodalInput(text, images);
}

/** The text and the images of one input. */
function agentInput(input: unknown): AgentInput {
  if (input instanceof ImageInput) return { text: '', images: [input] };
  if (input instanceof MultimodalInput) return input;
  return { text: inputText(input), images: [] };
}

interface CallState {
  /** Index into the model chain of the model answering this call; fallbacks move it on. */
  modelIndex: number;
  readonly signal: AbortSignal | undefined;
  readonly onDelta: ((text: string) => void) | undefined;
  /** The window the conversation must fit before each request. */
  readonly window: ContextWindow | undefined;
  readonly summarize: Summarizer | undefined;
  /** The tool calls made so far and their results, for the hand-off. */
  readonly toolResults: ToolResultRecord[];
}

interface ModelFailure {
  readonly model: string;
  readonly attempts: number;
  readonly error: unknown;
}

export class Agent {
  readonly name: string;
  private readonly models: readonly string[];
  private readonly systemPrompt: string;
  private readonly tools: ReadonlyMap<string, ToolBinding>;
  private readonly memory: ConversationMemory;
  /** The agent's own `context_policy`, read at its first call. */
  private readonly ownWindow: ContextWindow | undefined;

  constructor(
    readonly spec: AgentSpec,
    private readonly runtime: AgentRuntime,
  ) {
    this.name = spec.name;
    const fallback = spec.fallback === undefined ? [] : typeof spec.fallback === 'string' ? [spec.fallback] : spec.fallback;
    const model = spec.model === '' ? runtime.defaultModel : spec.model;
    this.models = model === undefined ? fallback : [model, ...fallback];
    this.systemPrompt = [
      spec.role === undefined ? undefined : `Your role: ${spec.role}`,
      spec.prompt,
      spec.skill_guidelines === undefined ? undefined : `Guidelines from your skill files:\n${spec.skill_guidelines}`,
      spec.experience === undefined ? undefined : `What you know from experience:\n${spec.experience.trim()}`,
      spec.output_format === undefined ? undefined : `Format your reply as: ${spec.output_format}`,
      spec.protocol === undefined ? undefined : protocolInstruction(spec.protocol),
    ].filter((part) => part !== undefined && part !== '').join('\n\n');
    this.tools = new Map((spec.tools ?? []).map((tool) => [tool.name, tool]));
    this.memory = createMemory(spec.name, spec.memory, spec.max_history_turns, runtime.projectRoot);
    this.ownWindow = spec.context_policy === undefined ? undefined : readContextWindow(spec.context_policy, `agent ${spec.name} context_policy`);
  }

  async run(input: unknown, options: RunOptions = {}): Promise<unknown> {
    // Remembered and handed on as text, with each image as `[image PATH]`.
    const userText = inputText(input);
    const { text, images } = agentInput(input);
    const memory = options.memory ?? this.memory;
    const { context } = this.spec;
    const inherited = inheritedContext(context, options.upstream, this.runtime.sharedContexts);
    const question: ChatMessage = images.length === 0 ? { role: 'user', content: text } : { role: 'user', content: text, images };
    const conversation: ChatMessage[] = [...memory.messages(), ...inherited.messages, question];
    const system = [withReflections(this.systemPrompt, options.reflections ?? []), inheritedNote(inherited)].filter((part) => part !== '').join('\n\n');
    if (system !== '') conversation.unshift({ role: 'system', content: system });
    const streamSink = this.runtime.onStreamDelta;
    const state: CallState = {
      modelIndex: 0,
      signal: options.signal,
      onDelta: options.onDelta ?? (streamSink === undefined ? undefined : (text) => streamSink(this.name, text)),
      window: options.window ?? this.ownWindow,
      summarize: options.summarize,
      toolResults: [],
    };
    const protocol = this.spec.protocol;
    const answer = protocol === undefined ? await this.answer(conversation, state) : await this.answerToProtocol(protocol, conversation, state);
    const answerText = inputText(answer);
    memory.remember({ user: userText, assistant: answerText });
    const turn = { input: userText, answer: answerText, structured: protocol === undefined ? undefined : answer };
    sinkHandOff(context, handOffOf(this.name, inherited, turn, state.toolResults), options.onHandOff, this.runtime.sharedContexts);
    return answer;
  }

  /** The conversation the agent remembers (empty without `memory`), for a harness `snapshot()`. */
  rememberedTurns(): readonly Turn[] {
    return this.memory.turns();
  }

  /** Puts back what `rememberedTurns` gave (a harness `restore(snap)`). */
  restoreTurns(turns: readonly Turn[]): void {
    this.memory.replace(turns);
  }

  /** Asks again with the validation problem, `retry` times, before giving up with E303. */
  private async answerToProtocol(protocol: ProtocolSpec, conversation: ChatMessage[], state: CallState): Promise<Record<string, unknown>> {
    const asks = (this.spec.retry ?? DEFAULT_RETRY_COUNT) + 1;
    for (let ask = 1; ; ask += 1) {
      const reply = await this.answer(conversation, state);
      const reading = readProtocolReply(protocol, reply);
      if (reading.ok) return reading.value;
      if (ask >= asks) {
        throw new LoomError('E303', `agent '${this.name}' did not return protocol '${protocol.name}' after ${asks} attempt${asks === 1 ? '' : 's'}: ${reading.problem}`);
      }
      conversation.push(
        { role: 'assistant', content: reply },
        { role: 'user', content: `Your reply does not follow protocol '${protocol.name}': ${reading.problem}. ${protocolInstruction(protocol)}` },
      );
    }
  }

  /**
   * One answer in text, running the tool calls the model asks for on the way. Under
   * `tool_call_strategy: "required"` the call's first reply must be a tool call (E102 if a
   * provider that cannot be made to call one answered in text).
   */
  private async answer(conversation: ChatMessage[], state: CallState): Promise<string> {
    const maxToolCalls = this.spec.max_tool_calls ?? DEFAULT_MAX_TOOL_CALLS;
    let toolCallsMade = 0;
    for (;;) {
      const response = await this.exchange(conversation, state);
      if (this.mustCallTool(state) && response.toolCalls.length === 0) {
        throw new LoomError('E102', `agent '${this.name}' has tool_call_strategy "required" but answered without calling a tool`);
      }
      if (response.toolCalls.length === 0 || this.offeredTools.size === 0) return response.text;
      toolCallsMade += response.toolCalls.length;
      if (toolCallsMade > maxToolCalls) {
        throw new LoomError('E102', `agent '${this.name}' asked for more than its max_tool_calls of ${maxToolCalls} tool calls`);
      }
      conversation.push({ role: 'assistant', content: response.text, toolCalls: response.toolCalls });
      for (const call of response.toolCalls) {
        const result = await this.runToolCall(call, state.signal);
        state.toolResults.push({ agent: this.name, tool: call.name, arguments: call.argumentsJson, result });
        conversation.push({ role: 'tool', toolCallId: call.id, name: call.name, content: result });
      }
    }
  }

  /** The tools the model is offered: none under `tool_call_strategy: "none"`. */
  private get offeredTools(): ReadonlyMap<string, ToolBinding> {
    return this.spec.tool_call_strategy === 'none' ? NO_TOOLS : this.tools;
  }

  /** Whether the next reply must be a tool call: `required`, and no tool called yet in this call. */
  private mustCallTool(state: CallState): boolean {
    return this.spec.tool_call_strategy === 'required' && this.offeredTools.size > 0 && state.toolResults.length === 0;
  }

  private async runToolCall(call: ToolCall, signal: AbortSignal | undefined): Promise<string> {
    const binding = this.tools.get(call.name);
    try {
      if (binding === undefined) throw new LoomError('E102', `agent '${this.name}' has no tool named '${call.name}'`);
      const args = parseToolArguments(call.name, call.argumentsJson);
      const value = await callTool(binding, args, (this.spec.tool_timeout ?? DEFAULT_TOOL_TIMEOUT_SECONDS) * MS_PER_SECOND, signal);
      return toolResultContent({ ok: true, value });
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      if (!(error instanceof LoomError)) throw error;
      return toolResultContent({ ok: false, error });
    }
  }

  /** One model request, through the cache, retries and fallbacks. */
  private async exchange(conversation: ChatMessage[], state: CallState): Promise<ChatResponse> {
    if (state.window !== undefined) await this.fitWindow(conversation, state.window, state.summarize);
    if (this.models.length === 0) {
      throw new LoomError('E101', `agent '${this.name}' names no model: add model: "provider/model" or set LOOM_DEFAULT_MODEL in secrets.nxs or the environment`);
    }
    this.runtime.tracer.prompt(this.name, conversation);
    const failures: ModelFailure[] = [];
    for (; state.modelIndex < this.models.length; state.modelIndex += 1) {
      const model = this.models[state.modelIndex];
      const outcome = await this.tryModel(model, conversation, state);
      if ('response' in outcome) return outcome.response;
      failures.push(outcome.failure);
    }
    throw this.failureError(failures);
  }

  private async fitWindow(conversation: ChatMessage[], window: ContextWindow, summarize: Summarizer | undefined): Promise<void> {
    const letGo = await fitWindow(conversation, window, summarize);
    if (letGo > 0) this.runtime.tracer.note(`agent=${this.name} context window of ${window.maxTokens} tokens (${window.strategy}) let ${letGo} message${letGo === 1 ? '' : 's'} go`);
    if (letGo < 0) this.runtime.tracer.note(`agent=${this.name} context window of ${window.maxTokens} tokens (${window.strategy}) is exceeded by what it must keep`);
  }

  private async tryModel(model: string, conversation: readonly ChatMessage[], state: CallState): Promise<{ response: ChatResponse } | { failure: ModelFailure }> {
    let client: ProviderClient;
    let request: ChatRequest;
    try {
      const reference = parseModelReference(model);
      client = this.runtime.providers.client(reference.provider, this.name);
      request = this.request(reference.model, conversation, state);
    } catch (error) {
      return { failure: { model, attempts: 0, error } };
    }
    // `cache_ttl` alone turns the cache on too: the docs write it as a setting of the cache.
    const caching = this.spec.cache === true || this.spec.cache_ttl !== undefined;
    const key = caching ? requestCacheKey(client.provider, request) : undefined;
    if (key !== undefined) {
      const started = performance.now();
      const cached = this.runtime.cache.get(key, this.spec.cache_ttl);
      if (isChatResponse(cached)) {
        if (cached.text !== '') state.onDelta?.(cached.text);
        this.trace(model, 1, started, cached, true);
        return { response: cached };
      }
    }
    const attempts = (this.spec.retry ?? DEFAULT_RETRY_COUNT) + 1;
    const retryDelayMs = this.spec.retry_delay === undefined ? DEFAULT_RETRY_DELAY_MS : this.spec.retry_delay * MS_PER_SECOND;
    for (let attempt = 1; ; attempt += 1) {
      const started = performance.now();
      try {
        const response = await this.attempt(client, request, state.signal);
        this.trace(model, attempt, started, response, false);
        if (key !== undefined) this.runtime.cache.put(key, response);
        return { response };
      } catch (error) {
        if (state.signal?.aborted) throw state.signal.reason;
        this.trace(model, attempt, started, undefined, false, error);
        if (!(error instanceof ProviderError && error.retryable) || attempt >= attempts) return { failure: { model, attempts: attempt, error } };
        await sleep(backoffDelayMs(retryDelayMs, attempt, error.retryAfterMs), state.signal);
      }
    }
  }

  /**
   * One HTTP attempt within the agent's `timeout`; running out of time is a retryable failure,
   * unless part of a streamed answer was already handed on: that text cannot be taken back,
   * so a retry would repeat it.
   */
  private async attempt(client: ProviderClient, request: ChatRequest, signal: AbortSignal | undefined): Promise<ChatResponse> {
    const deadline = new Deadline((this.spec.timeout ?? DEFAULT_TIMEOUT_SECONDS) * MS_PER_SECOND, signal);
    const sink = request.onDelta;
    let streamed = false;
    const onDelta = sink === undefined ? undefined : (text: string): void => {
      streamed = true;
      sink(text);
    };
    try {
      return await client.chat({ ...request, onDelta, signal: deadline.signal });
    } catch (error) {
      const failure = deadline.timedOut ? new ProviderTimeout(`no answer within the timeout of ${deadline.limitMs / MS_PER_SECOND} s`) : error;
      if (streamed && failure instanceof ProviderError) throw new ProviderError(`${failure.message} (after part of the answer was streamed)`, failure.status, false);
      throw failure;
    } finally {
      deadline.dispose();
    }
  }

  private request(model: string, conversation: readonly ChatMessage[], state: CallState): ChatRequest {
    const protocol = this.spec.protocol;
    const tools = this.offeredTools;
    return {
      model,
      messages: conversation,
      tools: tools.size === 0 ? undefined : [...tools.values()].map(({ name, description, parameters }) => ({ name, description, parameters })),
      toolChoice: this.mustCallTool(state) ? 'required' : undefined,
      maxTokens: this.spec.max_tokens,
      temperature: this.spec.temperature,
      responseFormat: protocol === undefined ? undefined : { name: protocol.name, schema: protocolSchema(protocol) },
      stream: this.spec.stream === true,
      onDelta: state.onDelta,
    };
  }

  private trace(model: string, attempt: number, started: number, response: ChatResponse | undefined, cacheHit: boolean, error?: unknown): void {
    this.runtime.tracer.agentCall({
      agent: this.name,
      model,
      attempt,
      milliseconds: performance.now() - started,
      inputTokens: response?.usage.inputTokens ?? 0,
      outputTokens: response?.usage.outputTokens ?? 0,
      cacheHit,
      error: error === undefined ? undefined : messageOf(error),
    });
  }

  /** A configuration problem of a lone model is reported as it is: it names the entry to set. */
  private failureError(failures: readonly ModelFailure[]): LoomError {
    const [only] = failures;
    if (failures.length === 1 && only.error instanceof LoomError) return only.error;
    const details = failures.map((failure) => {
      const tries = failure.attempts > 1 ? ` (after ${failure.attempts} attempts)` : '';
      return `${failure.model}${tries}: ${messageOf(failure.error)}`;
    });
    const cause = failures[failures.length - 1]?.error;
    return new LoomError('E101', `agent '${this.name}' failed: ${details.join('; ')}`, undefined, { cause });
  }
}

/** The system prompt with the reflections the harness hands this call, after the agent's own instructions. */
function withReflections(systemPrompt: string, reflections: readonly string[]): string {
  if (reflections.length === 0) return systemPrompt;
  const note = `Before you answer, reflect on this:\n${reflections.map((reflection) => `- ${reflection}`).join('\n')}`;
  return systemPrompt === '' ? note : `${systemPrompt}\n\n${note}`;
}

/** Everything in a request that decides the reply; the signal and stream callback do not. */
function requestCacheKey(provider: string, request: ChatRequest): string {
  const { model, messages, tools = [], maxTokens, temperature, responseFormat, toolChoice } = request;
  return cacheKey({ provider, model, messages, tools, parameters: { maxTokens, temperature, responseFormat, toolChoice } });
}

/** A cache entry written by another Loom version may have another shape; then it is a miss. */
function isChatResponse(value: unknown): value is ChatResponse {
  const response = value as Partial<ChatResponse> | undefined;
  return typeof response?.text === 'string' && Array.isArray(response.toolCalls) && typeof response.usage === 'object';
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
