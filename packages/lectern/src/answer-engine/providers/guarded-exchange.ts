import { request as httpRequest, type ClientRequest, type IncomingMessage, type OutgoingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { ProviderError } from './provider-error.js';

/**
 * Certificate verification failures as node reports them. They get a message of their own:
 * the fix is the address or the provider's certificate, not the network.
 */
const CERTIFICATE_ERROR_CODES: ReadonlySet<string> = new Set([
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'CERT_REVOKED',
  'CERT_UNTRUSTED',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'ERR_TLS_CERT_ALTNAME_INVALID',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
]);

export interface ExchangeOptions {
  url: URL;
  headers: OutgoingHttpHeaders;
  body: string;
  /** Cancellation by the user: the exchange stops and its reason is what the caller throws. */
  signal: AbortSignal;
  /** One deadline for everything: connecting, waiting, and reading the whole body. */
  timeoutMs: number;
  /** Time allowed to resolve the host and open the TCP connection. */
  connectTimeoutMs: number;
}

/**
 * One HTTP POST guarded by a connect timeout, an overall deadline and a cancellation signal.
 * Whichever guard fires first tears the connection down; `explain` then turns the resulting
 * socket error into that guard's reason, so callers see `timeout` or the abort reason, never
 * "socket hang up". Built on node:http(s) directly: it follows no redirects and reads no proxy
 * settings from the environment, both of which the contract forbids.
 */
export class GuardedExchange {
  /** Resolves with the response head; rejects when the exchange fails before it. */
  readonly response: Promise<IncomingMessage>;
  readonly #request: ClientRequest;
  readonly #signal: AbortSignal;
  readonly #deadline: NodeJS.Timeout;
  #connectTimer: NodeJS.Timeout | undefined;
  #responded = false;
  #interruption: { reason: unknown } | null = null;

  constructor(options: ExchangeOptions) {
    const send = options.url.protocol === 'https:' ? httpsRequest : httpRequest;
    // agent: false opens a fresh connection per call: a pooled keep-alive socket that the
    // provider has quietly closed would fail the call, and failed calls are never retried.
    this.#request = send(options.url, { method: 'POST', headers: options.headers, agent: false });
    this.response = new Promise((resolve, reject) => {
      this.#request.once('response', (response: IncomingMessage) => {
        this.#responded = true;
        // Read errors reach the caller through the body's async iterator; this listener only
        // keeps one raised between two reads from becoming an uncaught exception.
        response.on('error', () => undefined);
        resolve(response);
      });
      this.#request.on('error', reject);
    });
    this.#request.once('socket', (socket) => {
      if (!socket.connecting) return;
      this.#connectTimer = setTimeout(() => {
        const limit = inSeconds(options.connectTimeoutMs);
        this.#interrupt(new ProviderError('connection_failed', `Could not connect to the provider within ${limit}`));
      }, options.connectTimeoutMs);
      socket.once('connect', () => clearTimeout(this.#connectTimer));
    });
    this.#deadline = setTimeout(() => {
      this.#interrupt(new ProviderError('timeout', `The provider did not finish answering within ${inSeconds(options.timeoutMs)}`));
    }, options.timeoutMs);
    this.#signal = options.signal;
    this.#signal.addEventListener('abort', this.#onAbort, { once: true });
    this.#request.end(options.body);
    // A listener added to an already aborted signal never fires.
    if (this.#signal.aborted) this.#onAbort();
  }

  /**
   * Throws once a guard has fired, even if every byte had already arrived: a cancelled or
   * overdue call must not go on yielding what is still buffered.
   */
  throwIfInterrupted(): void {
    if (this.#interruption !== null) throw this.#interruption.reason;
  }

  /** What the caller should throw for an error raised while this exchange ran. */
  explain(error: unknown): unknown {
    if (this.#interruption !== null) return this.#interruption.reason;
    if (error instanceof ProviderError) return error;
    if (isCertificateError(error)) {
      return new ProviderError('connection_failed', "The provider's TLS certificate could not be verified; check the base URL");
    }
    return this.#responded
      ? new ProviderError('connection_failed', 'The connection to the provider broke off in the middle of the answer')
      : new ProviderError('connection_failed', 'Could not connect to the provider; check the base URL and the network');
  }

  /** Stops the guards and releases the connection; safe to call more than once. */
  close(): void {
    clearTimeout(this.#deadline);
    clearTimeout(this.#connectTimer);
    this.#signal.removeEventListener('abort', this.#onAbort);
    this.#request.destroy();
  }

  readonly #onAbort = (): void => {
    this.#interrupt(this.#signal.reason);
  };

  #interrupt(reason: unknown): void {
    if (this.#interruption !== null) return;
    this.#interruption = { reason };
    this.close();
  }
}

function isCertificateError(error: unknown): boolean {
  const code = error instanceof Error ? (error as NodeJS.ErrnoException).code : undefined;
  return code !== undefined && CERTIFICATE_ERROR_CODES.has(code);
}

function inSeconds(milliseconds: number): string {
  return `${Math.round(milliseconds / 100) / 10} s`;
}
