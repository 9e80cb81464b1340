import { isLoopbackName } from './loopback.js';

export type InvalidBaseUrlReason = 'not_a_url' | 'unsupported_scheme' | 'insecure_http' | 'userinfo' | 'query' | 'fragment';

/** A provider base URL the contract does not allow. The message never repeats the URL (it may hold a secret). */
export class InvalidBaseUrlError extends Error {
  constructor(
    readonly reason: InvalidBaseUrlReason,
    message: string,
  ) {
    super(message);
    this.name = 'InvalidBaseUrlError';
  }
}

/** True when the URL names this machine, the only place plain HTTP may go. */
export function isLoopbackUrl(url: URL): boolean {
  // WHATWG keeps the brackets of an IPv6 hostname ("[::1]").
  return isLoopbackName(url.hostname.replace(/^\[(.*)\]$/, '$1'));
}

/**
 * The provider base URL as stored: https, or http for loopback hosts only; no userinfo, query
 * or fragment; trailing slashes stripped so `base + '/chat/completions'` is well formed.
 */
export function normaliseBaseUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new InvalidBaseUrlError('not_a_url', 'The base URL is not a valid absolute URL');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new InvalidBaseUrlError('unsupported_scheme', 'The base URL must start with https://');
  }
  if (url.protocol === 'http:' && !isLoopbackUrl(url)) {
    throw new InvalidBaseUrlError('insecure_http', 'Plain http:// is allowed only for this machine (localhost, 127.0.0.1, ::1); use https://');
  }
  if (url.username !== '' || url.password !== '') {
    throw new InvalidBaseUrlError('userinfo', 'The base URL must not contain a user name or password; store the key as the llm credential');
  }
  // The parser drops an empty "?" or "#", so look at the raw text as well.
  if (url.search !== '' || raw.includes('?')) {
    throw new InvalidBaseUrlError('query', 'The base URL must not contain a query string');
  }
  if (url.hash !== '' || raw.includes('#')) {
    throw new InvalidBaseUrlError('fragment', 'The base URL must not contain a fragment');
  }
  return `${url.protocol}//${url.host}${url.pathname.replace(/\/+$/, '')}`;
}
