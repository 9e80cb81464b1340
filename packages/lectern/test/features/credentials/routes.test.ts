import { after, afterEach, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import type { LightMyRequestResponse } from 'fastify';
import pino from 'pino';
import { ApiError } from '../../../src/platform/errors.js';
import { startFeatureServer, type FeatureServer } from '../../support/feature-server.js';

const secret = 'sk-live-ROUTE-secret-never-shown-8e21';
const envSecret = 'env-provided-secret-never-shown-55aa';

describe('credential routes', () => {
  let feature: FeatureServer;
  let log = '';
  const unexpectedErrors: unknown[] = [];
  const responses: LightMyRequestResponse[] = [];

  async function call(method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: object): Promise<LightMyRequestResponse> {
    const response = await feature.inject({ method, url, ...(payload ? { payload } : {}) });
    responses.push(response);
    return response;
  }

  before(async () => {
    const capture = new Writable({
      write(chunk: Buffer, _encoding, done) {
        log += chunk.toString();
        done();
      },
    });
    feature = await startFeatureServer(['credentials'], {
      logger: pino({ level: 'trace' }, capture),
      environment: { LECTERN_DASHSCOPE_KEY: envSecret },
      // Production logs only unexpected failures; here every failure is logged the way those
      // are, so the checks below cover whatever an error carries into a log line.
      beforeFeatures: (server) =>
        server.addHook('onError', async (request, _reply, error) => {
          request.log.error({ err: error }, 'request failed');
          if (!(error instanceof ApiError)) unexpectedErrors.push(error);
        }),
    });
  });
  afterEach(() => {
    assert.deepEqual(unexpectedErrors.map(String), []);
  });
  after(() => feature.close());

  it('PUT stores a trimmed value and answers only that it is configured', async () => {
    const put = await call('PUT', '/api/v2/credentials/llm', { value: `  ${secret}\n` });
    assert.equal(put.statusCode, 200);
    assert.deepEqual(put.json(), { name: 'llm', configured: true });
    const one = await call('GET', '/api/v2/credentials/llm');
    assert.equal(one.statusCode, 200);
    assert.equal(one.json<{ configured: boolean }>().configured, true);
  });

  it('refuses a value an HTTP header cannot carry (a pasted non-ASCII character) with 422, keeping the stored one', async () => {
    for (const value of [`${secret}\u00a0x`, `sk-${'é'}${secret}`, `${secret} second-word`]) {
      const put = await call('PUT', '/api/v2/credentials/llm', { value });
      assert.equal(put.statusCode, 422, put.body);
      assert.equal(put.json<{ error: string }>().error, 'invalid_request');
    }
    assert.equal((await call('GET', '/api/v2/credentials/llm')).json<{ configured: boolean }>().configured, true);
    // Fastify's own validation errors reach the error hook too; they are the expected ones here.
    assert.ok(unexpectedErrors.every((error) => (error as { validation?: unknown }).validation !== undefined));
    unexpectedErrors.splice(0);
  });

  it('GET /credentials lists names and states, environment-provided ones read-only', async () => {
    const list = await call('GET', '/api/v2/credentials');
    assert.equal(list.statusCode, 200);
    const items = list.json<{ items: { name: string; configured: boolean; read_only: boolean; updated_at: string | null }[] }>().items;
    assert.deepEqual(items.map((item) => item.name), ['llm', 'asr', 'dashscope', 'seed_app', 'seed_access', 'seed_api']);
    assert.equal(items.find((item) => item.name === 'llm')?.configured, true);
    assert.deepEqual(items.find((item) => item.name === 'dashscope'), { name: 'dashscope', configured: true, read_only: true, updated_at: null });
  });

  it('answers 409 invalid_state to PUT and DELETE of an environment-provided credential', async () => {
    for (const response of [
      await call('PUT', '/api/v2/credentials/dashscope', { value: secret }),
      await call('DELETE', '/api/v2/credentials/dashscope'),
    ]) {
      assert.equal(response.statusCode, 409);
      assert.equal(response.json<{ error: string }>().error, 'invalid_state');
    }
  });

  it('answers 404 not_found for an unknown name, on every method', async () => {
    for (const response of [
      await call('GET', '/api/v2/credentials/openai'),
      await call('PUT', '/api/v2/credentials/openai', { value: secret }),
      await call('DELETE', '/api/v2/credentials/openai'),
    ]) {
      assert.equal(response.statusCode, 404);
      assert.equal(response.json<{ error: string }>().error, 'not_found');
    }
  });

  it('DELETE answers configured:false, again on a repeat', async () => {
    for (let attempt = 0; attempt < 2; attempt++) {
      const response = await call('DELETE', '/api/v2/credentials/llm');
      assert.equal(response.statusCode, 200);
      assert.deepEqual(response.json(), { name: 'llm', configured: false });
    }
  });

  it('never put a value into any response or log line', () => {
    assert.ok(responses.length >= 10);
    assert.ok(log.includes('request failed'), 'the capture saw the error logs');
    for (const response of responses) {
      assert.ok(!response.body.includes(secret) && !response.body.includes(envSecret), response.body);
      assert.ok(!JSON.stringify(response.headers).includes(secret));
    }
    assert.ok(!log.includes(secret));
    assert.ok(!log.includes(envSecret));
  });
});
