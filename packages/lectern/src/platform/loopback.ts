import { isIP } from 'node:net';

/** True for `localhost`, `*.localhost`, 127.0.0.0/8 and ::1 — the names DNS rebinding cannot claim. */
export function isLoopbackName(name: string): boolean {
  const host = name.toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (isIP(host) === 4) return host.startsWith('127.');
  if (isIP(host) === 6) return host === '::1' || host === '0:0:0:0:0:0:0:1';
  return false;
}

/** The host part of a `Host` header value (`[::1]:8080` → `::1`, `localhost:80` → `localhost`). */
export function hostOfHeader(value: string): string {
  if (value.startsWith('[')) {
    const close = value.indexOf(']');
    return close === -1 ? value : value.slice(1, close);
  }
  const colon = value.lastIndexOf(':');
  return colon === -1 ? value : value.slice(0, colon);
}
