import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { generateWebClientTypes, webClientTypesPath } from '../../../scripts/web-client-types.mjs';
import { ApiFailure, createLecternClient, unwrap } from '../src/api/client.js';
import { LecternProcess } from '../../lectern/test/support/lectern-process.js';

const repoRoot = new URL('../../..', import.meta.url).pathname;

describe('the typed API client', () => {
  it('is generated from the OpenAPI document Lectern produces now (the page cannot drift from the routes)', async () => {
    const regenerated = await generateWebClientTypes();
    assert.equal(readFileSync(webClientTypesPath, 'utf8'), regenerated, 'openapi.gen.ts is stale: run node scripts/build.mjs');
    if (process.env.CI) {
      // The build rewrote the file in this checkout; what matters is that the commit holds it.
      const changed = execFileSync('git', ['status', '--porcelain', '--', relative(repoRoot, webClientTypesPath)], { cwd: repoRoot, encoding: 'utf8' });
      assert.equal(changed, '', 'the committed openapi.gen.ts differs from the generated one: commit the rebuilt file');
    }
  });

  it('works from Node for a third-party tool against its own --api-only instance', async () => {
    const lectern = await LecternProcess.start({ args: ['--api-only'] });
    try {
      const client = createLecternClient(lectern.baseUrl, lectern.token);
      const session = await unwrap(client.POST('/api/v2/sessions', { body: { course_name: 'From a tool' } }));
      assert.equal(session.course_name, 'From a tool');
      const entry = await unwrap(client.POST('/api/v2/sessions/{id}/entries', { params: { path: { id: session.id } }, body: { text: 'Hello', source_id: 'tool-1' } }));
      assert.equal(entry.text, 'Hello');
      const refused = await unwrap(createLecternClient(lectern.baseUrl, 'wrong').GET('/api/v2/status')).catch((error: unknown) => error);
      assert.ok(refused instanceof ApiFailure);
      assert.deepEqual([refused.status, refused.code], [401, 'unauthorized']);
      // The built module, as a tool without a TypeScript loader imports it.
      const script = "const { createLecternClient, unwrap } = await import('@lectern/web/client');"
        + 'const api = createLecternClient(process.env.BASE, process.env.TOKEN);'
        + "console.log(JSON.stringify(await unwrap(api.GET('/api/v2/status'))));";
      const printed = execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: repoRoot, encoding: 'utf8', env: { ...process.env, BASE: lectern.baseUrl, TOKEN: lectern.token } });
      assert.equal((JSON.parse(printed) as { session: { course_name: string } }).session.course_name, 'From a tool');
      const page = await fetch(`${lectern.baseUrl}/`);
      assert.equal(page.status, 401, 'an API-only instance serves no web page');
    } finally {
      await lectern.dispose();
    }
  });
});
