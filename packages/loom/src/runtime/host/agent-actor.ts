/**
 * `spawn Agent(message)`: the agent as an actor, a task of the program (core/tasks.ts) that
 * answers its initial message and then each message passed to it, one after another in the
 * order passed, as turns of one conversation of its own (its state: the agent's other calls
 * neither see it nor add to it; `max_history_turns` bounds it). It keeps waiting for messages
 * until it is awaited; then it answers what was passed before and ends, and `await` gives its
 * last answer (null if it was never given a message). A failed answer fails the actor, and
 * `await` raises that failure; cancelling the actor (its time limit, the program's end)
 * stops the request in flight.
 */
import { joinRunArguments } from '../agents/agent.js';
import { sessionMemory } from '../agents/memory.js';
import type { Task, TaskScope } from '../core/tasks.js';
import type { AgentHandle } from './agent-handle.js';

export function spawnAgentActor(scope: TaskScope, agent: AgentHandle, args: readonly unknown[]): Task {
  return scope.spawn(async (task) => {
    const memory = sessionMemory(agent.spec.max_history_turns);
    let answer: unknown = null;
    // `spawn Worker()` starts with no message: the actor waits for the first one passed.
    if (args.length > 0) answer = await agent.run(args.length === 1 ? args[0] : joinRunArguments(args), { memory });
    for (;;) {
      const reading = await task.mailbox.take();
      if (reading === 'closed') return answer;
      if (reading !== 'timeout') answer = await agent.run(reading.message, { memory });
    }
  }, agent.name);
}
