// Event fan-out: 10 authenticated WebSocket clients; entries are appended at a steady rate and
// each client's receipt of the transcript frame is timed from the moment the append was sent.
import { EventsClient, type EventFrame } from '../packages/lectern/test/support/events-client.js';
import { LecternProcess } from '../packages/lectern/test/support/lectern-process.js';
import { runAtFixedRate } from './support/open-loop.js';
import { KeepAliveClient } from './support/keep-alive-client.js';
import { productionEnv } from './support/production-env.js';
import { report, summarise } from './support/stats.js';

const clientCount = 10;
const appendsPerSecond = 50;
const appendCount = 500;
const targetP99Ms = 5;

interface TranscriptData {
  source_id: string;
  created_at: string;
}

const lectern = await LecternProcess.start({ env: productionEnv });
try {
  const http = new KeepAliveClient(lectern.port, lectern.token);
  const session = JSON.parse((await http.post('/api/v2/sessions', { course_name: 'Fan-out benchmark' })).text) as { id: string };
  const sentAtMs = new Array<number>(appendCount);
  const receivedAtMs: number[][] = Array.from({ length: appendCount }, () => []);
  // The entry's created_at is stamped by the server just before it stores and publishes the
  // entry; client and server share this machine's clock, so receipt minus created_at is the
  // server-side fan-out (plus the insert), to the millisecond, without the HTTP round trip.
  const sinceCreatedMs: number[] = [];

  const clients = await Promise.all(Array.from({ length: clientCount }, () => EventsClient.authenticated(lectern.port, lectern.token)));
  const delivered = clients.map(({ client }) => new Promise<void>((resolve) => {
    let seen = 0;
    client.onFrame((frame: EventFrame) => {
      if (frame.type !== 'transcript') return;
      const data = frame.data as TranscriptData;
      receivedAtMs[Number(data.source_id)]!.push(performance.now());
      sinceCreatedMs.push(Date.now() - Date.parse(data.created_at));
      if (++seen === appendCount) resolve();
    });
  }));

  await runAtFixedRate(appendCount, appendsPerSecond, async (index) => {
    sentAtMs[index] = performance.now();
    const response = await http.post(`/api/v2/sessions/${session.id}/entries`, { text: `Fan-out line ${index}`, source_id: String(index) });
    if (response.status !== 201) throw new Error(`append answered ${response.status}`);
  });
  await Promise.all(delivered);
  await Promise.all(clients.map(({ client }) => client.close()));
  http.close();

  const deliveryMs = receivedAtMs.flatMap((times, index) => times.map((at) => at - sentAtMs[index]!));
  const spreadMs = receivedAtMs.map((times) => Math.max(...times) - Math.min(...times));
  const fanOut = summarise(sinceCreatedMs);
  report(
    `lectern event fan-out to ${clientCount} clients (entry stamped -> transcript frame received, 1 ms resolution)`,
    `p99 < ${targetP99Ms} ms`,
    fanOut.p99Ms < targetP99Ms,
    { clientCount, appendsPerSecond, fanOut, appendSentToReceived: summarise(deliveryMs), firstToLastClient: summarise(spreadMs) },
  );
} finally {
  await lectern.dispose();
}
