import { createLecternClient, failureOf, type LecternClient } from '../api/client.js';

/**
 * Lectern's API as the page's controllers reach it: the typed client for what the OpenAPI
 * document describes, and a bearer-token `fetch` for what the client cannot do (file
 * downloads, multipart posts).
 */
export class Backend {
  readonly api: LecternClient;

  constructor(
    readonly baseUrl: string,
    readonly token: string,
  ) {
    this.api = createLecternClient(baseUrl, token);
  }

  url(path: string): string {
    return `${this.baseUrl}${path}`;
  }

  /** `fetch` with the bearer token; `init` brings no headers of its own (the token's is the only one). */
  fetch(path: string, init: Omit<RequestInit, 'headers'> = {}): Promise<Response> {
    return fetch(this.url(path), { ...init, headers: { authorization: `Bearer ${this.token}` } });
  }
}

/** Throws the API's error (its code and message, when the body has them) for a refused answer. */
export async function ensureOk(response: Response): Promise<void> {
  if (!response.ok) throw failureOf(response, await response.json().catch(() => null));
}
