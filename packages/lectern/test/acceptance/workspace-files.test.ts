import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { request } from 'node:http';
import type { LecternClient } from '../support/http-client.js';
import { useLectern } from '../support/lectern-fixture.js';
import type { LecternProcess } from '../support/lectern-process.js';

/** A GET without fetch's automatic decompression, to see the bytes and headers as sent. */
function rawGet(port: number, path: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const outgoing = request({ host: '127.0.0.1', port, path, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

describe('the web workspace files', () => {
  let lectern: LecternProcess;
  let client: LecternClient;
  useLectern((started, startedClient) => {
    lectern = started;
    client = startedClient;
  });

  it('serves the page without a token, with a strict CSP, nosniff and no framing, revalidated by ETag', async () => {
    const page = await rawGet(lectern.port, '/');
    assert.equal(page.status, 200);
    assert.equal(page.headers['content-type'], 'text/html; charset=utf-8');
    const csp = String(page.headers['content-security-policy']);
    for (const directive of ["default-src 'none'", "script-src 'self'", "style-src 'self'", "connect-src 'self'", "frame-ancestors 'none'"]) assert.ok(csp.includes(directive), directive);
    assert.doesNotMatch(csp, /unsafe|https?:|\*/);
    assert.equal(page.headers['x-content-type-options'], 'nosniff');
    assert.equal(page.headers['x-frame-options'], 'DENY');
    assert.equal(page.headers['cache-control'], 'no-cache');
    const html = page.body.toString('utf8');
    assert.doesNotMatch(html, /<script>|<script [^>]*>[^<]|\son[a-z]+=|style=/i, 'no inline script, handler or style');
    assert.ok(!html.includes(lectern.token));
    const again = await rawGet(lectern.port, '/', { 'if-none-match': String(page.headers.etag) });
    assert.equal(again.status, 304);
  });

  it('serves hashed assets gzipped and cached for good, and nothing else without the token', async () => {
    const html = (await rawGet(lectern.port, '/')).body.toString('utf8');
    const script = /src="(\/assets\/app-[A-Z0-9]+\.js)"/.exec(html)?.[1];
    assert.ok(script, 'the page names its script');
    const asset = await rawGet(lectern.port, script, { 'accept-encoding': 'gzip' });
    assert.equal(asset.status, 200);
    assert.equal(asset.headers['content-encoding'], 'gzip');
    assert.equal(asset.headers['cache-control'], 'public, max-age=31536000, immutable');
    assert.equal(asset.headers['content-type'], 'text/javascript; charset=utf-8');
    assert.ok(asset.body.length < 150 * 1024, `${asset.body.length} bytes gzipped`);
    const plain = await rawGet(lectern.port, script);
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.ok(plain.body.length > asset.body.length);
    for (const path of ['/assets/missing.js', '/index.html', '/assets/']) {
      assert.equal((await client.withToken(null).get(path)).status, 401, path);
    }
  });
});
