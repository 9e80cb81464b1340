import { after, afterEach, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ApiError } from '../../../src/platform/errors.js';
import type { BusFrame } from '../../../src/event-catalogue.js';
import { startFeatureServer, type FeatureServer } from '../../support/feature-server.js';

const path = '/api/v2/settings';

describe('settings routes', () => {
  let feature: FeatureServer;
  const inject: FeatureServer['inject'] = (options) => feature.inject(options);
  const frames: BusFrame[] = [];
  const unexpectedErrors: unknown[] = [];

  before(async () => {
    feature = await startFeatureServer(['settings'], {
      // These routes raise nothing but ApiErrors; anything else would be a bug the envelope hides.
      beforeFeatures: (server) =>
        server.addHook('onError', async (_request, _reply, error) => {
          if (!(error instanceof ApiError)) unexpectedErrors.push(error);
        }),
    });
    feature.services.hub.subscribe(({ frame }) => frames.push(frame));
  });
  afterEach(() => {
    assert.deepEqual(unexpectedErrors.map(String), []);
  });
  after(() => feature.close());

  it('GET answers the full settings, and PUT of that same object is a 200 no-op without an event', async () => {
    const got = await inject({ method: 'GET', url: path });
    assert.equal(got.statusCode, 200);
    const put = await inject({ method: 'PUT', url: path, payload: got.json() });
    assert.equal(put.statusCode, 200);
    assert.deepEqual(put.json(), got.json());
    assert.equal(frames.length, 0);
  });

  it('PUT merges a subset, answers the full settings and publishes settings.updated', async () => {
    const put = await inject({ method: 'PUT', url: path, payload: { llm: { mode: 'byok', base_url: 'https://llm.example/v1/' } } });
    assert.equal(put.statusCode, 200);
    const body = put.json<{ llm: { mode: string; base_url: string; model: string }; auto_summary: boolean }>();
    assert.equal(body.llm.mode, 'byok');
    assert.equal(body.llm.base_url, 'https://llm.example/v1');
    assert.equal(body.auto_summary, true);
    assert.equal(frames.at(-1)?.type, 'settings.updated');
    assert.deepEqual((await inject({ method: 'GET', url: path })).json(), body);
  });

  it('answers 422 invalid_request with a detail list that never echoes the submitted values', async () => {
    const secret = 'sk-live-never-echoed-91c2';
    const put = await inject({
      method: 'PUT',
      url: path,
      payload: { llm: { base_url: `https://user:${secret}@llm.example`, token: secret }, colour: secret },
    });
    assert.equal(put.statusCode, 422);
    const body = put.json<{ error: string; message: string; detail: { loc: unknown[]; msg: string; type: string }[] }>();
    assert.equal(body.error, 'invalid_request');
    assert.equal(typeof body.message, 'string');
    assert.ok(body.detail.length > 0);
    assert.ok(body.detail.some((issue) => issue.loc.join('.') === 'body.llm.token'));
    assert.ok(body.detail.some((issue) => issue.loc.join('.') === 'body.colour'));
    assert.ok(!put.body.includes(secret));
  });

  it('answers 422 for an empty PUT body', async () => {
    const put = await inject({ method: 'PUT', url: path });
    assert.equal(put.statusCode, 422);
    assert.deepEqual(put.json<{ detail: { loc: unknown[] }[] }>().detail.map((issue) => issue.loc), [['body']]);
  });
});
