import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Entry } from '../../src/features/entries/schemas.js';
import type { Session } from '../../src/features/sessions/schemas.js';
import { EventsClient, type EventFrame } from '../support/events-client.js';
import { LecternClient } from '../support/http-client.js';
import { LecternProcess } from '../support/lectern-process.js';
import { finished } from './assistant-support.js';

const policyViolation = 1008;
const authWindowMs = 5000;
/** Timer and scheduling slack either side of the auth window on a busy machine. */
const authWindowSlackMs = 1500;
const authMessageMaxChars = 4096;
const ringCapacityFrames = 4096;
/**
 * Each burst append carries an alert keyword, so it publishes two frames (transcript + alert):
 * enough frames to push the oldest out of the replay ring. Their size (text twice over) fills
 * a stalled client's socket buffers and then its server-side queue.
 */
const burstAppends = Math.ceil((ringCapacityFrames + 1) / 2) + 16;
const burstTextChars = 4000;
const burstConcurrency = 8;

const pong = { type: 'pong', session_id: null, data: {} };

interface Status {
  session: Session | null;
  source: string | null;
}

describe('events', () => {
  let lectern: LecternProcess;
  let client: LecternClient;
  let idleClosed: Promise<{ code: number; elapsedMs: number }>;

  before(async () => {
    lectern = await LecternProcess.start();
    client = new LecternClient(lectern.baseUrl, lectern.token);
    // Opened first and left silent; the test near the end checks the window closed it.
    const idle = await EventsClient.connect(lectern.port);
    const openedAt = Date.now();
    idleClosed = idle.closed.then(({ code }) => ({ code, elapsedMs: Date.now() - openedAt }));
  });
  after(() => lectern.dispose());

  async function refusedWith(firstMessage: string | Buffer): Promise<number> {
    const socket = await EventsClient.connect(lectern.port);
    socket.send(firstMessage as string);
    return (await socket.closed).code;
  }

  it('closes with 1008 when the first message carries a wrong token', async () => {
    assert.equal(await refusedWith(JSON.stringify({ type: 'auth', token: `${lectern.token}x` })), policyViolation);
    assert.equal(await refusedWith(JSON.stringify({ type: 'auth', token: 'caf\u00e9' })), policyViolation);
  });

  it('closes with 1008 when the first message is not an auth message', async () => {
    for (const message of ['ping', JSON.stringify({ type: 'ping' }), 'not json', JSON.stringify({ token: lectern.token }), JSON.stringify({ type: 'auth', token: lectern.token, after_seq: -1 })]) {
      assert.equal(await refusedWith(message), policyViolation, message);
    }
    const padded = JSON.stringify({ type: 'auth', token: lectern.token, padding: 'x'.repeat(authMessageMaxChars) });
    assert.equal(await refusedWith(padded), policyViolation, 'auth message over 4096 chars');
    assert.equal(await refusedWith(Buffer.from(JSON.stringify({ type: 'auth', token: lectern.token }))), policyViolation, 'binary frame');
  });

  it('sends the snapshot first, equal to GET /status', async () => {
    const empty = await EventsClient.authenticated(lectern.port, lectern.token);
    assert.equal(empty.snapshot.type, 'snapshot');
    assert.deepEqual([empty.snapshot.session_id, empty.snapshot.data], [null, { session: null, source: null }]);
    assert.ok(Number.isInteger(empty.snapshot.seq));
    await empty.client.close();

    const session = (await client.post<Session>('/api/v2/sessions', { course_name: 'Snapshot' })).body;
    const current = await EventsClient.authenticated(lectern.port, lectern.token);
    assert.equal(current.snapshot.type, 'snapshot');
    assert.equal(current.snapshot.session_id, session.id);
    assert.deepEqual(current.snapshot.data, (await client.get<Status>('/api/v2/status')).body);
    await current.client.close();
    await client.post(`/api/v2/sessions/${session.id}/stop`);
  });

  it('answers both ping forms with a pong', async () => {
    const { client: events } = await EventsClient.authenticated(lectern.port, lectern.token);
    events.send('ping');
    assert.deepEqual(await events.nextOfType('pong'), pong);
    events.send(JSON.stringify({ type: 'ping' }));
    assert.deepEqual(await events.nextOfType('pong'), pong);
    await events.close();
  });

  it('closes with 1008 when an authenticated client sends anything but a ping', async () => {
    for (const message of ['hello', JSON.stringify({ type: 'subscribe' }), JSON.stringify({ type: 'auth', token: lectern.token })]) {
      const { client: events } = await EventsClient.authenticated(lectern.port, lectern.token);
      events.send(message);
      assert.equal((await events.closed).code, policyViolation, message);
    }
  });

  it('streams session, transcript and alert frames with consecutive seq numbers', async () => {
    const { client: events, snapshot } = await EventsClient.authenticated(lectern.port, lectern.token);
    const session = (await client.post<Session>('/api/v2/sessions', { course_name: 'Stream' })).body;
    const entry = (await client.post<Entry>(`/api/v2/sessions/${session.id}/entries`, { text: 'Homework is due Friday', source_id: 'a' })).body;
    const paused = (await client.post<Session>(`/api/v2/sessions/${session.id}/pause`)).body;
    await client.post(`/api/v2/sessions/${session.id}/resume`);
    const stopped = (await client.post<Session>(`/api/v2/sessions/${session.id}/stop`)).body;

    const frames: EventFrame[] = [];
    for (let i = 0; i < 6; i++) frames.push(await events.next());
    assert.deepEqual(frames.map((f) => f.type), ['session', 'transcript', 'alert', 'session', 'session', 'session']);
    assert.deepEqual(frames.map((f) => f.seq), frames.map((_f, i) => snapshot.seq + 1 + i));
    assert.ok(frames.every((f) => f.session_id === session.id));
    assert.deepEqual(frames[0]!.data, session);
    assert.deepEqual(frames[1]!.data, entry);
    assert.deepEqual(frames[2]!.data, { entry_id: entry.id, level: 'warning', keywords: ['homework', 'due'], text: entry.text });
    assert.deepEqual(frames[3]!.data, paused);
    assert.equal((frames[4]!.data as Session).status, 'recording');
    const { summary_task_id: _summary, ...stoppedSession } = stopped as Session & { summary_task_id: unknown };
    assert.deepEqual(frames[5]!.data, stoppedSession);
    await events.close();
    // The stop started an auto-summary; its frames must not land in the next test's stream (the
    // first builtin answer of a process also loads the language models, which takes a while).
    const summaryTaskId = (stopped as Session & { summary_task_id: string | null }).summary_task_id;
    if (summaryTaskId !== null) await finished(client, summaryTaskId);
  });

  it('replays what a reconnecting client missed after after_seq, identical to the live stream', async () => {
    const live = await EventsClient.authenticated(lectern.port, lectern.token);
    const leaving = await EventsClient.authenticated(lectern.port, lectern.token);
    const session = (await client.post<Session>('/api/v2/sessions', { course_name: 'Replay' })).body;
    const lastSeen = await leaving.client.nextOfType('session');
    await leaving.client.close();

    for (let i = 0; i < 5; i++) await client.post(`/api/v2/sessions/${session.id}/entries`, { text: `missed ${i}`, source_id: `m${i}` });
    await client.post(`/api/v2/sessions/${session.id}/stop`);
    const lastLive = await live.client.nextMatching((f) => f.type === 'session' && (f.data as Session).status === 'stopped');
    // Up to the stop: the stop also starts the auto-summary, whose frames may already be arriving.
    const missed = live.client.received.filter((f) => f.type !== 'snapshot' && f.seq > lastSeen.seq && f.seq <= lastLive.seq);
    assert.equal(missed.length, 6);

    const back = await EventsClient.authenticated(lectern.port, lectern.token, lastSeen.seq);
    assert.equal(back.snapshot.type, 'snapshot');
    const replayed: EventFrame[] = [];
    while (replayed.length < missed.length) replayed.push(await back.client.next());
    assert.deepEqual(replayed, missed);
    assert.equal(replayed.at(-1)?.seq, lastLive.seq);
    await Promise.all([live.client.close(), back.client.close()]);
  });

  it('sends nothing extra to a reconnecting client that missed nothing', async () => {
    const { client: first, snapshot } = await EventsClient.authenticated(lectern.port, lectern.token);
    await first.close();
    const { client: again } = await EventsClient.authenticated(lectern.port, lectern.token, snapshot.seq);
    again.send('ping');
    assert.deepEqual(await again.next(), pong, 'no replay and no resync before the pong');
    await again.close();
  });

  it('asks for a resync when after_seq is ahead of this process (a previous run)', async () => {
    const { client: events, snapshot } = await EventsClient.authenticated(lectern.port, lectern.token, Number.MAX_SAFE_INTEGER);
    assert.equal(snapshot.type, 'snapshot');
    assert.equal((await events.next()).type, 'resync_required');
    await events.close();
  });

  it(`keeps a fast client complete while a stalled one gets resync_required, and expires replay after ${ringCapacityFrames} frames`, async () => {
    const fast = await EventsClient.authenticated(lectern.port, lectern.token);
    const slow = await EventsClient.authenticated(lectern.port, lectern.token);
    const startSeq = fast.snapshot.seq;
    slow.client.pauseReading();
    try {
      const session = (await client.post<Session>('/api/v2/sessions', { course_name: 'Burst' })).body;
      const text = `Exam note ${'x'.repeat(burstTextChars)}`;
      let next = 0;
      const worker = async () => {
        while (next < burstAppends) {
          const n = next++;
          const response = await client.post(`/api/v2/sessions/${session.id}/entries`, { text: `${n} ${text}`, source_id: `b${n}` });
          assert.equal(response.status, 201);
        }
      };
      await Promise.all(Array.from({ length: burstConcurrency }, worker));
      assert.equal((await client.post(`/api/v2/sessions/${session.id}/stop`)).status, 200);

      const last = await fast.client.nextMatching((f) => f.type === 'session' && (f.data as Session).status === 'stopped');
      const fastSeqs = fast.client.received.filter((f) => f.type !== 'snapshot').map((f) => f.seq);
      assert.deepEqual(fastSeqs, Array.from({ length: last.seq - startSeq }, (_v, i) => startSeq + 1 + i), 'the fast client missed nothing');
      assert.ok(last.seq - startSeq > ringCapacityFrames);

      slow.client.resumeReading();
      const resync = await slow.client.nextOfType<{ reason: string }>('resync_required');
      assert.equal(resync.data.reason, 'client_too_slow');
      const slowFrames = slow.client.received.filter((f) => f.type === 'transcript' || f.type === 'alert');
      assert.ok(slowFrames.length < fastSeqs.length, 'the stalled client was not sent an unbounded backlog');

      const tooOld = await EventsClient.authenticated(lectern.port, lectern.token, startSeq);
      const answer = await tooOld.client.next<{ reason: string }>();
      assert.equal(answer.type, 'resync_required');
      await tooOld.client.close();
    } finally {
      await Promise.all([fast.client.close(), slow.client.close()]);
    }
  });

  it('closes a connection that sends no auth message within 5 s with 1008', async () => {
    const { code, elapsedMs } = await idleClosed;
    assert.equal(code, policyViolation);
    assert.ok(elapsedMs >= authWindowMs - authWindowSlackMs && elapsedMs <= authWindowMs + authWindowSlackMs * 2, `closed after ${elapsedMs} ms`);
  });
});
