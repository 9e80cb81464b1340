import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { WebFile } from './files.js';

/**
 * No inline script or style, nothing from another origin, no framing. `connect-src 'self'`
 * covers the events WebSocket of the same host and port (CSP Level 3); media and images may be
 * blob: URLs the page makes itself (recorded clips, downloads).
 */
export const workspaceContentSecurityPolicy = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "media-src 'self' blob:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

export interface WorkspaceRoutesOptions {
  files: ReadonlyMap<string, WebFile>;
}

function acceptsGzip(request: FastifyRequest): boolean {
  return /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
}

/** The web workspace's static files: served without a token (they hold no data), with strict headers. */
export async function workspaceRoutes(app: FastifyInstance, { files }: WorkspaceRoutesOptions): Promise<void> {
  const send = (file: WebFile) => async (request: FastifyRequest, reply: FastifyReply) => {
    reply
      .header('Content-Type', file.contentType)
      .header('Cache-Control', file.cacheControl)
      .header('ETag', file.etag)
      .header('Vary', 'Accept-Encoding')
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Security-Policy', workspaceContentSecurityPolicy)
      .header('X-Frame-Options', 'DENY')
      .header('Referrer-Policy', 'no-referrer')
      .header('Cross-Origin-Opener-Policy', 'same-origin');
    if (request.headers['if-none-match'] === file.etag) return reply.code(304).send();
    if (acceptsGzip(request)) return reply.header('Content-Encoding', 'gzip').send(file.gzipped());
    return reply.send(file.body);
  };
  for (const [path, file] of files) app.route({ method: ['GET', 'HEAD'], url: path, schema: { hide: true }, handler: send(file) });
}
