import { isLoopbackName } from './loopback.js';

/**
 * True when `origin` is this instance itself: plain http, a loopback name, and the port the
 * request arrived on. A page Lectern serves is such an origin, so it needs no entry in the
 * allow-list; another local server (another port) and any DNS name are not.
 */
export function isOwnOrigin(origin: string, localPort: number | undefined): boolean {
  if (localPort === undefined) return false;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  const hostname = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  const port = url.port === '' ? 80 : Number(url.port);
  return url.protocol === 'http:' && url.origin === origin && isLoopbackName(hostname) && port === localPort;
}
