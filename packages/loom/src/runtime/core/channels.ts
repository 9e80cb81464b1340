/**
 * Channels (`let (tx, rx) = channel()`): a buffered queue with a sending and a receiving end.
 * Closing either end closes the channel: later sends raise E702; receivers first drain what
 * was sent before, then a receive raises E702 (`try_recv` answers null instead, so it never
 * blocks or raises). Waiting receivers give up when the code they belong to is cancelled.
 */
import { LoomError } from '../../errors.js';
import { currentToolSignal } from '../infra/tool-signal.js';

interface Waiter {
  readonly deliver: (value: unknown) => void;
  readonly refuse: (error: unknown) => void;
}

class Channel {
  private readonly buffer: unknown[] = [];
  private readonly receivers: Waiter[] = [];
  private closed = false;

  constructor(readonly id: number) {}

  get isClosed(): boolean {
    return this.closed;
  }

  send(value: unknown): void {
    if (this.closed) throw new LoomError('E702', `channel #${this.id} is closed: cannot send`);
    const receiver = this.receivers.shift();
    if (receiver === undefined) this.buffer.push(value);
    else receiver.deliver(value);
  }

  /** A message already sent, if there is one. */
  take(): { readonly value: unknown } | undefined {
    return this.buffer.length > 0 ? { value: this.buffer.shift() } : undefined;
  }

  closedError(): LoomError {
    return new LoomError('E702', `channel #${this.id} is closed and has no messages left`);
  }

  /** Registers a receiver for the next message; the returned function withdraws it. */
  wait(waiter: Waiter): () => void {
    this.receivers.push(waiter);
    return () => {
      const index = this.receivers.indexOf(waiter);
      if (index >= 0) this.receivers.splice(index, 1);
    };
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    for (const receiver of this.receivers.splice(0)) receiver.refuse(this.closedError());
  }
}

export class ChannelSender {
  constructor(readonly channel: Channel) {}

  loomDisplay(): string {
    return `Sender(#${this.channel.id})`;
  }
}

export class ChannelReceiver {
  constructor(readonly channel: Channel) {}

  loomDisplay(): string {
    return `Receiver(#${this.channel.id})`;
  }
}

/** `channel()`: the two ends, as a list so both `let (tx, rx)` and `let [tx, rx]` destructure it. */
export function openChannel(id: number): [ChannelSender, ChannelReceiver] {
  const channel = new Channel(id);
  return [new ChannelSender(channel), new ChannelReceiver(channel)];
}

/** What a wait for messages ended with: a message, or the time limit. */
export type Received = { readonly from: number; readonly value: unknown } | 'timeout';

/**
 * Waits for the first message on any of `receivers` (index `from`), at most `timeoutMs` when
 * given. A closed, drained receiver is passed over while another may still deliver; when none
 * can, the E702 of the first is raised.
 */
export function receive(receivers: readonly ChannelReceiver[], timeoutMs?: number): Promise<Received> {
  for (const [from, receiver] of receivers.entries()) {
    const message = receiver.channel.take();
    if (message !== undefined) return Promise.resolve({ from, value: message.value });
  }
  const open = receivers.filter((receiver) => !receiver.channel.isClosed);
  if (open.length === 0) return Promise.reject(receivers[0].channel.closedError());
  const signal = currentToolSignal();
  return new Promise<Received>((resolve, reject) => {
    const withdrawals: (() => void)[] = [];
    let timer: NodeJS.Timeout | undefined;
    let closedCount = receivers.length - open.length;
    const finish = (): void => {
      for (const withdraw of withdrawals) withdraw();
      if (timer !== undefined) clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    };
    const onAbort = (): void => {
      finish();
      reject(signal?.reason);
    };
    for (const [from, receiver] of receivers.entries()) {
      if (receiver.channel.isClosed) continue;
      withdrawals.push(receiver.channel.wait({
        deliver: (value) => {
          finish();
          resolve({ from, value });
        },
        refuse: (error) => {
          closedCount += 1;
          if (closedCount < receivers.length) return;
          finish();
          reject(error);
        },
      }));
    }
    if (timeoutMs !== undefined) {
      timer = setTimeout(() => {
        finish();
        resolve('timeout');
      }, timeoutMs);
    }
    if (signal?.aborted === true) onAbort();
    else signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** `try_recv`: a message already sent, else null; never waits and never raises. */
export function tryReceive(receiver: ChannelReceiver): unknown {
  return receiver.channel.take()?.value ?? null;
}

export function closeChannel(end: ChannelSender | ChannelReceiver): null {
  end.channel.close();
  return null;
}

export function sendOn(sender: ChannelSender, value: unknown): null {
  sender.channel.send(value);
  return null;
}
