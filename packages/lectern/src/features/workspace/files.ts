import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { gzipSync } from 'node:zlib';

export interface WebFile {
  body: Buffer;
  /**
   * The same bytes gzipped, sent to browsers that accept it (every one does). Compressed on the
   * first request that asks, not at start: level 9 over the page's script cost the ready line
   * about 10-30 ms on a 2-core machine, and an API-only host never asks.
   */
  gzipped: () => Buffer;
  etag: string;
  contentType: string;
  cacheControl: string;
}

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};

/** Asset names carry a hash of their content: a name never changes meaning, so cache it for good. */
const assetCacheControl = 'public, max-age=31536000, immutable';
/** The page names the current assets: always revalidate it (cheap, with its ETag). */
const pageCacheControl = 'no-cache';

function webFile(path: string, cacheControl: string): WebFile {
  const body = readFileSync(path);
  let gzipped: Buffer | undefined;
  return {
    body,
    gzipped: () => (gzipped ??= gzipSync(body, { level: 9 })),
    etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
    contentType: contentTypes[extname(path)] ?? 'application/octet-stream',
    cacheControl,
  };
}

/**
 * The built web workspace (packages/lectern-web/dist), read into memory once at start: a few
 * hundred KB, so no request touches the disk. Null when the page was not built, in which case
 * Lectern serves the API alone.
 */
export function loadWebFiles(root: string): ReadonlyMap<string, WebFile> | null {
  const index = join(root, 'index.html');
  if (!existsSync(index)) return null;
  const files = new Map<string, WebFile>([['/', webFile(index, pageCacheControl)]]);
  const assets = join(root, 'assets');
  for (const name of existsSync(assets) ? readdirSync(assets) : []) {
    if (contentTypes[extname(name)] !== undefined) files.set(`/assets/${name}`, webFile(join(assets, name), assetCacheControl));
  }
  return files;
}
