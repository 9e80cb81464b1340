import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Material, MaterialSummary } from '../../src/features/materials/schemas.js';
import { EventsClient } from '../support/events-client.js';
import { LecternProcess } from '../support/lectern-process.js';
import { multipartBody } from '../support/multipart.js';
import { deckSlides, fixture } from '../features/materials/fixtures.js';

/** Materials through the real CLI: the parse worker is started from the bundle, as users run it. */
describe('materials through the real CLI', () => {
  let lectern: LecternProcess;
  before(async () => {
    lectern = await LecternProcess.start();
  });
  after(() => lectern.dispose());

  const upload = async (filename: string, content: Buffer) => {
    const { payload, headers } = multipartBody({ filename, content });
    return fetch(`${lectern.baseUrl}/api/v2/materials`, { method: 'POST', body: payload, headers: { ...headers, authorization: `Bearer ${lectern.token}` } });
  };

  it('uploads a deck (201 with its slides), announces it, lists it; the server answers while parsing', async () => {
    const { client: events } = await EventsClient.authenticated(lectern.port, lectern.token);
    try {
      const uploading = upload('derivatives.pptx', fixture('derivatives.pptx'));
      const health = await fetch(`${lectern.baseUrl}/api/health`);
      assert.equal(health.status, 200);
      const response = await uploading;
      assert.equal(response.status, 201);
      const material = (await response.json()) as Material;
      assert.deepEqual(material.page_texts.map((page) => page.text), deckSlides);
      const frame = await events.nextOfType<MaterialSummary>('material.created');
      assert.equal(frame.data.id, material.id);
      const list = (await (await fetch(`${lectern.baseUrl}/api/v2/materials`, { headers: { authorization: `Bearer ${lectern.token}` } })).json()) as { items: MaterialSummary[] };
      assert.deepEqual(list.items.map((item) => item.id), [material.id]);
    } finally {
      await events.close();
    }
  });

  it('refuses an encrypted PDF (422) and a legacy .ppt (415)', async () => {
    assert.equal((await upload('locked.pdf', fixture('encrypted.pdf'))).status, 422);
    assert.equal((await upload('old.ppt', Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(64)]))).status, 415);
  });
});
