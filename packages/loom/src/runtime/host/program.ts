/**
 * The context one running program shares (`$p` in generated code): where it prints, its types,
 * builtins and standard library, its agents and the semantic judge, created on first use so
 * that a program without agents never reads secrets or starts a provider client.
 */
import type { LoomError } from '../../errors.js';
import type { Span } from '../../language/span.js';
import { TypeRegistry } from '../core/adt.js';
import { AgentHandle } from './agent-handle.js';
import type { AgentContract } from './agent-handle.js';
import { createAgentRuntime } from '../agents/runtime.js';
import type { AgentRuntime } from '../agents/runtime.js';
import type { AgentSpec } from '../agents/spec.js';
import type { Turn } from '../agents/memory.js';
import { consensus, fireAndForget } from '../agents/pipeline.js';
import type { Runnable } from '../agents/pipeline.js';
import { formatErrorReport } from './error-report.js';
import { builtinMethod } from '../core/methods.js';
import { createBuiltins } from '../core/prelude.js';
import { ExitRequest } from '../core/exit-request.js';
import { AssertionFailure, fail } from '../core/script-error.js';
import { findProjectRoot, loadSecrets } from '../infra/secrets.js';
import { throwIfToolCancelled, withToolSignal } from '../infra/tool-signal.js';
import { createSemanticJudge } from '../agents/semantic.js';
import type { SemanticJudge } from '../agents/semantic.js';
import { createStd, stdNamespace } from '../std/index.js';
import { resourceBuiltins } from './resource-builtins.js';
import { bindArguments } from '../std/arguments.js';
import { parameterNames } from '../std/namespace.js';
import { ResourceHandle, ResourceTracker } from '../core/resource-handle.js';
import { Task, TaskScope } from '../core/tasks.js';
import { passMessage, receiveMessage } from '../core/actors.js';
import { readImage } from '../agents/image-input.js';
import { FileConfinement } from '../std/fs-confinement.js';
import { secondsMs } from '../core/durations.js';
import { spawnAgentActor } from './agent-actor.js';
import { CONCURRENCY_BUILTINS } from '../std/concurrent.js';
import { StreamedOutput } from './streamed-output.js';
import { JobHandle, JobQueueView, ProgramJobs } from '../jobs/program-jobs.js';
import type { JobDeclarationOptions } from '../jobs/definition.js';
import { openJobStore } from './open-job-store.js';
import { stdTools } from '../std/tools.js';
import { bindTool, toolError } from '../agents/tools.js';
import { NO_TERMINAL } from '../infra/terminal.js';
import type { Terminal } from '../infra/terminal.js';
import type { TypeDescriptor } from '../../language/type-descriptor.js';
import type { ShownSchema, ToolBinding } from '../agents/tools.js';
import { TypeChecker, typeModeFrom } from '../core/types.js';
import { traceLevel } from '../infra/trace.js';
import type { DebugFlag } from '../infra/trace.js';
import { Harness } from '../harness/harness.js';
import { describe, display, isDict } from '../core/values.js';
import { RESPONSE_BUILTINS } from '../server/response.js';
import type { ServerSpec } from '../server/server-spec.js';

export interface ProgramHost {
  readonly entryFile: string;
  readonly env: NodeJS.ProcessEnv;
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  /** `--debug[=full]`: the agent library traces calls (and prompts) to stderr; `LOOM_DEBUG` decides when it is `false`. */
  readonly debug: DebugFlag;
  /** The `.nx` place an error was raised at, from its stack and the module's source map. */
  readonly locate: (error: Error) => Span | undefined;
  /** The person at the keyboard; none (NO_TERMINAL) when the program runs unattended. */
  readonly terminal?: Terminal;
}

export interface TestCase {
  readonly name: string;
  readonly run: () => Promise<unknown>;
}

type Callable = (...args: unknown[]) => unknown;

/** The named arguments of a call that has none. */
const NO_NAMED_ARGUMENTS: Readonly<Record<string, unknown>> = Object.freeze({});

export class ProgramContext {
  readonly registry = new TypeRegistry();
  readonly types: TypeChecker;
  readonly builtins: Readonly<Record<string, Callable>>;
  readonly std: ReturnType<typeof createStd>;
  readonly tests: TestCase[] = [];
  /** The program's `server` declarations, which `loom serve` starts (runtime/server/). */
  readonly servers: ServerSpec[] = [];
  /** Databases and stores the program opened; run-program.ts closes them when it ends. */
  readonly resources = new ResourceTracker();
  /** The program's concurrent tasks and timers, stopped when it ends (`close`). */
  readonly tasks = new TaskScope();
  /** The program's stdout, shared by `print` and streaming agents. */
  readonly output: StreamedOutput;
  /** Its job declarations, queue and worker; run-program.ts drains or closes them when it ends. */
  readonly jobs: ProgramJobs;
  /** The Nexa v2 harness: hooks, autoloops, reflections and what surrounds each agent call. */
  readonly harness: Harness;
  private configName: string | undefined;
  private defaultModel: string | undefined;
  private agentRuntime: AgentRuntime | undefined;
  private readonly toolFunctions = new Map<string, Callable>();
  /** The agents the program declared, whose memories a harness snapshot records. */
  private readonly agentHandles: AgentHandle[] = [];
  /** `kind` → declared name → handle: what the tools of `uses std.db` / `std.kv` reach by name. */
  private readonly declaredHandles = new Map<string, Map<string, ResourceHandle>>();
  private semanticJudge: SemanticJudge | undefined;

  constructor(readonly host: ProgramHost) {
    // One walk up the directories for the std services and the job queue alike.
    const projectRoot = findProjectRoot(host.entryFile);
    this.std = createStd(host.env, {
      projectRoot,
      resources: this.resources,
      tasks: this.tasks,
      call: (callee, args) => this.call(callee, args),
      terminal: host.terminal ?? NO_TERMINAL,
      write: (text) => this.print([text]),
    });
    this.output = new StreamedOutput(host.stdout);
    const tracing = traceLevel(host.debug === false ? undefined : host.debug, host.env) !== 'off';
    this.harness = new Harness({
      holds: (condition, subject) => this.judge().holds(condition, subject),
      isOfType: (value, type) => this.types.test(value, type),
      best: (candidates) => this.judge().best(candidates),
      summarize: (conversation) => this.judge().summarize(conversation),
      terminal: host.terminal ?? NO_TERMINAL,
      env: host.env,
      memories: {
        capture: () => {
          const state = new Map<object, readonly Turn[]>();
          for (const agent of this.agentHandles) {
            const turns = agent.rememberedTurns();
            if (turns !== undefined) state.set(agent, turns);
          }
          return state;
        },
        restore: (state) => {
          for (const [agent, turns] of state) if (agent instanceof AgentHandle) agent.restoreTurns(turns);
        },
      },
      trace: (line) => {
        if (tracing) host.stderr(`[loom] ${line}\n`);
      },
    });
    this.jobs = new ProgramJobs({ openStore: () => openJobStore(projectRoot, host.env), env: host.env, report: (error) => this.report(error) });
    this.types = new TypeChecker(typeModeFrom(host.env), this.registry, (warning) => this.warn(warning));
    const builtins = createBuiltins(this.registry, { print: (values) => this.print(values), secret: (name) => this.secret(name) });
    const concurrency = this.std.concurrent;
    const images = new FileConfinement(projectRoot, host.env);
    this.builtins = {
      ...builtins,
      ...resourceBuiltins(this.std, builtins),
      // The concurrency builtins are std.concurrent's functions, sharing the program's task scope.
      ...Object.fromEntries(CONCURRENCY_BUILTINS.map((name) => [name, concurrency[name]])),
      // `json(value)` and `html(text)`: the responses of server route handlers.
      ...RESPONSE_BUILTINS,
      // A value, not a function: the generated code reads builtins by name and calls methods on this one.
      JobQueue: this.jobs.view as unknown as Callable,
      input: (prompt: unknown) => this.input(prompt),
      receive: receiveMessage,
      // Read where std.fs may read: inside the project, or what LOOM_ALLOW_FS adds.
      img: (path: unknown) => readImage(path, images),
      // `merge(a, b, ...)` after `fork { } and { }`: the merge Nexa defaults to, best_of (runtime/harness/fork.ts).
      merge: (...values: unknown[]) => this.harness.fork(values.map((value) => () => Promise.resolve(value)), 'best_of'),
    };
  }

  /**
   * Python's `input(prompt)`: a line from the person at the terminal (the prompt on stderr, as
   * std.ask_human asks). Without a terminal nobody can answer, so it stops instead of waiting.
   */
  private async input(prompt: unknown): Promise<string> {
    const question = prompt === undefined || prompt === null ? '' : display(prompt);
    const terminal = this.host.terminal ?? NO_TERMINAL;
    if (!terminal.interactive) return fail(`input(${JSON.stringify(question)}) needs a terminal to read from, and standard input is not one`);
    return terminal.ask(question);
  }

  /** `await task` and `await task, seconds` (a time limit that cancels the task when it passes: E701). */
  awaitTask(task: unknown, timeoutSeconds: unknown): unknown {
    const awaitTask = this.std.concurrent.await_task;
    if (timeoutSeconds === undefined) return awaitTask(task);
    return awaitTask(task, secondsMs(timeoutSeconds, 'the time limit of await'));
  }

  /** `spawn Agent(message)`: the agent as an actor (host/agent-actor.ts); `await` gives its last answer. */
  spawnActor(agent: unknown, args: readonly unknown[]): Task {
    if (!(agent instanceof AgentHandle)) return fail(`spawn of an agent needs the agent, got ${describe(agent)}`);
    return spawnAgentActor(this.tasks, agent, args);
  }

  /** `pass handle, message` / `pass message to handle`. */
  pass(target: unknown, message: unknown): null {
    return passMessage(target, message);
  }

  /** The program has ended: stops its tasks and timers; returns a task failure nobody awaited, if any. */
  close(): unknown {
    return this.tasks.close();
  }

  print(values: readonly unknown[]): void {
    throwIfToolCancelled();
    this.output.print(values.map(display).join(' '));
  }

  /** `job Name ... { ... }`: the job as a value of the program. */
  job(options: JobDeclarationOptions): JobHandle {
    return this.jobs.declare(options);
  }

  /** `spawn Job(args)`: enqueues it; the value is the job's id. */
  enqueueJob(job: unknown, positional: readonly unknown[], named: Readonly<Record<string, unknown>>): Promise<string> {
    return this.jobs.enqueue(job, positional, named);
  }

  /** An error that does not stop the program (a failed job attempt), reported at its `.nx` place. */
  report(error: unknown): void {
    this.output.endLine();
    const place = error instanceof Error ? this.host.locate(error) ?? (error.cause instanceof Error ? this.host.locate(error.cause) : undefined) : undefined;
    this.host.stderr(`${formatErrorReport(error, place)}\n`);
  }

  /** A report that does not stop the program (E302), with the place it was raised. */
  warn(warning: LoomError): void {
    this.host.stderr(`${formatErrorReport(warning, this.host.locate(warning))}\n`);
  }

  /**
   * `use config NAME;` selects a config block of secrets.nxs for the agents. The block is
   * looked up here, so a name the file lacks is reported at this statement rather than at the
   * first agent call, which would only be where the mistake was noticed.
   */
  useConfig(name: string): void {
    loadSecrets({ projectRoot: findProjectRoot(this.host.entryFile), configName: name, env: this.host.env });
    this.configName = name;
  }

  agent(spec: AgentSpec, contracts: readonly AgentContract[]): AgentHandle {
    if (spec.model !== '') this.defaultModel ??= spec.model;
    // A protocol's answer is a JSON object for the program, not text for the reader.
    const streams = spec.stream === true && spec.protocol === undefined;
    const handle = new AgentHandle(spec, () => this.runtime(), this.harness, [...this.inputSchemaCheck(spec), ...contracts], streams ? this.output : undefined);
    this.agentHandles.push(handle);
    return handle;
  }

  /**
   * The context block's `input_schema: P`: each input is checked against P as a flow argument
   * is against its parameter's type, under the type mode (E302 warns, E301 stops). Checked
   * where an agent's own `requires` are, before the call.
   */
  private inputSchemaCheck(spec: AgentSpec): AgentContract[] {
    const schema = spec.context?.input_schema;
    if (schema === undefined) return [];
    const what = `the input of agent '${spec.name}' (its context input_schema)`;
    return [{ clause: 'requires', check: async (input) => this.types.check(input, { name: schema }, what) }];
  }

  /**
   * A `@tool fn` an agent `uses`, or that implements a tool of its skill file (`shown`: the
   * skill's schema): the model's named arguments become the function's parameters.
   */
  toolFromFunction(name: string, description: string, parameters: Readonly<Record<string, TypeDescriptor>>, tool: Callable, shown?: ShownSchema): ToolBinding {
    const names = Object.keys(parameters);
    const declared = Object.fromEntries(names.map((parameter) => [parameter, { type: parameters[parameter]! }]));
    return bindTool({ name, description, parameters: declared, ...(shown === undefined ? {} : { shown }) }, (args, signal) =>
      this.harness.toolCall(name, args, async () => withToolSignal(signal, () => tool(...names.map((parameter) => args[parameter] ?? null)))));
  }

  /**
   * A `@tool fn` called or read as a value by the program's own code: the function itself,
   * except that a failure is the tool failure E102, as it is when an agent calls the tool
   * (reference.md promises the same code both ways). `exit()` inside it still ends the program.
   */
  toolFunction(name: string, tool: Callable): Callable {
    let wrapped = this.toolFunctions.get(name);
    if (wrapped === undefined) {
      const call = async (...args: unknown[]): Promise<unknown> => {
        try {
          return await this.harness.toolCall(name, args, async () => tool(...args));
        } catch (error) {
          if (error instanceof ExitRequest) throw error;
          throw toolError(name, error);
        }
      };
      Object.defineProperty(call, 'name', { value: name });
      this.toolFunctions.set(name, call);
      wrapped = call;
    }
    return wrapped;
  }

  /** `kv NAME = open(...)` / `db NAME = connect(...)`: the handle, if it is one of the declared kind. */
  resource(kind: string, name: string, value: unknown): ResourceHandle {
    if (value instanceof ResourceHandle && value.namespace === kind) {
      let declared = this.declaredHandles.get(kind);
      if (declared === undefined) this.declaredHandles.set(kind, (declared = new Map()));
      declared.set(name, value);
      return value;
    }
    const opener = kind === 'kv' ? 'open(...)' : kind === 'db' ? 'connect(...)' : 'enable_auth(...) or a block of settings';
    return fail(`${kind} ${name} must be given ${opener}, got ${describe(value)}`);
  }

  /**
   * The tools of `uses std.NS`. `handleNames` are the names the program declares handles of
   * this namespace under (db, kv), known when it is compiled; the handles themselves are
   * looked up when a tool runs, since an agent may be declared before them.
   */
  stdTools(namespace: string, handleNames: readonly string[] = []): ToolBinding[] {
    return stdTools(namespace, this.std[namespace] ?? {}, { names: handleNames, find: (name) => this.declaredHandles.get(namespace)?.get(name) });
  }

  judge(): SemanticJudge {
    this.semanticJudge ??= createSemanticJudge(this.runtime(), { defaultModel: this.defaultModel });
    return this.semanticJudge;
  }

  /** A `server` declaration: registered here, started by `loom serve`, never by `loom run`. */
  server(spec: ServerSpec): void {
    this.servers.push(spec);
  }

  test(name: string, run: () => Promise<unknown>): void {
    this.tests.push({ name, run });
  }

  /** `std.NS.name(args)` (`name` dotted for `std.db.sqlite.connect`): the library function itself, whatever methods a namespace object would have. */
  callStd(namespace: string, name: string, args: readonly unknown[], named: Readonly<Record<string, unknown>> = NO_NAMED_ARGUMENTS): unknown {
    throwIfToolCancelled();
    const library = this.std[namespace];
    const implementation = library === undefined || !Object.hasOwn(library, name) ? undefined : library[name];
    if (implementation === undefined) return fail(`std.${namespace} has no function '${name}'`);
    // The common case first: positional only, nothing to bind (a database call in a loop pays for no copy).
    if (named === NO_NAMED_ARGUMENTS) return implementation(...args);
    const module = stdNamespace(namespace);
    return implementation(...bindArguments(`std.${namespace}.${name}`, args, named, module === undefined ? undefined : parameterNames(module, name)));
  }

  /**
   * `x.name(args)`: a handle's std function (`store.get("k")` is `std.kv.get(store, "k")`), an
   * agent's run, an impl method, a builtin method, or a function-valued field. Only handles
   * bind named arguments by name; elsewhere they travel as a trailing dict, as before.
   */
  callMethod(receiver: unknown, name: string, positional: readonly unknown[], named?: Readonly<Record<string, unknown>>): unknown {
    if (receiver instanceof ResourceHandle) return this.callStd(receiver.namespace, name, [receiver, ...positional], named);
    const args = named === undefined ? positional : [...positional, named];
    if (receiver instanceof AgentHandle && name === 'run') return receiver.call(args);
    if (receiver instanceof JobHandle) return this.jobs.callMethod(receiver, name, args);
    if (receiver instanceof JobQueueView) return this.jobs.callQueueMethod(name, args);
    const method = this.registry.method(receiver, name);
    if (method !== undefined) return method(receiver, ...args);
    const builtin = builtinMethod(receiver, name);
    if (builtin !== undefined) return builtin(...args);
    if (isDict(receiver)) {
      const field = receiver[name];
      if (typeof field === 'function') return (field as Callable)(...args);
    }
    return fail(`${describe(receiver)} has no method '${name}'`);
  }

  /** A call of a value that is not a declaration known at compile time (a closure in a variable). */
  call(callee: unknown, args: readonly unknown[]): unknown {
    if (typeof callee === 'function') return (callee as Callable)(...args);
    if (callee instanceof AgentHandle) return callee.call(args);
    return fail(`${describe(callee)} is not a function`);
  }

  /**
   * A pipeline stage or DAG branch: an agent, a flow or closure taking the input, or an actor
   * (`x |>> [spawn A("angle 1"), ...]`), which is passed the input and awaited.
   */
  runnable(target: unknown): Runnable {
    if (target instanceof AgentHandle) return target;
    if (target instanceof Task) {
      return {
        name: target.title,
        run: (input) => {
          passMessage(target, input);
          return target.result();
        },
      };
    }
    if (typeof target === 'function') {
      const stage = target as Callable;
      return { name: stage.name === '' ? 'closure' : stage.name, run: async (input) => stage(input) };
    }
    return fail(`${describe(target)} cannot run as a pipeline stage; use an agent or a flow`);
  }

  runnables(targets: unknown): Runnable[] {
    return Array.isArray(targets) ? targets.map((target) => this.runnable(target)) : fail(`a list of agents is needed, got ${describe(targets)}`);
  }

  /** `x || [A, B]`: starts the branches and goes on; their failures are reported on stderr. */
  fireAndForget(input: unknown, branches: readonly Runnable[]): null {
    fireAndForget(input, branches, (agent, error) => this.runtime().reportBackgroundError(agent, error));
    return null;
  }

  /** `x && [A, B, C]`: `{answers, agreed, answer}`, the majority answer (or null) with all of them. */
  async consensus(input: unknown, branches: readonly Runnable[]): Promise<Record<string, unknown>> {
    const { answers, agreed, answer } = await consensus(input, branches);
    return { answers: [...answers], agreed, answer };
  }

  /** `value ?? A : B` hands the value on: an agent or function target runs with it, another value is the result. */
  async feed(input: unknown, target: unknown): Promise<unknown> {
    if (target instanceof AgentHandle || typeof target === 'function') return this.runnable(target).run(input);
    return target;
  }

  /** `assert "claim" against subject`, judged by the weak model. */
  async assertClaim(claim: unknown, subject: unknown): Promise<void> {
    if (!(await this.judge().holds(display(claim), subject))) throw new AssertionFailure(`assertion failed: ${display(claim)}`);
  }

  /** `semantic_if "condition" [fast_match r"..."] [against x]`: the regex short-cuts the model. */
  async semanticIf(condition: string, subject: unknown, fastMatch: string | null): Promise<boolean> {
    if (fastMatch !== null && new RegExp(fastMatch).test(display(subject))) return true;
    return this.judge().holds(condition, subject);
  }

  /** The intent arm `subject` expresses, -1 for none. */
  async routeIntent(subject: unknown, intents: readonly string[]): Promise<number> {
    return (await this.judge().classify(subject, intents)) ?? -1;
  }

  private runtime(): AgentRuntime {
    this.agentRuntime ??= createAgentRuntime({
      entryFile: this.host.entryFile,
      configName: this.configName,
      env: this.host.env,
      debug: this.host.debug === false ? undefined : this.host.debug,
      stderr: this.host.stderr,
    });
    return this.agentRuntime;
  }

  private secret(name: string): string | null {
    const secrets = loadSecrets({ projectRoot: findProjectRoot(this.host.entryFile), configName: this.configName, env: this.host.env });
    return secrets.get(name) ?? null;
  }
}
