import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApiError } from '../../../src/platform/errors.js';
import { openDatabase, type Db } from '../../../src/platform/db.js';
import { EventHub } from '../../../src/platform/events.js';
import type { BusEvents, BusFrame } from '../../../src/event-catalogue.js';
import { createSessionService, type SessionService } from '../../../src/features/sessions/service.js';
import { createSessionStore } from '../../../src/features/sessions/store.js';

/** A capture start the test finishes (or fails) when it chooses, as a slow device does. */
function deferredCapture() {
  let finish!: (error?: Error) => void;
  const started = new Promise<void>((resolve, reject) => {
    finish = (error) => (error ? reject(error) : resolve());
  });
  return { start: () => started, finish };
}

describe('session service: a microphone class stopped while its device opens', () => {
  let dataDir: string;
  let db: Db;
  let hub: EventHub<BusEvents>;
  const frames: BusFrame[] = [];

  before(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'lectern-sessions-'));
    db = openDatabase(dataDir);
    hub = new EventHub<BusEvents>(db);
    hub.subscribe(({ frame }) => frames.push(frame));
  });
  after(() => {
    db.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const serviceWith = (capture: ReturnType<typeof deferredCapture>): SessionService => createSessionService(createSessionStore(db), hub, capture.start);

  it('stays stopped once the capture starts, and the last session event says stopped', async () => {
    const capture = deferredCapture();
    const sessions = serviceWith(capture);
    const creating = sessions.create({ source: 'microphone' });
    const starting = sessions.current();
    assert.equal(starting?.status, 'starting');
    sessions.stop(starting.id);
    capture.finish();
    const created = await creating;
    assert.equal(created.status, 'stopped');
    assert.equal(sessions.get(starting.id).status, 'stopped');
    assert.equal(sessions.current(), undefined);
    const last = frames.filter((frame) => frame.type === 'session').at(-1);
    assert.equal(last?.type === 'session' ? last.data.status : undefined, 'stopped');
  });

  it('stays stopped when the capture then fails (the 503 is still answered)', async () => {
    const capture = deferredCapture();
    const sessions = serviceWith(capture);
    const creating = sessions.create({ source: 'microphone' });
    const starting = sessions.current();
    assert.ok(starting);
    sessions.stop(starting.id);
    capture.finish(new Error('no device'));
    await assert.rejects(creating, (error: unknown) => error instanceof ApiError && error.code === 'device_unavailable');
    assert.equal(sessions.get(starting.id).status, 'stopped');
    assert.equal(sessions.current(), undefined);
  });

  it('a class still starting when the capture is up records, and one whose capture fails is current in error', async () => {
    const ok = deferredCapture();
    const recording = serviceWith(ok).create({ source: 'microphone' });
    ok.finish();
    const session = await recording;
    assert.equal(session.status, 'recording');
    serviceWith(ok).stop(session.id);

    const failing = deferredCapture();
    const sessions = serviceWith(failing);
    const creating = sessions.create({ source: 'microphone' });
    failing.finish(new Error('no device'));
    await assert.rejects(creating);
    assert.equal(sessions.current()?.status, 'error');
  });
});
