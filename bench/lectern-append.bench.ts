// Entry append latency at a steady 200 requests/s against the real CLI, with the database
// settings Lectern ships (every acknowledged entry is committed before the answer).
import { KeepAliveClient } from './support/keep-alive-client.js';
import { LecternProcess } from '../packages/lectern/test/support/lectern-process.js';
import { measureFsync } from './support/fsync-baseline.js';
import { runAtFixedRate } from './support/open-loop.js';
import { productionEnv } from './support/production-env.js';
import { elapsedMs, report, summarise } from './support/stats.js';

const requestsPerSecond = 200;
const warmupRequests = 200;
const measuredRequests = 2000;
/** One at a time after the fixed-rate run: the cost of an append with no queue in front of it. */
const sequentialRequests = 500;
const targetP99Ms = 5;
const entryText = 'The derivative of x squared is two x, which we will use again on Thursday.';

const lectern = await LecternProcess.start({ env: productionEnv });
try {
  const client = new KeepAliveClient(lectern.port, lectern.token);
  const session = JSON.parse((await client.post('/api/v2/sessions', { course_name: 'Append benchmark' })).text) as { id: string };
  const append = (prefix: string) => async (index: number) => {
    const response = await client.post(`/api/v2/sessions/${session.id}/entries`, { text: `${entryText} (${index})`, source_id: `${prefix}-${index}` });
    if (response.status !== 201) throw new Error(`append answered ${response.status}: ${response.text}`);
  };
  await runAtFixedRate(warmupRequests, requestsPerSecond, append('warmup'));
  const latencies = await runAtFixedRate(measuredRequests, requestsPerSecond, append('measured'));
  const sequentialMs: number[] = [];
  const appendSequential = append('sequential');
  const sequentialStartMs = performance.now();
  for (let index = 0; index < sequentialRequests; index++) {
    const startMs = performance.now();
    await appendSequential(index);
    sequentialMs.push(elapsedMs(startMs));
  }
  const sequentialPerSecond = Math.round(sequentialRequests / (elapsedMs(sequentialStartMs) / 1000));
  const summary = summarise(latencies);
  report('lectern entry append (POST /sessions/{id}/entries, WAL synchronous=NORMAL)', `p99 < ${targetP99Ms} ms at ${requestsPerSecond} req/s`, summary.p99Ms < targetP99Ms, {
    requestsPerSecond,
    ...summary,
    oneAtATime: summarise(sequentialMs),
    oneAtATimePerSecond: sequentialPerSecond,
    diskFsyncAlone: measureFsync(lectern.dataDir),
  });
  client.close();
} finally {
  await lectern.dispose();
}
