/**
 * The message forms of the Nexa actor chapter, for the generated code: `pass handle, message`
 * (also written `pass message to handle`) leaves a message in a task's mailbox and goes on at
 * once; `receive()` / `receive(seconds)`, run by a task's own code, takes the next message of
 * its mailbox: null when the time limit passes, or when the task has been awaited and every
 * message passed before has been taken (so a receiving loop ends). Spawning is core/tasks.ts
 * (flows) and host/agent-actor.ts (agents).
 */
import { secondsMs } from './durations.js';
import { fail } from './script-error.js';
import { currentTask, Task } from './tasks.js';
import { describe } from './values.js';

export function passMessage(target: unknown, message: unknown): null {
  if (!(target instanceof Task)) {
    return fail(`pass needs an actor started with spawn (w = spawn Worker("..."), then pass w, message), got ${describe(target)}`);
  }
  target.mailbox.post(message ?? null);
  return null;
}

export async function receiveMessage(timeoutSeconds?: unknown): Promise<unknown> {
  const task = currentTask();
  if (task === undefined) {
    return fail('receive() takes the next message of the actor it runs in, and this code is not running in one: start it with spawn, then pass it messages');
  }
  const limit = timeoutSeconds === undefined || timeoutSeconds === null ? undefined : secondsMs(timeoutSeconds, 'the time limit of receive');
  const reading = await task.mailbox.take(limit);
  return typeof reading === 'object' ? reading.message : null;
}
