// Entry append latency in the scenario of issue 29: a paced 200 requests/s against the real
// CLI while 10 WebSocket clients follow the event stream, with the database settings Lectern
// ships (every acknowledged entry is committed before the answer). The server's own event-loop
// delay is reported beside it: a p99 far above the p50 with a large loop max is a stall inside
// the server, not the network.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { appendsPerSecond, clientCount, runAppendUnderFanout } from './support/append-under-fanout.js';
import { measureFsync } from './support/fsync-baseline.js';
import { report, summarise } from './support/stats.js';

/** The bound; its goal is 5 ms. */
const targetP99Ms = 15;
const targetP50Ms = 3;

const run = await runAppendUnderFanout();
const summary = summarise(run.appendMs);
const diskDir = mkdtempSync(join(tmpdir(), 'lectern-fsync-'));
const diskFsyncAlone = measureFsync(diskDir);
rmSync(diskDir, { recursive: true, force: true });
report(
  `lectern entry append (POST /sessions/{id}/entries) at ${appendsPerSecond} req/s with ${clientCount} WebSocket clients`,
  `p50 <= ${targetP50Ms} ms, p99 <= ${targetP99Ms} ms`,
  summary.p50Ms <= targetP50Ms && summary.p99Ms <= targetP99Ms,
  { requestsPerSecond: appendsPerSecond, clientCount, ...summary, serverLoop: run.serverLoop, diskFsyncAlone },
);
