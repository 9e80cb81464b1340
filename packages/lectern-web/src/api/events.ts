import type { EventFrame } from './client.js';

export type ConnectionState = 'connecting' | 'connected' | 'disconnected';

export interface EventStreamOptions {
  /** `ws://host:port/api/v2/events` */
  url: string;
  token: string;
  onFrame: (frame: EventFrame) => void;
  onState: (state: ConnectionState) => void;
  /**
   * Called when what the page holds may be stale: after every (re)connection's snapshot, and on
   * `resync_required`. The page then re-reads state over HTTP, as the contract asks.
   */
  onResync: () => void;
  /** The server refused the token (a restart with a new token): retrying cannot help. */
  onUnauthorized: () => void;
}

/** Reconnect back-off: quick at first (a restart takes about a second), then every few seconds. */
const retryDelaysMs = [250, 500, 1000, 2000, 4000];
/** A ping this often keeps idle connections alive and notices a dead one. */
const pingIntervalMs = 20_000;
/** The close code the server uses for a refused auth message (RFC 6455 policy violation). */
const policyViolationCode = 1008;

/**
 * The events WebSocket with the contract's client side: authenticate with the first message,
 * ask for a replay from the last `seq` seen, and reconnect by itself with back-off.
 */
export class EventStream {
  private socket: WebSocket | null = null;
  private lastSeq: number | null = null;
  private attempt = 0;
  private pingTimer: ReturnType<typeof setInterval> | null = null;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private closedByUser = false;
  private authenticated = false;

  constructor(private readonly options: EventStreamOptions) {}

  open(): void {
    this.closedByUser = false;
    this.connect();
  }

  close(): void {
    this.closedByUser = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.stopPing();
    this.socket?.close();
  }

  private connect(): void {
    this.options.onState('connecting');
    const socket = new WebSocket(this.options.url);
    this.socket = socket;
    socket.onopen = () => {
      socket.send(JSON.stringify({ type: 'auth', token: this.options.token, ...(this.lastSeq === null ? {} : { after_seq: this.lastSeq }) }));
    };
    // A failed connection is reported again by onclose, which retries; nothing to do here (and
    // Node's ws, used by the tests, throws an error event nobody listens to).
    socket.onerror = () => undefined;
    socket.onmessage = (message: MessageEvent<string>) => this.accept(JSON.parse(message.data) as EventFrame);
    this.authenticated = false;
    socket.onclose = (event: CloseEvent) => {
      this.stopPing();
      if (this.socket !== socket) return;
      this.socket = null;
      if (event.code === policyViolationCode && !this.authenticated) {
        this.options.onUnauthorized();
        return;
      }
      this.options.onState('disconnected');
      if (!this.closedByUser) this.scheduleRetry();
    };
  }

  private accept(frame: EventFrame): void {
    if (typeof frame.seq === 'number') {
      // A restarted server counts from zero again: a smaller seq than ours means a new process.
      this.lastSeq = frame.seq;
    }
    if (frame.type === 'snapshot') {
      this.attempt = 0;
      this.authenticated = true;
      this.options.onState('connected');
      this.startPing();
      this.options.onFrame(frame);
      this.options.onResync();
      return;
    }
    if (frame.type === 'resync_required') {
      this.options.onResync();
      return;
    }
    this.options.onFrame(frame);
  }

  private scheduleRetry(): void {
    const delay = retryDelaysMs[Math.min(this.attempt, retryDelaysMs.length - 1)] ?? 4000;
    this.attempt += 1;
    this.retryTimer = setTimeout(() => this.connect(), delay);
  }

  private startPing(): void {
    this.stopPing();
    this.pingTimer = setInterval(() => this.socket?.send('ping'), pingIntervalMs);
  }

  private stopPing(): void {
    if (this.pingTimer) clearInterval(this.pingTimer);
    this.pingTimer = null;
  }
}
