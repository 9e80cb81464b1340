import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type { Entry } from '../../src/features/entries/schemas.js';
import type { Session } from '../../src/features/sessions/schemas.js';
import { EventsClient } from '../support/events-client.js';
import type { LecternClient } from '../support/http-client.js';
import { useLectern } from '../support/lectern-fixture.js';
import type { LecternProcess } from '../support/lectern-process.js';

interface ErrorBody {
  error: string;
}

interface EntriesPage {
  items: Entry[];
  next_after_id: number | null;
}

const entryTextMaxChars = 8000;
const sourceIdMaxChars = 128;
const entriesPageMax = 1000;
const entriesPageDefault = 200;
const pagingEntryCount = 3000;
/** Appends in flight at once while seeding, like a client catching up after a stall. */
const seedingConcurrency = 16;

describe('entries', () => {
  let lectern: LecternProcess;
  let client: LecternClient;

  useLectern((started, startedClient) => {
    lectern = started;
    client = startedClient;
  });

  async function startSession(courseName: string): Promise<Session> {
    const response = await client.post<Session>('/api/v2/sessions', { course_name: courseName });
    assert.equal(response.status, 201, response.text);
    return response.body;
  }

  function append(sessionId: string, text: string, sourceId: string = randomUUID()) {
    return client.post<Entry & ErrorBody>(`/api/v2/sessions/${sessionId}/entries`, { text, source_id: sourceId });
  }

  async function stop(sessionId: string): Promise<void> {
    assert.equal((await client.post(`/api/v2/sessions/${sessionId}/stop`)).status, 200);
  }

  describe('appending', () => {
    let session: Session;
    before(async () => {
      session = await startSession('Appending');
    });
    after(() => stop(session.id));

    it('answers 201 with the stored entry, text trimmed', async () => {
      const response = await append(session.id, '  The mitochondria is the powerhouse.  ', 'clip-1');
      assert.equal(response.status, 201);
      const entry = response.body;
      assert.ok(Number.isInteger(entry.id) && entry.id > 0);
      assert.equal(entry.session_id, session.id);
      assert.equal(entry.text, 'The mitochondria is the powerhouse.');
      assert.equal(entry.source_id, 'clip-1');
      assert.equal(new Date(entry.created_at).toISOString(), entry.created_at);
      assert.equal(entry.alert, null);
    });

    it('gives ascending ids and counts entries on the session', async () => {
      const before = (await client.get<Session>(`/api/v2/sessions/${session.id}`)).body.entry_count;
      const first = (await append(session.id, 'one')).body;
      const second = (await append(session.id, 'two')).body;
      assert.ok(second.id > first.id);
      assert.equal((await client.get<Session>(`/api/v2/sessions/${session.id}`)).body.entry_count, before + 2);
    });

    it('replays the same source_id and text as 200 with the stored entry, sends no event and counts once', async () => {
      const { client: events } = await EventsClient.authenticated(lectern.port, lectern.token);
      try {
        const original = await append(session.id, 'Idempotent line', 'retry-me');
        assert.equal(original.status, 201);
        const countAfterOriginal = (await client.get<Session>(`/api/v2/sessions/${session.id}`)).body.entry_count;
        const replay = await append(session.id, '  Idempotent line ', 'retry-me');
        assert.equal(replay.status, 200);
        assert.deepEqual(replay.body, original.body);
        assert.equal((await client.get<Session>(`/api/v2/sessions/${session.id}`)).body.entry_count, countAfterOriginal);

        const marker = (await append(session.id, 'after the replay')).body;
        await events.nextMatching((frame) => frame.type === 'transcript' && (frame.data as Entry).id === marker.id);
        const transcripts = events.received.filter((frame) => frame.type === 'transcript').map((frame) => (frame.data as Entry).id);
        assert.deepEqual(transcripts, [original.body.id, marker.id]);
      } finally {
        await events.close();
      }
    });

    it('refuses the same source_id with different text as 409', async () => {
      await append(session.id, 'first wording', 'conflict');
      const conflict = await append(session.id, 'second wording', 'conflict');
      assert.equal(conflict.status, 409);
      assert.equal(conflict.body.error, 'invalid_state');
    });

    it('accepts 1..8000 characters after trimming, and source ids of 1..128', async () => {
      assert.equal((await append(session.id, ` ${'a'.repeat(entryTextMaxChars)} `)).status, 201);
      assert.equal((await append(session.id, 'b')).status, 201);
      assert.equal((await append(session.id, 'ok', 's'.repeat(sourceIdMaxChars))).status, 201);
      for (const [text, sourceId] of [
        ['a'.repeat(entryTextMaxChars + 1), 'long'],
        ['   ', 'blank'],
        ['', 'empty'],
        ['fine', ''],
        ['fine', 's'.repeat(sourceIdMaxChars + 1)],
      ] as const) {
        const response = await append(session.id, text, sourceId);
        assert.equal(response.status, 422, `${text.length} chars, source ${sourceId.length}`);
        assert.equal(response.body.error, 'invalid_request');
      }
    });

    it('flags alert keywords, danger before warning', async () => {
      const warning = (await append(session.id, 'This will be on the EXAM.')).body;
      assert.deepEqual(warning.alert, { level: 'warning', keywords: ['exam'] });
      const danger = (await append(session.id, 'Roll call before the exam')).body;
      assert.deepEqual(danger.alert, { level: 'danger', keywords: ['roll call'] });
    });

    it('answers 404 for an unknown session', async () => {
      const response = await append(randomUUID(), 'nobody home');
      assert.equal(response.status, 404);
      assert.equal(response.body.error, 'not_found');
    });
  });

  it('accepts entries only while recording, yet acknowledges a replay after stop', async () => {
    const session = await startSession('Recording only');
    const acknowledged = (await append(session.id, 'before the pause', 'late-retry')).body;
    await client.post(`/api/v2/sessions/${session.id}/pause`);
    const whilePaused = await append(session.id, 'while paused');
    assert.equal(whilePaused.status, 409);
    assert.equal(whilePaused.body.error, 'invalid_state');
    await client.post(`/api/v2/sessions/${session.id}/resume`);
    assert.equal((await append(session.id, 'after resume')).status, 201);
    await stop(session.id);
    assert.equal((await append(session.id, 'after stop')).status, 409);
    const replay = await append(session.id, 'before the pause', 'late-retry');
    assert.equal(replay.status, 200);
    assert.deepEqual(replay.body, acknowledged);
    assert.equal((await append(session.id, 'different', 'late-retry')).status, 409);
  });

  describe(`paging over ${pagingEntryCount} entries`, () => {
    let session: Session;
    let appendedIds: number[];

    before(async () => {
      const neighbour = await startSession('Neighbour');
      await append(neighbour.id, 'an entry of another class');
      await stop(neighbour.id);

      session = await startSession('Paging');
      appendedIds = [];
      let next = 0;
      const worker = async () => {
        while (next < pagingEntryCount) {
          const n = next++;
          const response = await append(session.id, `line ${n}`, `src-${n}`);
          assert.equal(response.status, 201);
          appendedIds.push(response.body.id);
        }
      };
      await Promise.all(Array.from({ length: seedingConcurrency }, worker));
      appendedIds.sort((a, b) => a - b);
      const tail = (await append(session.id, 'Last line\nwith a break')).body;
      appendedIds.push(tail.id);
      await stop(session.id);
    });

    async function readAll(limit: number | undefined): Promise<Entry[]> {
      const entries: Entry[] = [];
      let afterId: number | null = 0;
      while (afterId !== null) {
        const query: string = limit === undefined ? `after_id=${afterId}` : `after_id=${afterId}&limit=${limit}`;
        const page: EntriesPage = (await client.get<EntriesPage>(`/api/v2/sessions/${session.id}/entries?${query}`)).body;
        assert.ok(page.items.length <= (limit ?? entriesPageDefault));
        entries.push(...page.items);
        afterId = page.next_after_id;
        if (afterId !== null) assert.equal(afterId, page.items.at(-1)?.id);
      }
      return entries;
    }

    for (const limit of [undefined, 7, 333, entriesPageMax - 1, entriesPageMax]) {
      it(`returns every entry exactly once, ascending, with limit=${limit ?? 'default'}`, async () => {
        const entries = await readAll(limit);
        assert.deepEqual(entries.map((e) => e.id), appendedIds);
        assert.ok(entries.every((e) => e.session_id === session.id));
      });
    }

    it('caps a page at 1000 and refuses a larger limit', async () => {
      assert.equal((await client.get(`/api/v2/sessions/${session.id}/entries?limit=${entriesPageMax + 1}`)).status, 422);
      assert.equal((await client.get(`/api/v2/sessions/${session.id}/entries?limit=0`)).status, 422);
      const first = (await client.get<EntriesPage>(`/api/v2/sessions/${session.id}/entries`)).body;
      assert.equal(first.items.length, entriesPageDefault);
    });

    it('exports every entry as ISO-time<TAB>text lines with a download filename', async () => {
      const response = await client.get<string>(`/api/v2/sessions/${session.id}/export`);
      assert.equal(response.status, 200);
      assert.equal(response.headers.get('content-type'), 'text/plain; charset=utf-8');
      assert.match(response.headers.get('content-disposition') ?? '', /^attachment; filename="Paging\.txt"; filename\*=UTF-8''Paging\.txt$/);
      const lines = response.body.split('\n');
      assert.equal(lines.pop(), '', 'the export ends with a newline');
      const entries = await readAll(entriesPageMax);
      assert.equal(lines.length, entries.length);
      lines.forEach((line, i) => {
        const entry = entries[i]!;
        assert.equal(line, `${entry.created_at}\t${entry.text.replace(/\n/g, ' ')}`);
      });
      assert.equal(lines.at(-1)?.endsWith('\tLast line with a break'), true);
    });
  });

  it('derives the export filename from a non-ASCII course name per RFC 5987', async () => {
    const session = await startSession('Physik: Übung 1/2');
    await stop(session.id);
    const response = await client.get(`/api/v2/sessions/${session.id}/export`);
    assert.equal(response.status, 200);
    assert.equal(response.body, '');
    const disposition = response.headers.get('content-disposition') ?? '';
    const encoded = /filename\*=UTF-8''([^;]+)/.exec(disposition)?.[1];
    assert.equal(decodeURIComponent(encoded ?? ''), 'Physik Übung 1 2.txt');
    assert.match(disposition, /^attachment; filename="[\x20-\x7e]+"/);
    assert.equal((await client.get(`/api/v2/sessions/${randomUUID()}/export`)).status, 404);
  });
});
