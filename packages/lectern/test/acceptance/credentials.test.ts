import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { secretKeyFileName } from '../../src/features/credentials/crypto.js';
import { LecternClient, type ApiResponse } from '../support/http-client.js';
import { createTempDataDir, LecternProcess, removeTempDataDir } from '../support/lectern-process.js';

const storedSecret = 'sk-ACCEPTANCE-stored-secret-0c7e19';
const environmentSecret = 'sk-ACCEPTANCE-environment-secret-d24f';
/** The harness keeps only the last 16 KiB of stderr; this run stays well below it (checked). */
const firstRequestLogMarker = '"reqId":"req-1"';

interface CredentialItem {
  name: string;
  configured: boolean;
  read_only: boolean;
  updated_at: string | null;
}

/** Credentials through the real CLI, with every request logged, and the data dir inspected afterwards. */
describe('credentials (acceptance)', () => {
  const dataDir = createTempDataDir();
  let lectern: LecternProcess;
  let client: LecternClient;
  const responses: ApiResponse<unknown>[] = [];

  async function call<T>(method: string, name: string | null, body?: unknown): Promise<ApiResponse<T>> {
    const response = await client.request<T>(method, `/api/v2/credentials${name === null ? '' : `/${name}`}`, { body });
    responses.push(response);
    return response;
  }

  before(async () => {
    lectern = await LecternProcess.start({ dataDir, env: { LECTERN_LOG_LEVEL: 'trace', LECTERN_SEED_API_KEY: environmentSecret } });
    client = new LecternClient(lectern.baseUrl, lectern.token);
  });
  after(async () => {
    await lectern.stop();
    removeTempDataDir(dataDir);
  });

  it('stores a value write-only and lists every credential without values', async () => {
    assert.deepEqual((await call('PUT', 'llm', { value: storedSecret })).body, { name: 'llm', configured: true });
    const list = await call<{ items: CredentialItem[] }>('GET', null);
    assert.equal(list.status, 200);
    const byName = new Map(list.body.items.map((item) => [item.name, item]));
    assert.deepEqual([...byName.keys()], ['llm', 'asr', 'dashscope', 'seed_app', 'seed_access', 'seed_api']);
    assert.equal(byName.get('llm')?.configured, true);
    assert.equal(typeof byName.get('llm')?.updated_at, 'string');
    assert.deepEqual(byName.get('seed_api'), { name: 'seed_api', configured: true, read_only: true, updated_at: null });
    assert.deepEqual(byName.get('asr'), { name: 'asr', configured: false, read_only: false, updated_at: null });
  });

  it('keeps the key file private to the user', () => {
    assert.equal(statSync(join(dataDir, secretKeyFileName)).mode & 0o777, 0o600);
  });

  it('answers 409 for an environment-provided credential, 404 for an unknown name', async () => {
    assert.equal((await call('PUT', 'seed_api', { value: storedSecret })).status, 409);
    assert.equal((await call('DELETE', 'seed_api')).status, 409);
    assert.equal((await call('PUT', 'openai', { value: storedSecret })).status, 404);
  });

  it('validates the value (1..8192 after trimming) without echoing it', async () => {
    for (const value of ['   ', `${storedSecret}${'x'.repeat(8192)}`]) {
      const response = await call<{ error: string }>('PUT', 'asr', { value });
      assert.equal(response.status, 422);
      assert.equal(response.body.error, 'invalid_request');
    }
    assert.equal((await call('PUT', 'asr', { value: storedSecret, note: 'x' })).status, 422);
    assert.equal((await call('PUT', 'asr', {})).status, 422);
  });

  it('deletes idempotently', async () => {
    for (let attempt = 0; attempt < 2; attempt++) {
      assert.deepEqual((await call('DELETE', 'llm')).body, { name: 'llm', configured: false });
    }
    assert.equal((await call('PUT', 'llm', { value: storedSecret })).status, 200);
  });

  it('never shows a value in a response, the log, or a data file', async () => {
    for (const response of responses) {
      assert.ok(!response.text.includes(storedSecret), response.text);
      assert.ok(!response.text.includes(environmentSecret), response.text);
    }
    await lectern.stop();
    const log = lectern.stderrTail;
    assert.ok(log.includes(firstRequestLogMarker), 'the captured log starts at the first request');
    assert.ok(!log.includes(storedSecret));
    assert.ok(!log.includes(environmentSecret));
    for (const file of readdirSync(dataDir)) {
      const bytes = readFileSync(join(dataDir, file));
      assert.ok(!bytes.includes(storedSecret) && !bytes.includes(environmentSecret), file);
    }
  });
});
