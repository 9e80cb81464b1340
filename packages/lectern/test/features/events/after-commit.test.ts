import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Entry } from '../../../src/features/entries/schemas.js';
import type { Settings } from '../../../src/features/settings/schemas.js';
import { systemRecogniserPaths } from '../../../src/features/models/system-recogniser.js';
import { EventsClient } from '../../support/events-client.js';
import { failCommitsThatInsertInto } from '../../support/failing-commit.js';
import { featureServerToken, startFeatureServer, type FeatureServer } from '../../support/feature-server.js';
import { LecternClient } from '../../support/http-client.js';
import { multipartForm } from '../../support/multipart.js';
import { speak } from '../../support/speech.js';

interface ErrorBody {
  error: string;
}

/**
 * A frame reports a row; a transaction whose COMMIT fails leaves no row, so it must leave no
 * frame either. Each case makes the commit fail after everything before it ran (the entry was
 * written, the frame would have been published), checks the client saw nothing and the request
 * failed, then lifts the failure and sends the same request again: the frames of the retry are
 * the only ones the connected client ever receives (frames arrive in order, so a frame of the
 * failed attempt would have come first).
 */
describe('a frame leaves only after its write commits, and never when the commit fails', () => {
  let feature: FeatureServer;
  let http: LecternClient;
  let events: EventsClient;
  let baseUrl: string;
  let sessionId: string;
  let configDir: string;

  const framesOf = (type: string) => events.received.filter((frame) => frame.type === type);

  before(async () => {
    // The feature server's environment is empty: give it this machine's search path for pocketsphinx.
    feature = await startFeatureServer(['sessions', 'entries', 'settings', 'credentials', 'legacy', 'models', 'audio', 'events'], {
      models: { systemRecogniser: systemRecogniserPaths(process.env) },
    });
    await feature.server.listen({ port: 0, host: '127.0.0.1' });
    const { port } = feature.server.server.address() as AddressInfo;
    baseUrl = `http://127.0.0.1:${port}`;
    http = new LecternClient(baseUrl, featureServerToken);
    events = (await EventsClient.authenticated(port, featureServerToken)).client;
    const created = await http.post<{ id: string }>('/api/v2/sessions', { course_name: 'Cell biology', source: 'browser' });
    assert.equal(created.status, 201, created.text);
    sessionId = created.body.id;
    await events.nextOfType('session');
    configDir = mkdtempSync(join(tmpdir(), 'lectern-after-commit-'));
  });
  after(async () => {
    await events.close();
    feature.services.recognisers.close();
    await feature.close();
    rmSync(configDir, { recursive: true, force: true });
  });

  it('a typed entry (with its alert): no transcript or alert frame for a failed commit, then exactly the retry\'s', async () => {
    const entry = { text: 'Roll call after the break', source_id: 'typed-1' };
    const lift = failCommitsThatInsertInto(feature.db, 'entries');
    const failed = await http.post<ErrorBody>(`/api/v2/sessions/${sessionId}/entries`, entry);
    lift();
    assert.equal(failed.status, 500, failed.text);
    assert.equal(failed.body.error, 'internal_error');

    const retried = await http.post<Entry>(`/api/v2/sessions/${sessionId}/entries`, entry);
    assert.equal(retried.status, 201, retried.text);
    await events.nextOfType('alert');
    assert.deepEqual(framesOf('transcript').map((frame) => frame.data), [retried.body]);
    assert.deepEqual(framesOf('alert').map((frame) => frame.data), [
      { entry_id: retried.body.id, level: 'danger', keywords: ['roll call'], text: entry.text },
    ]);
  });

  it("an audio clip's entry: no transcript frame when the transaction of the entry and its receipt fails at commit, then exactly the retry's", async () => {
    const clip = speak('The mitochondria make energy for the cell.');
    const postClip = async () => {
      const form = multipartForm({ source_id: 'clip-1' }, { filename: 'clip.wav', content: clip, contentType: 'audio/wav' });
      const response = await fetch(`${baseUrl}/api/v2/sessions/${sessionId}/audio`, {
        method: 'POST',
        headers: { ...form.headers, authorization: `Bearer ${featureServerToken}` },
        body: form.payload,
      });
      return { status: response.status, body: (await response.json()) as unknown };
    };
    const transcriptsBefore = framesOf('transcript').length;
    const lift = failCommitsThatInsertInto(feature.db, 'audio_receipts');
    const failed = await postClip();
    lift();
    assert.equal(failed.status, 500, JSON.stringify(failed.body));
    assert.equal((failed.body as ErrorBody).error, 'internal_error');

    const retried = await postClip();
    assert.equal(retried.status, 200, JSON.stringify(retried.body));
    const { entry } = retried.body as { entry: Entry | null };
    assert.ok(entry, 'the clip was heard as speech');
    await events.nextMatching((frame) => frame.type === 'transcript' && (frame.data as Entry).source_id === 'clip-1');
    assert.deepEqual(framesOf('transcript').slice(transcriptsBefore).map((frame) => frame.data), [entry]);
    const listed = await http.get<{ items: Entry[] }>(`/api/v2/sessions/${sessionId}/entries`);
    assert.deepEqual(listed.body.items.filter((item) => item.source_id === 'clip-1'), [entry]);
  });

  it('imported settings: no settings.updated frame and no change in effect when the import fails at commit, then exactly the retry\'s', async () => {
    const path = join(configDir, '.env');
    writeFileSync(path, 'LLM_BASE_URL=https://api.deepseek.com/v1\nLLM_MODEL=deepseek-chat\n');
    const lift = failCommitsThatInsertInto(feature.db, 'settings');
    const failed = await http.post<ErrorBody>('/api/v2/import-config', { path });
    lift();
    assert.equal(failed.status, 500, failed.text);
    assert.equal(failed.body.error, 'internal_error');
    const unchanged = await http.get<Settings>('/api/v2/settings');
    assert.notEqual(unchanged.body.llm.model, 'deepseek-chat', 'the settings in effect are the ones stored');

    const retried = await http.post<{ settings_imported: boolean }>('/api/v2/import-config', { path });
    assert.equal(retried.status, 200, retried.text);
    assert.equal(retried.body.settings_imported, true);
    const updated = await events.nextOfType<Settings>('settings.updated');
    assert.equal(updated.data.llm.model, 'deepseek-chat');
    assert.equal(framesOf('settings.updated').length, 1);
  });
});
