import { isLoopbackName } from '../../platform/loopback.js';
import { settingsLimits } from './defaults.js';

/** Why a value was refused, in words that never repeat the value. */
export interface RuleViolation {
  msg: string;
  type: string;
}

export const isViolation = (result: unknown): result is RuleViolation =>
  typeof result === 'object' && result !== null && 'msg' in result;

/**
 * An endpoint Lectern will send requests (and a key) to: https anywhere, plain http only to a
 * loopback host, where nothing crosses the network. User info would put a secret in a
 * setting; a query or fragment would be silently mangled when paths are appended. Returns the
 * URL without trailing slashes, so `base_url + "/chat/completions"` is always well formed.
 */
export function normaliseEndpointUrl(raw: string): string | RuleViolation {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { msg: 'must be an absolute URL', type: 'url' };
  }
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const secure = url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackName(host));
  if (!secure) return { msg: 'must use https (http only for a loopback host)', type: 'url_scheme' };
  if (url.username !== '' || url.password !== '') return { msg: 'must not contain user information', type: 'url_userinfo' };
  if (raw.includes('?') || raw.includes('#')) return { msg: 'must not have a query or fragment', type: 'url_query' };
  return url.href.replace(/\/+$/, '');
}

/** Browsers send `Origin` as exactly `scheme://host[:port]` in lower case; anything else could never match. */
export function checkOrigin(raw: string): RuleViolation | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { msg: 'must be an origin such as https://example.org', type: 'origin' };
  }
  return `${url.protocol}//${url.host}` === raw ? null : { msg: 'must be exactly scheme://host[:port], lower case, without a path', type: 'origin' };
}

/** Blanks dropped and duplicates (ignoring case, as matching does) removed, first spelling kept. Items arrive trimmed. */
export function cleanList(items: readonly string[]): string[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const key = item.toLowerCase();
    if (item === '' || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export function checkAppearanceSize(appearance: Record<string, unknown>): RuleViolation | null {
  const bytes = Buffer.byteLength(JSON.stringify(appearance));
  return bytes <= settingsLimits.appearanceMaxBytes
    ? null
    : { msg: `must be at most ${settingsLimits.appearanceMaxBytes} bytes as JSON`, type: 'maxBytes' };
}
