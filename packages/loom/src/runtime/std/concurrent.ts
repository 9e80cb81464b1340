/**
 * `std.concurrent`, whose functions are also builtins (`spawn(f)`, `channel()`, `send(tx, v)`,
 * ...): tasks, channels, `parallel`/`race`, `after`/`schedule`, `select`. Each program has a
 * task scope of its own (core/tasks.ts), stopped when the program ends. Handlers are functions
 * (closures, flows): the docs' form naming a handler in a string is refused with a hint.
 */
import { availableParallelism } from 'node:os';
import { sleep } from '../agents/backoff.js';
import { ChannelReceiver, ChannelSender, closeChannel, openChannel, receive, sendOn, tryReceive } from '../core/channels.js';
import { durationMs } from '../core/durations.js';
import { runParallel, runRace } from '../core/races.js';
import { fail } from '../core/script-error.js';
import { Task } from '../core/tasks.js';
import type { TaskScope } from '../core/tasks.js';
import { TimerHandle } from '../core/timers.js';
import { currentToolSignal } from '../infra/tool-signal.js';
import { describe } from '../core/values.js';
import { byNameOrPosition } from './arguments.js';
import type { StdFunction, StdFunctions, StdNamespace, StdProgram } from './namespace.js';

type Handler = () => unknown;

/** The functions of this namespace a program may also call as builtins, without `std.concurrent.`. */
export const CONCURRENCY_BUILTINS = [
  'spawn', 'await_task', 'try_await', 'cancel_task', 'parallel', 'race', 'channel', 'send', 'recv', 'recv_timeout',
  'try_recv', 'close', 'select', 'after', 'schedule', 'cancel_schedule', 'sleep_ms', 'thread_count',
] as const;

function handlerOf(program: StdProgram, value: unknown, what: string): Handler {
  if (typeof value === 'string') return fail(`${what} must be a function: pass the flow '${value}' itself (or fn() { ${value}() }), not its name in a string`);
  if (typeof value !== 'function' && (typeof value !== 'object' || value === null)) return fail(`${what} must be a function, got ${describe(value)}`);
  return () => program.call(value, []);
}

function handlersOf(program: StdProgram, value: unknown, what: string): Handler[] {
  return Array.isArray(value) ? value.map((item) => handlerOf(program, item, `each branch of ${what}`)) : fail(`${what} needs a list of functions, got ${describe(value)}`);
}

function taskOf(value: unknown, what: string): Task {
  return value instanceof Task ? value : fail(`${what} needs a task (from spawn), got ${describe(value)}`);
}

function senderOf(value: unknown, what: string): ChannelSender {
  return value instanceof ChannelSender ? value : fail(`${what} needs the sending end (tx) of a channel, got ${describe(value)}`);
}

function receiverOf(value: unknown, what: string): ChannelReceiver {
  return value instanceof ChannelReceiver ? value : fail(`${what} needs the receiving end (rx) of a channel, got ${describe(value)}`);
}

function timerOf(value: unknown): TimerHandle {
  return value instanceof TimerHandle ? value : fail(`cancel_schedule needs what after() or schedule() returned, got ${describe(value)}`);
}

/** Wraps `implementation` so that it receives its arguments by name or by position. */
function taking(names: readonly string[], implementation: (...args: unknown[]) => unknown): StdFunction {
  return (...args) => implementation(...byNameOrPosition(args, names));
}

export function concurrentFunctions(program: StdProgram): StdFunctions {
  const scope: TaskScope = program.tasks;
  return {
    spawn: taking(['handler'], (handler) => scope.spawn(handlerOf(program, handler, 'spawn'))),
    await_task: taking(['task', 'timeout'], (task, timeout) => taskOf(task, 'await_task').result(timeout === undefined || timeout === null ? undefined : durationMs(timeout, 'the timeout'))),
    try_await: taking(['task'], (task) => taskOf(task, 'try_await').peek()),
    cancel_task: taking(['task'], (task) => {
      taskOf(task, 'cancel_task').cancel();
      return null;
    }),
    parallel: taking(['handlers'], (handlers) => runParallel(scope, handlersOf(program, handlers, 'parallel'))),
    race: taking(['handlers'], (handlers) => runRace(scope, handlersOf(program, handlers, 'race'))),
    channel: () => openChannel(scope.numberResource()),
    send: taking(['tx', 'value'], (tx, value) => sendOn(senderOf(tx, 'send'), value ?? null)),
    recv: taking(['rx'], async (rx) => {
      const received = await receive([receiverOf(rx, 'recv')]);
      return received === 'timeout' ? null : received.value;
    }),
    recv_timeout: taking(['rx', 'timeout'], async (rx, timeout) => {
      const received = await receive([receiverOf(rx, 'recv_timeout')], durationMs(timeout, 'the timeout'));
      return received === 'timeout' ? null : received.value;
    }),
    try_recv: taking(['rx'], (rx) => tryReceive(receiverOf(rx, 'try_recv'))),
    close: taking(['rx', 'tx'], (rx, tx) => {
      const end = rx ?? tx;
      return closeChannel(end instanceof ChannelSender ? end : receiverOf(end, 'close'));
    }),
    select: taking(['channels', 'timeout'], (channels, timeout) => select(channels, timeout)),
    after: taking(['delay', 'handler'], (delay, handler) => new TimerHandle(scope, durationMs(delay, 'the delay'), false, handlerOf(program, handler, 'after'))),
    schedule: taking(['interval', 'handler'], (interval, handler) => new TimerHandle(scope, durationMs(interval, 'the interval'), true, handlerOf(program, handler, 'schedule'))),
    cancel_schedule: taking(['schedule'], (schedule) => {
      timerOf(schedule).stop();
      return null;
    }),
    sleep_ms: taking(['ms'], async (ms) => {
      await sleep(durationMs(ms, 'sleep_ms'), currentToolSignal());
      return null;
    }),
    thread_count: () => availableParallelism(),
  };
}

/**
 * `select([rx1, rx2], timeout)`: the first message of any of the channels, as Nexa answers it:
 * `{status: "ok", channel: rx, value}`, `{status: "timeout"}` when the time passes first, and
 * `{status: "closed"}` when every channel is closed and drained.
 */
async function select(channels: unknown, timeout: unknown): Promise<Record<string, unknown>> {
  const receivers = Array.isArray(channels) && channels.length > 0 ? channels.map((rx) => receiverOf(rx, 'select')) : fail(`select needs a list of receiving ends, got ${describe(channels)}`);
  try {
    const received = await receive(receivers, timeout === undefined || timeout === null ? undefined : durationMs(timeout, 'the timeout'));
    if (received === 'timeout') return { status: 'timeout', channel: null, value: null };
    return { status: 'ok', channel: receivers[received.from], value: received.value };
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'E702') return { status: 'closed', channel: null, value: null };
    throw error;
  }
}

export const concurrentNamespace: StdNamespace = {
  create: (_env, program) => concurrentFunctions(program),
};
