import WebSocket from 'ws';

export interface EventFrame<T = unknown> {
  type: string;
  seq: number;
  session_id: string | null;
  data: T;
}

export interface CloseStatus {
  code: number;
  reason: string;
}

export const eventsPath = '/api/v2/events';
/** Long enough for a busy 2-core machine; a frame that never comes fails the test instead. */
const frameTimeoutMs = 10_000;

/** The upgrade was answered with an HTTP status instead of 101. */
export class UpgradeRefused extends Error {
  constructor(readonly status: number) {
    super(`WebSocket upgrade refused with ${status}`);
  }
}

interface Waiter {
  matches: (frame: EventFrame) => boolean;
  resolve: (frame: EventFrame) => void;
}

/**
 * One `/api/v2/events` connection. Frames are queued in arrival order; `next` and `nextOfType`
 * consume them, so a test reads the stream the way a client would.
 */
export class EventsClient {
  /** Every frame received, in order, consumed or not. */
  readonly received: EventFrame[] = [];
  private readonly unread: EventFrame[] = [];
  private waiter: Waiter | null = null;
  private readonly observers: ((frame: EventFrame) => void)[] = [];
  readonly closed: Promise<CloseStatus>;

  private constructor(private readonly socket: WebSocket) {
    this.closed = new Promise((resolve) => socket.once('close', (code, reason) => resolve({ code, reason: reason.toString() })));
    socket.on('message', (data) => this.accept(JSON.parse(data.toString()) as EventFrame));
  }

  static connect(port: number, headers: Record<string, string> = {}): Promise<EventsClient> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(`ws://127.0.0.1:${port}${eventsPath}`, { headers });
      socket.once('open', () => resolve(new EventsClient(socket)));
      socket.once('unexpected-response', (_request, response) => {
        reject(new UpgradeRefused(response.statusCode ?? 0));
        socket.terminate();
      });
      socket.once('error', reject);
    });
  }

  /** Connects and authenticates; resolves once the snapshot (the first frame) is in. */
  static async authenticated(port: number, token: string, afterSeq?: number): Promise<{ client: EventsClient; snapshot: EventFrame }> {
    const client = await EventsClient.connect(port);
    client.sendAuth(token, afterSeq);
    const snapshot = await client.next();
    return { client, snapshot };
  }

  sendAuth(token: string, afterSeq?: number): void {
    this.send(JSON.stringify({ type: 'auth', token, ...(afterSeq === undefined ? {} : { after_seq: afterSeq }) }));
  }

  send(text: string): void {
    this.socket.send(text);
  }

  /** Calls `observer` synchronously as each frame arrives (for timing deliveries). */
  onFrame(observer: (frame: EventFrame) => void): void {
    this.observers.push(observer);
  }

  private accept(frame: EventFrame): void {
    for (const observer of this.observers) observer(frame);
    this.received.push(frame);
    if (this.waiter?.matches(frame)) {
      const { resolve } = this.waiter;
      this.waiter = null;
      resolve(frame);
      return;
    }
    this.unread.push(frame);
  }

  /** The next unread frame that satisfies `matches`; unread frames before it are skipped. */
  nextMatching<T = unknown>(matches: (frame: EventFrame) => boolean, timeoutMs = frameTimeoutMs): Promise<EventFrame<T>> {
    while (this.unread.length > 0) {
      const frame = this.unread.shift()!;
      if (matches(frame)) return Promise.resolve(frame as EventFrame<T>);
    }
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiter = null;
        reject(new Error(`no matching frame within ${timeoutMs} ms`));
      }, timeoutMs);
      this.waiter = {
        matches,
        resolve: (frame) => {
          clearTimeout(timer);
          resolve(frame as EventFrame<T>);
        },
      };
    });
  }

  next<T = unknown>(timeoutMs?: number): Promise<EventFrame<T>> {
    return this.nextMatching<T>(() => true, timeoutMs);
  }

  nextOfType<T = unknown>(type: string, timeoutMs?: number): Promise<EventFrame<T>> {
    return this.nextMatching<T>((frame) => frame.type === type, timeoutMs);
  }

  /** Stops reading from the TCP socket, so the server's sends back up like a stalled client's. */
  pauseReading(): void {
    this.socket.pause();
  }

  resumeReading(): void {
    this.socket.resume();
  }

  close(): Promise<CloseStatus> {
    // The closing handshake needs the peer's reply, which a paused socket would never read.
    if (this.socket.isPaused) this.socket.resume();
    if (this.socket.readyState === WebSocket.OPEN || this.socket.readyState === WebSocket.CONNECTING) this.socket.close();
    return this.closed;
  }
}
