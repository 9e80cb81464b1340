import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** How the mirror misbehaves for one file, to exercise the installer's failure paths. */
export interface MirrorFileBehaviour {
  /** Destroys the connection after this many body bytes, for the first `cutTimes` requests (all when absent). */
  cutAfterBytes?: number;
  cutTimes?: number;
  /** Sends this many body bytes, then holds the response open until `release()`. */
  holdAfterBytes?: number;
  /** Body bytes per second, sent in small slices (progress events over time). */
  bytesPerSecond?: number;
  /** Answers a redirect to this URL instead of the file. */
  redirectTo?: string;
  /** Announced as `X-Linked-Etag`, as Hugging Face does. */
  announcedSha256?: string;
}

export interface MirrorRequest {
  path: string;
  range: string | undefined;
}

export interface ModelMirror {
  /** `http://127.0.0.1:PORT` */
  baseUrl: string;
  requests: MirrorRequest[];
  serve(path: string, content: Buffer, behaviour?: MirrorFileBehaviour): void;
  /** Lets held responses finish. */
  release(): void;
  close(): Promise<void>;
}

export const sha256Of = (content: Buffer): string => createHash('sha256').update(content).digest('hex');

/** Deterministic bytes of a given length (random enough that a wrong offset changes the hash). */
export function fileOf(bytes: number, seed = 1): Buffer {
  const content = Buffer.alloc(bytes);
  let state = seed >>> 0 || 1;
  for (let i = 0; i < bytes; i++) {
    state = (state * 1103515245 + 12345) >>> 0;
    content[i] = state >>> 24;
  }
  return content;
}

/**
 * The loopback mirror of the model tests: serves the files a test made, with HTTP Range
 * support (206 + Content-Range, 416 past the end), and misbehaves on request.
 */
export async function startModelMirror(): Promise<ModelMirror> {
  const files = new Map<string, { content: Buffer; behaviour: MirrorFileBehaviour; requestCount: number }>();
  const held = new Set<() => void>();
  const requests: MirrorRequest[] = [];

  async function answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const path = new URL(request.url ?? '/', 'http://mirror').pathname;
    requests.push({ path, range: request.headers.range });
    const file = files.get(path);
    if (!file) return void response.writeHead(404).end();
    const { content, behaviour } = file;
    file.requestCount++;
    if (behaviour.redirectTo) return void response.writeHead(302, { location: behaviour.redirectTo }).end();
    const headers: Record<string, string | number> = { 'content-type': 'application/octet-stream', 'accept-ranges': 'bytes' };
    if (behaviour.announcedSha256) headers['x-linked-etag'] = `"${behaviour.announcedSha256}"`;
    let start = 0;
    const range = /^bytes=(\d+)-$/.exec(request.headers.range ?? '');
    if (range) {
      start = Number(range[1]);
      if (start >= content.length) return void response.writeHead(416, { ...headers, 'content-range': `bytes */${content.length}` }).end();
      response.writeHead(206, { ...headers, 'content-range': `bytes ${start}-${content.length - 1}/${content.length}`, 'content-length': content.length - start });
    } else {
      response.writeHead(200, { ...headers, 'content-length': content.length });
    }
    const body = content.subarray(start);
    const cuts = behaviour.cutAfterBytes !== undefined && (behaviour.cutTimes === undefined || file.requestCount <= behaviour.cutTimes);
    const limit = cuts ? Math.min(behaviour.cutAfterBytes ?? 0, body.length) : body.length;
    const holdAt = behaviour.holdAfterBytes ?? Infinity;
    const slice = behaviour.bytesPerSecond ? Math.max(1, Math.floor(behaviour.bytesPerSecond / 50)) : 64 * 1024;
    let sent = 0;
    while (sent < limit) {
      if (sent >= holdAt) {
        await new Promise<void>((resolve) => {
          held.add(resolve);
          response.once('close', resolve);
        });
        if (response.destroyed) return;
      }
      const next = Math.min(limit, sent + slice, sent < holdAt ? holdAt : Infinity);
      const flushed = response.write(body.subarray(sent, next));
      sent = next;
      if (behaviour.bytesPerSecond) await new Promise((resolve) => setTimeout(resolve, 20));
      else if (!flushed) await new Promise((resolve) => response.once('drain', resolve));
      if (response.destroyed) return;
    }
    if (cuts) {
      // Closes the connection once the bytes written so far are flushed, short of Content-Length.
      response.socket?.end();
      return;
    }
    response.end();
  }

  const release = () => {
    for (const resolve of held) resolve();
    held.clear();
  };
  const server: Server = createServer((request, response) => void answer(request, response).catch(() => response.destroy()));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    serve(path, content, behaviour = {}) {
      files.set(path, { content, behaviour, requestCount: 0 });
    },
    release,
    async close() {
      release();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
