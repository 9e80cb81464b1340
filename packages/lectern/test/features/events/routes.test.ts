import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type WebSocket from 'ws';
import { connectionFrames } from '../../../src/features/events/frames.js';
import { eventsPath } from '../../../src/features/events/routes.js';
import { busEvents } from '../../../src/event-catalogue.js';
import { featureServerToken, startFeatureServer, type FeatureServer } from '../../support/feature-server.js';

interface Frame {
  type: string;
  seq?: number;
  session_id: string | null;
  data: Record<string, unknown>;
}

/** The frames a socket receives, awaited one at a time, and its close code. */
function reader(socket: WebSocket) {
  const received: Frame[] = [];
  const waiting: ((frame: Frame) => void)[] = [];
  socket.on('message', (data) => {
    const frame = JSON.parse(String(data)) as Frame;
    const waiter = waiting.shift();
    if (waiter) waiter(frame);
    else received.push(frame);
  });
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  return {
    next: (): Promise<Frame> => {
      const frame = received.shift();
      return frame ? Promise.resolve(frame) : new Promise((resolve) => waiting.push(resolve));
    },
    closed,
  };
}

const documentedTypes = [...Object.keys(busEvents), ...Object.keys(connectionFrames)];

describe('event routes', () => {
  let feature: FeatureServer;
  const connect = () => feature.server.injectWS(eventsPath, { headers: { host: 'localhost' } });

  before(async () => {
    feature = await startFeatureServer(['events']);
  });
  after(() => feature.close());

  it('after auth sends the snapshot, then the live stream, and answers pings', async () => {
    const socket = await connect();
    const frames = reader(socket);
    socket.send(JSON.stringify({ type: 'auth', token: featureServerToken }));
    const snapshot = await frames.next();
    assert.deepEqual(snapshot, { type: 'snapshot', seq: 0, session_id: null, data: { session: null, source: null } });
    const session = await feature.services.sessions.create({ course_name: 'Live' });
    const live = await frames.next();
    assert.equal(live.type, 'session');
    assert.equal(live.session_id, session.id);
    assert.equal(live.seq, 1);
    socket.send('ping');
    assert.deepEqual(await frames.next(), { type: 'pong', session_id: null, data: {} });
    socket.terminate();
  });

  it('closes with 1008 when the first message does not carry the token', async () => {
    const socket = await connect();
    const frames = reader(socket);
    socket.send(JSON.stringify({ type: 'auth', token: 'wrong' }));
    assert.equal(await frames.closed, 1008);
  });

  it('lists every frame type in the OpenAPI document, from the same definitions that type the bus', async () => {
    const response = await feature.inject({ method: 'GET', url: '/api/v2/openapi.json' });
    assert.equal(response.statusCode, 200);
    const eventFrame = response.json<{ components: { schemas: { EventFrame: { oneOf: { title: string }[] } } } }>().components.schemas.EventFrame;
    assert.deepEqual(eventFrame.oneOf.map((frame) => frame.title), documentedTypes);
  });
});
