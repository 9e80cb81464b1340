/**
 * The mailbox of a task (core/tasks.ts), which makes every spawned task an actor: `pass task,
 * message` leaves a message in it and `receive()`, inside the task, takes the next one, in the
 * order they were passed. It is a channel (core/channels.ts) of which the program holds only the
 * sending end, through the task. It closes when the task is awaited (whoever waits for the
 * result has nothing more to say) or has ended: a later `pass` is E702, naming why, and the
 * task's receiver, once it has taken what was passed before, reads the end of its messages.
 */
import { LoomError } from '../../errors.js';
import { closeChannel, openChannel, receive, sendOn } from './channels.js';
import type { ChannelReceiver, ChannelSender } from './channels.js';

/** What taking a message gave: the message, the time limit, or the end of the messages. */
export type MailboxReading = { readonly message: unknown } | 'timeout' | 'closed';

export class Mailbox {
  private readonly sender: ChannelSender;
  private readonly receiver: ChannelReceiver;
  private closedBecause: string | undefined;

  /** `owner` names the task in messages (`actor Worker #2`); `id` numbers its channel. */
  constructor(id: number, private readonly owner: string) {
    [this.sender, this.receiver] = openChannel(id);
  }

  post(message: unknown): void {
    if (this.closedBecause !== undefined) throw new LoomError('E702', `${this.owner} takes no more messages: ${this.closedBecause}`);
    sendOn(this.sender, message);
  }

  /** The next message, waiting for one (at most `timeoutMs` when given); cancellable like any wait of a task. */
  async take(timeoutMs?: number): Promise<MailboxReading> {
    try {
      const received = await receive([this.receiver], timeoutMs);
      return received === 'timeout' ? 'timeout' : { message: received.value };
    } catch (error) {
      // A closed, drained channel refuses with its E702: for a mailbox that is the end of its messages.
      if (this.closedBecause !== undefined && error instanceof LoomError && error.code === 'E702') return 'closed';
      throw error;
    }
  }

  /** No more messages; `reason` completes "takes no more messages: ..." (`it was awaited`). The first reason stays. */
  close(reason: string): void {
    if (this.closedBecause !== undefined) return;
    this.closedBecause = reason;
    closeChannel(this.sender);
  }
}
