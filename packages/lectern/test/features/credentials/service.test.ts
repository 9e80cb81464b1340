import { afterEach, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, type Db } from '../../../src/platform/db.js';
import { ApiError } from '../../../src/platform/errors.js';
import { secretKeyFileName } from '../../../src/features/credentials/crypto.js';
import { credentialNames } from '../../../src/features/credentials/schemas.js';
import { createCredentialService, type CredentialService } from '../../../src/features/credentials/service.js';
import { createCredentialStore } from '../../../src/features/credentials/store.js';

const secret = 'sk-proj-CLEARTEXT-must-never-appear-4b1d';

function rejectsWith(status: number, code: string): (error: unknown) => boolean {
  return (error) => error instanceof ApiError && error.status === status && error.code === code;
}

describe('credential service', () => {
  let dataDir: string;
  let db: Db;
  let credentials: CredentialService;
  const open = (env: NodeJS.ProcessEnv = {}): CredentialService => createCredentialService(createCredentialStore(db), dataDir, env);

  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'lectern-credentials-'));
    db = openDatabase(dataDir);
    credentials = open();
  });
  afterEach(() => {
    db.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('lists every known name, none configured at first', () => {
    assert.deepEqual(
      credentials.list(),
      credentialNames.map((name) => ({ name, configured: false, read_only: false, updated_at: null })),
    );
    assert.equal(credentials.reveal('llm'), null);
  });

  it('stores, replaces and reveals a value, and lists it as configured with its time', () => {
    const before = Date.now();
    assert.deepEqual(credentials.put('llm', secret), { name: 'llm', configured: true });
    const status = credentials.status('llm');
    assert.equal(status.configured, true);
    assert.equal(status.read_only, false);
    assert.ok(Date.parse(status.updated_at ?? '') >= before - 1000);
    assert.equal(credentials.reveal('llm'), secret);
    credentials.put('llm', 'replacement');
    assert.equal(credentials.reveal('llm'), 'replacement');
    assert.equal(credentials.status('asr').configured, false);
  });

  it('deletes idempotently', () => {
    credentials.put('dashscope', secret);
    assert.deepEqual(credentials.remove('dashscope'), { name: 'dashscope', configured: false });
    assert.deepEqual(credentials.remove('dashscope'), { name: 'dashscope', configured: false });
    assert.equal(credentials.reveal('dashscope'), null);
    assert.equal(credentials.status('dashscope').configured, false);
  });

  it('answers 404 for a name it does not know', () => {
    for (const name of ['openai', 'LLM', '', '__proto__']) {
      assert.throws(() => credentials.status(name), rejectsWith(404, 'not_found'), name);
      assert.throws(() => credentials.put(name, 'v'), rejectsWith(404, 'not_found'), name);
      assert.throws(() => credentials.remove(name), rejectsWith(404, 'not_found'), name);
    }
  });

  it('keeps values across a restart', () => {
    credentials.put('seed_access', secret);
    db.close();
    db = openDatabase(dataDir);
    assert.equal(open().reveal('seed_access'), secret);
  });

  it('never writes a value in clear text to the database or any other data file', () => {
    for (const name of credentialNames) credentials.put(name, `${secret}-${name}`);
    const dataFileBytes = () => readdirSync(dataDir).map((file) => readFileSync(join(dataDir, file)));
    const leaks = (files: Buffer[]) => files.filter((bytes) => bytes.includes(secret) || bytes.includes(Buffer.from(secret, 'utf16le')));
    assert.deepEqual(leaks(dataFileBytes()), []);
    db.close();
    assert.deepEqual(leaks(dataFileBytes()), []);
    db = openDatabase(dataDir);
  });

  describe('provided by the environment', () => {
    it('is configured and read-only, with no stored time', () => {
      const withEnv = open({ LECTERN_LLM_KEY: 'from-env', LECTERN_SEED_APP_KEY: 'app-env' });
      const items = new Map(withEnv.list().map((item) => [item.name, item]));
      assert.deepEqual(items.get('llm'), { name: 'llm', configured: true, read_only: true, updated_at: null });
      assert.deepEqual(items.get('seed_app'), { name: 'seed_app', configured: true, read_only: true, updated_at: null });
      assert.equal(items.get('asr')?.read_only, false);
    });

    it('refuses PUT and DELETE with 409 invalid_state, leaving the stored value alone', () => {
      credentials.put('asr', 'stored');
      const withEnv = open({ LECTERN_ASR_KEY: 'from-env' });
      assert.throws(() => withEnv.put('asr', 'other'), rejectsWith(409, 'invalid_state'));
      assert.throws(() => withEnv.remove('asr'), rejectsWith(409, 'invalid_state'));
      assert.equal(credentials.reveal('asr'), 'stored');
    });

    it('wins over a stored value when revealed', () => {
      credentials.put('llm', 'stored');
      assert.equal(open({ LECTERN_LLM_KEY: 'from-env' }).reveal('llm'), 'from-env');
      assert.equal(open({ LECTERN_SEED_API_KEY: ' spaced ' }).reveal('seed_api'), 'spaced');
    });

    it('does not count when blank', () => {
      const withBlank = open({ LECTERN_LLM_KEY: '  ' });
      assert.equal(withBlank.status('llm').read_only, false);
      assert.deepEqual(withBlank.put('llm', 'stored'), { name: 'llm', configured: true });
      assert.equal(withBlank.reveal('llm'), 'stored');
    });
  });

  it('reports a value that no longer decrypts (key file replaced) as storage_error, never as another value', () => {
    credentials.put('llm', secret);
    writeFileSync(join(dataDir, secretKeyFileName), Buffer.alloc(32, 1));
    assert.throws(() => open().reveal('llm'), rejectsWith(503, 'storage_error'));
  });

  it('does not open a sealed value copied under another name', () => {
    credentials.put('llm', secret);
    db.prepare("INSERT INTO credentials (name, sealed, updated_at) SELECT 'asr', sealed, updated_at FROM credentials WHERE name = 'llm'").run();
    assert.throws(() => credentials.reveal('asr'), rejectsWith(503, 'storage_error'));
  });
});
