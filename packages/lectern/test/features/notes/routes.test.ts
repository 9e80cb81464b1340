import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Note } from '../../../src/features/notes/schemas.js';
import type { Session } from '../../../src/features/sessions/schemas.js';
import { startFeatureServer, type FeatureServer } from '../../support/feature-server.js';

describe('note routes', () => {
  let feature: FeatureServer;
  let session: Session;
  let note: Note;

  before(async () => {
    feature = await startFeatureServer(['notes']);
    const { services } = feature;
    session = await services.sessions.create({ course_name: 'Enzymes' });
    services.entries.append(session.id, { text: 'Enzymes lower the activation energy of a reaction.', source_id: 'e1' });
    services.entries.append(session.id, { text: 'The homework is due on Friday.', source_id: 'e2' });
    // A note is what a completed summary writes: let the builtin engine write one.
    note = await new Promise<Note>((resolve) => {
      services.hub.subscribe(({ frame }) => {
        if (frame.type === 'summary.created') resolve(frame.data);
      });
      services.assistant.create(session.id, { kind: 'summary' });
    });
  });
  after(() => feature.close());

  it("GET /sessions/{id}/summaries lists the class's notes; an unknown class is a 404", async () => {
    const list = await feature.inject({ method: 'GET', url: `/api/v2/sessions/${session.id}/summaries` });
    assert.equal(list.statusCode, 200);
    assert.deepEqual(list.json<{ items: Note[] }>().items, [note]);
    assert.match(note.title, /^Enzymes — \d{4}-\d\d-\d\d$/);
    const unknown = await feature.inject({ method: 'GET', url: '/api/v2/sessions/no-such-session/summaries' });
    assert.equal(unknown.statusCode, 404);
  });

  it('exports a note as a Markdown attachment ending in a newline; an unknown note is a 404', async () => {
    const exported = await feature.inject({ method: 'GET', url: `/api/v2/summaries/${note.id}/export` });
    assert.equal(exported.statusCode, 200);
    assert.equal(exported.headers['content-type'], 'text/markdown; charset=utf-8');
    assert.match(String(exported.headers['content-disposition']), /^attachment; filename="/);
    assert.equal(exported.body.trimEnd(), note.markdown.trimEnd());
    assert.ok(exported.body.endsWith('\n'));
    const unknown = await feature.inject({ method: 'GET', url: '/api/v2/summaries/no-such-note/export' });
    assert.equal(unknown.statusCode, 404);
    assert.equal(unknown.json<{ error: string }>().error, 'not_found');
  });
});
