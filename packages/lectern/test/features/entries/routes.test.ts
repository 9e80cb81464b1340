import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Entry } from '../../../src/features/entries/schemas.js';
import type { Session } from '../../../src/features/sessions/schemas.js';
import type { BusFrame } from '../../../src/event-catalogue.js';
import { startFeatureServer, type FeatureServer } from '../../support/feature-server.js';

describe('entry routes', () => {
  let feature: FeatureServer;
  const frames: BusFrame[] = [];
  let session: Session;
  let entriesUrl: string;

  const append = (text: string, sourceId: string) =>
    feature.inject({ method: 'POST', url: entriesUrl, payload: { text, source_id: sourceId } });

  before(async () => {
    feature = await startFeatureServer(['entries']);
    feature.services.hub.subscribe(({ frame }) => frames.push(frame));
    session = await feature.services.sessions.create({ course_name: 'Cell biology: respiration' });
    entriesUrl = `/api/v2/sessions/${session.id}/entries`;
  });
  after(() => feature.close());

  it('POST answers 201 with the trimmed entry and sends one transcript event', async () => {
    const created = await append('  Glycolysis happens in the cytoplasm.  ', 'a1');
    assert.equal(created.statusCode, 201);
    const entry = created.json<Entry>();
    assert.equal(entry.text, 'Glycolysis happens in the cytoplasm.');
    assert.equal(entry.alert, null);
    assert.deepEqual(frames.filter((frame) => frame.type === 'transcript').map((frame) => frame.data), [entry]);
  });

  it('a replay of the same source_id and text answers 200 with the stored entry and no event; other text is a 409', async () => {
    const before = frames.length;
    const replay = await append('Glycolysis happens in the cytoplasm.', 'a1');
    assert.equal(replay.statusCode, 200);
    assert.equal(replay.json<Entry>().source_id, 'a1');
    assert.equal(frames.length, before);
    const conflict = await append('Something else', 'a1');
    assert.equal(conflict.statusCode, 409);
    assert.equal(conflict.json<{ error: string }>().error, 'invalid_state');
  });

  it('an entry with a danger keyword carries its alert and is followed by an alert event', async () => {
    const created = await append('Roll call after the break', 'a2');
    assert.equal(created.statusCode, 201);
    const entry = created.json<Entry>();
    assert.deepEqual(entry.alert, { level: 'danger', keywords: ['roll call'] });
    assert.deepEqual(frames.slice(-2).map((frame) => frame.type), ['transcript', 'alert']);
  });

  it('refuses a blank text with 422 and an unknown session with 404', async () => {
    const blank = await append('   ', 'a3');
    assert.equal(blank.statusCode, 422);
    assert.equal(blank.json<{ error: string }>().error, 'invalid_request');
    const unknown = await feature.inject({ method: 'POST', url: '/api/v2/sessions/no-such-session/entries', payload: { text: 'x', source_id: 'b1' } });
    assert.equal(unknown.statusCode, 404);
  });

  it('pages entries in ascending id order', async () => {
    const page = await feature.inject({ method: 'GET', url: `${entriesUrl}?after_id=0&limit=1` });
    assert.equal(page.statusCode, 200);
    const body = page.json<{ items: Entry[]; next_after_id: number | null }>();
    assert.deepEqual(body.items.map((entry) => entry.source_id), ['a1']);
    assert.equal(body.next_after_id, body.items[0]?.id);
  });

  it('exports the transcript as text/plain, one ISO-time<TAB>text line per entry, as an attachment', async () => {
    const exported = await feature.inject({ method: 'GET', url: `/api/v2/sessions/${session.id}/export` });
    assert.equal(exported.statusCode, 200);
    assert.equal(exported.headers['content-type'], 'text/plain; charset=utf-8');
    assert.match(String(exported.headers['content-disposition']), /^attachment; filename="/);
    const lines = exported.body.trimEnd().split('\n');
    assert.equal(lines.length, 2);
    assert.match(lines[0] ?? '', /^\d{4}-\d\d-\d\dT[^\t]+Z\tGlycolysis happens in the cytoplasm\.$/);
  });
});
