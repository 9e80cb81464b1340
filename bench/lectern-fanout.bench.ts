// Event fan-out: 10 authenticated WebSocket clients; entries are appended at a steady rate and
// each client's receipt of the transcript frame is timed from the moment the append was sent.
import { EventsClient, type EventFrame } from '../packages/lectern/test/support/events-client.js';
import { LecternClient } from '../packages/lectern/test/support/http-client.js';
import { LecternProcess } from '../packages/lectern/test/support/lectern-process.js';
import { runAtFixedRate } from './support/open-loop.js';
import { productionEnv } from './support/production-env.js';
import { report, summarise } from './support/stats.js';

const clientCount = 10;
const appendsPerSecond = 50;
const appendCount = 500;
const targetP99Ms = 5;

interface TranscriptData {
  source_id: string;
}

const lectern = await LecternProcess.start({ env: productionEnv });
try {
  const http = new LecternClient(lectern.baseUrl, lectern.token);
  const session = (await http.post<{ id: string }>('/api/v2/sessions', { course_name: 'Fan-out benchmark' })).body;
  const sentAtMs = new Array<number>(appendCount);
  const receivedAtMs: number[][] = Array.from({ length: appendCount }, () => []);

  const clients = await Promise.all(Array.from({ length: clientCount }, () => EventsClient.authenticated(lectern.port, lectern.token)));
  const delivered = clients.map(({ client }) => new Promise<void>((resolve) => {
    let seen = 0;
    client.onFrame((frame: EventFrame) => {
      if (frame.type !== 'transcript') return;
      const index = Number((frame.data as TranscriptData).source_id);
      receivedAtMs[index]!.push(performance.now());
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

  const deliveryMs = receivedAtMs.flatMap((times, index) => times.map((at) => at - sentAtMs[index]!));
  const spreadMs = receivedAtMs.map((times) => Math.max(...times) - Math.min(...times));
  const delivery = summarise(deliveryMs);
  report(
    `lectern event fan-out to ${clientCount} clients (append sent -> transcript frame received)`,
    `p99 < ${targetP99Ms} ms (the figure includes the durable append itself)`,
    delivery.p99Ms < targetP99Ms,
    { clientCount, appendsPerSecond, delivery, firstToLastClient: summarise(spreadMs) },
  );
} finally {
  await lectern.dispose();
}
