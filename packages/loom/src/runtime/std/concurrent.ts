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
import type { StdFunction, StdFunctionsOf, StdNamespace, StdServices } from './namespace.js';

type Handler = () => unknown;

/** The functions of this namespace a program may also call as builtins, without `std.concurrent.`. */
export const CONCURRENCY_BUILTINS = [
  'spawn', 'await_task', 'try_await', 'cancel_task', 'parallel', 'race', 'channel', 'send', 'recv', 'recv_timeout',
  'try_recv', 'close', 'select', 'after', 'schedule', 'cancel_schedule', 'sleep_ms', 'thread_count',
] as const;

function handlerOf(program: StdServices, value: unknown, what: string): Handler {
  if (typeof value === 'string') return fail(`${what} must be a function: pass the flow '${value}' itself (or fn() { ${value}() }), not its name in a string`);
  if (typeof value !== 'function' && (typeof value !== 'object' || value === null)) return fail(`${what} must be a function, got ${describe(value)}`);
  return () => program.call(value, []);
}

function handlersOf(program: StdServices, value: unknown, what: string): Handler[] {
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

/**
 * The end of a channel that the docs' one-value spelling names: `ch = channel(10)` keeps the
 * pair `(tx, rx)` in one variable, and `ch_send(ch, v)` / `ch_recv(ch)` take the end they need.
 */
function endOf(channel: unknown, end: 0 | 1): unknown {
  return Array.isArray(channel) && channel.length === 2 ? channel[end] : channel;
}

function timerOf(value: unknown): TimerHandle {
  return value instanceof TimerHandle ? value : fail(`cancel_schedule needs what after() or schedule() returned, got ${describe(value)}`);
}

/** The documented parameter names of each function, in positional order (named arguments bind by them). */
const CONCURRENT_PARAMETERS: Readonly<Record<string, readonly string[]>> = {
  spawn: ['handler'],
  await_task: ['task', 'timeout'],
  try_await: ['task'],
  cancel_task: ['task'],
  parallel: ['handlers'],
  race: ['handlers'],
  send: ['tx', 'value'],
  recv: ['rx'],
  recv_timeout: ['rx', 'timeout'],
  try_recv: ['rx'],
  ch_send: ['ch', 'value'],
  ch_recv: ['ch'],
  join_all: ['tasks'],
  close: ['rx', 'tx'],
  select: ['channels', 'timeout'],
  after: ['delay', 'handler'],
  schedule: ['interval', 'handler'],
  cancel_schedule: ['schedule'],
  sleep_ms: ['ms'],
  channel: [],
  thread_count: [],
};

/**
 * Wraps `implementation` so that it receives its arguments by name or by position: the bare
 * builtins (`send(tx: tx, value: v)`) pass names as a trailing dict, which std calls bind first.
 */
function taking(name: string, implementation: (...args: unknown[]) => unknown): StdFunction {
  const names = CONCURRENT_PARAMETERS[name] ?? [];
  return (...args) => implementation(...byNameOrPosition(args, names));
}

export function concurrentFunctions(program: StdServices): StdFunctionsOf<'concurrent'> {
  const scope: TaskScope = program.tasks;
  return {
    spawn: taking('spawn', (handler) => scope.spawn(handlerOf(program, handler, 'spawn'))),
    await_task: taking('await_task', (task, timeout) => taskOf(task, 'await_task').result(timeout === undefined || timeout === null ? undefined : durationMs(timeout, 'the timeout'))),
    try_await: taking('try_await', (task) => taskOf(task, 'try_await').peek()),
    cancel_task: taking('cancel_task', (task) => {
      taskOf(task, 'cancel_task').cancel();
      return null;
    }),
    parallel: taking('parallel', (handlers) => runParallel(scope, handlersOf(program, handlers, 'parallel'))),
    race: taking('race', (handlers) => runRace(scope, handlersOf(program, handlers, 'race'))),
    channel: () => openChannel(scope.numberResource()),
    send: taking('send', (tx, value) => sendOn(senderOf(tx, 'send'), value ?? null)),
    recv: taking('recv', async (rx) => {
      const received = await receive([receiverOf(rx, 'recv')]);
      return received === 'timeout' ? null : received.value;
    }),
    recv_timeout: taking('recv_timeout', async (rx, timeout) => {
      const received = await receive([receiverOf(rx, 'recv_timeout')], durationMs(timeout, 'the timeout'));
      return received === 'timeout' ? null : received.value;
    }),
    try_recv: taking('try_recv', (rx) => tryReceive(receiverOf(rx, 'try_recv'))),
    // The spellings of the Nexa docs' examples (Nexa's own runtime has only send/try_recv):
    // ch_recv does not wait, so `ch_recv(ch) ?? "default"` handles an empty channel as they say.
    ch_send: taking('ch_send', (ch, value) => sendOn(senderOf(endOf(ch, 0), 'ch_send'), value ?? null)),
    ch_recv: taking('ch_recv', (ch) => tryReceive(receiverOf(endOf(ch, 1), 'ch_recv'))),
    join_all: taking('join_all', (tasks) => (Array.isArray(tasks)
      ? Promise.all(tasks.map((task) => taskOf(task, 'join_all').result()))
      : fail(`join_all needs a list of tasks (from spawn), got ${describe(tasks)}`))),
    close: taking('close', (rx, tx) => {
      const end = rx ?? tx;
      return closeChannel(end instanceof ChannelSender ? end : receiverOf(end, 'close'));
    }),
    select: taking('select', (channels, timeout) => select(channels, timeout)),
    after: taking('after', (delay, handler) => new TimerHandle(scope, durationMs(delay, 'the delay'), false, handlerOf(program, handler, 'after'))),
    schedule: taking('schedule', (interval, handler) => new TimerHandle(scope, durationMs(interval, 'the interval'), true, handlerOf(program, handler, 'schedule'))),
    cancel_schedule: taking('cancel_schedule', (schedule) => {
      timerOf(schedule).stop();
      return null;
    }),
    sleep_ms: taking('sleep_ms', async (ms) => {
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

export const concurrentNamespace: StdNamespace<'concurrent'> = {
  create: (_env, program) => concurrentFunctions(program),
  parameters: CONCURRENT_PARAMETERS,
};
