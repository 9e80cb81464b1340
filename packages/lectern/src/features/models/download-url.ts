import { isLoopbackUrl } from '../../platform/endpoint-url.js';

/**
 * Where a manifest file is fetched from: its own URL, or the same path under the mirror the
 * settings name (`models.mirror_url`, already normalised: no trailing slash, query or
 * fragment). A mirror with a path prefix keeps it: `https://m.example/hf` + `/Qwen/...`.
 */
export function downloadUrlOf(manifestUrl: string, mirrorUrl: string | null): URL {
  const original = new URL(manifestUrl);
  if (mirrorUrl === null) return original;
  const mirror = new URL(mirrorUrl);
  const prefix = mirror.pathname.replace(/\/+$/, '');
  return new URL(`${mirror.protocol}//${mirror.host}${prefix}${original.pathname}${original.search}`);
}

/**
 * Models travel over HTTPS; plain http only to this machine (a developer's or a test's mirror).
 * Returns why a URL is refused, or null. Never repeats the URL, which may carry a token.
 */
export function refusalOf(url: URL): string | null {
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:' && isLoopbackUrl(url)) return null;
  return 'model downloads use https (plain http only to this machine)';
}

/** Redirects may only lead to https, whatever the first URL was. */
export function redirectRefusalOf(url: URL): string | null {
  return url.protocol === 'https:' ? null : 'the server redirected to a non-https address';
}
