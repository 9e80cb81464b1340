import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync } from 'node:fs';
import { LecternClient } from '../support/http-client.js';
import { LecternProcess } from '../support/lectern-process.js';
import { attemptUpgrade } from '../support/raw-http.js';
import { eventsPath } from '../support/events-client.js';

/** How long the server may take to answer and close a refused upgrade on a busy machine. */
const closeWaitMs = 2000;
/** More refused upgrades than the 64-descriptor limit that once took the service down. */
const floodAttempts = 100;
const floodConcurrency = 25;
/** The bound for a graceful stop after a flood. */
const shutdownMaxMs = 2000;
/** Descriptors a test may legitimately see opened meanwhile (a keep-alive socket, a WAL file). */
const descriptorSlack = 4;

function openDescriptors(pid: number): number {
  return readdirSync(`/proc/${pid}/fd`).length;
}

describe('refused WebSocket upgrades', () => {
  it('answers every refusal (bad Origin, bad Host, no token, unknown route) and closes the socket itself', async () => {
    const lectern = await LecternProcess.start();
    try {
      const cases: { what: string; path: string; headers: Record<string, string>; status: number }[] = [
        { what: 'foreign Origin', path: eventsPath, headers: { origin: 'https://evil.example' }, status: 403 },
        { what: 'rebinding Host', path: eventsPath, headers: { host: `evil.example:${lectern.port}` }, status: 403 },
        { what: 'another route without a token', path: '/api/v2/status', headers: {}, status: 401 },
        { what: 'an unknown route with the token', path: '/api/v2/nowhere', headers: { authorization: `Bearer ${lectern.token}` }, status: 404 },
      ];
      for (const { what, path, headers, status } of cases) {
        const outcome = await attemptUpgrade(lectern.port, path, headers, closeWaitMs);
        assert.deepEqual(outcome, { status, closedByServer: true }, what);
      }
    } finally {
      await lectern.dispose();
    }
  });

  it('survives a flood of refused upgrades: no descriptor kept, still serving, SIGTERM exits within 2 s', async () => {
    const lectern = await LecternProcess.start();
    try {
      const client = new LecternClient(lectern.baseUrl, lectern.token);
      assert.equal((await client.get('/api/v2/status')).status, 200);
      const descriptorsBefore = openDescriptors(lectern.pid);

      const outcomes = [];
      for (let started = 0; started < floodAttempts; started += floodConcurrency) {
        const batch = Array.from({ length: Math.min(floodConcurrency, floodAttempts - started) }, () =>
          attemptUpgrade(lectern.port, eventsPath, { origin: 'https://evil.example' }, closeWaitMs));
        outcomes.push(...(await Promise.all(batch)));
      }
      assert.equal(outcomes.filter((o) => o.status === 403).length, floodAttempts, 'every attempt was answered 403');
      assert.equal(outcomes.filter((o) => o.closedByServer).length, floodAttempts, 'every attempt was closed by the server');
      assert.ok(openDescriptors(lectern.pid) <= descriptorsBefore + descriptorSlack,
        `descriptors ${descriptorsBefore} before, ${openDescriptors(lectern.pid)} after`);
      assert.equal((await client.get('/api/v2/status')).status, 200);

      const stoppingAt = Date.now();
      assert.deepEqual(await lectern.stop(), { code: 0, signal: null });
      const elapsedMs = Date.now() - stoppingAt;
      assert.ok(elapsedMs < shutdownMaxMs, `exit took ${elapsedMs} ms`);
      assert.equal(existsSync(lectern.ready.connection_file), false);
    } finally {
      await lectern.dispose();
    }
  });
});
