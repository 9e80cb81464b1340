import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { EventsClient } from '../support/events-client.js';
import type { LecternClient } from '../support/http-client.js';
import { useLectern } from '../support/lectern-fixture.js';
import type { LecternProcess } from '../support/lectern-process.js';

interface IssuedCode {
  code: string;
  url: string;
  expires_in: number;
}

describe('login codes for the web workspace', () => {
  let lectern: LecternProcess;
  let client: LecternClient;
  let ownOrigin: string;

  useLectern((started, startedClient) => {
    lectern = started;
    client = startedClient;
    ownOrigin = started.baseUrl;
  }, { keepStderr: true, env: { LECTERN_LOG_LEVEL: 'info' } });

  const issue = async (): Promise<IssuedCode> => {
    const response = await client.post<IssuedCode>('/api/v2/auth/codes');
    assert.equal(response.status, 201);
    return response.body;
  };
  const exchange = (code: unknown, origin: string | null = ownOrigin) =>
    client.withToken(null).post<{ token?: string; error?: string }>('/api/v2/auth/exchange', { code }, {
      headers: origin === null ? {} : { origin },
    });

  it('issues a code only to a holder of the token', async () => {
    const refused = await client.withToken(null).post<{ error: string }>('/api/v2/auth/codes');
    assert.equal(refused.status, 401);
    const issued = await issue();
    assert.equal(issued.expires_in, 60);
    assert.equal(issued.url, `${lectern.baseUrl}/#code=${issued.code}`);
    assert.ok(!issued.url.includes(lectern.token));
  });

  it('trades a code once for the token, from the instance\'s own origin without any allow-list entry', async () => {
    const { code } = await issue();
    const first = await exchange(code);
    assert.equal(first.status, 200);
    assert.deepEqual(first.body, { token: lectern.token });
    const again = await exchange(code);
    assert.equal(again.status, 401);
    assert.equal(again.body.error, 'unauthorized');
    assert.equal(again.body.token, undefined);
  });

  it('answers 401 for an unknown code and hands out nothing', async () => {
    const response = await exchange('made-up-code');
    assert.equal(response.status, 401);
    assert.ok(!response.text.includes(lectern.token));
  });

  it('refuses an exchange without the own origin, and the code stays usable', async () => {
    const { code } = await issue();
    const noOrigin = await exchange(code, null);
    assert.equal(noOrigin.status, 403);
    assert.equal(noOrigin.body.error, 'origin_denied');
    for (const origin of ['tauri://localhost', `http://127.0.0.1:${lectern.port + 1}`, 'https://evil.example']) {
      const response = await exchange(code, origin);
      assert.equal(response.status, 403, origin);
      assert.ok(!response.text.includes(lectern.token));
    }
    assert.equal((await exchange(code)).status, 200);
  });

  it('validates the exchange body with 422', async () => {
    const response = await exchange(42);
    assert.equal(response.status, 422);
  });

  it('lets the own origin use the API and the events socket once it holds the token', async () => {
    const status = await client.get('/api/v2/status', { headers: { origin: ownOrigin } });
    assert.equal(status.status, 200);
    assert.equal(status.headers.get('access-control-allow-origin'), ownOrigin);
    const events = await EventsClient.connect(lectern.port, { origin: ownOrigin });
    try {
      events.sendAuth(lectern.token);
      const snapshot = await events.next();
      assert.equal(snapshot.type, 'snapshot');
    } finally {
      await events.close();
    }
  });

  it('keeps every other rule: a foreign origin is still refused, and no token or code reaches the log', async () => {
    const foreign = await client.get<{ error: string }>('/api/v2/status', { headers: { origin: 'http://localhost:1421' } });
    assert.equal(foreign.status, 403);
    const { code } = await issue();
    await exchange(code);
    const log = lectern.stderrLines.join('\n');
    assert.match(log, /auth\/exchange/);
    assert.ok(!log.includes(lectern.token));
    assert.ok(!log.includes(code));
  });
});
