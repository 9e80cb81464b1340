// The scenario of issue 29, shared by the append and the fan-out benches: entries appended at
// a paced 200 requests/s while 10 authenticated WebSocket clients follow the event stream, as
// a class with a teacher's laptop and a room of readers produces. Each bench reports its own
// half of the same run.
import { EventsClient, type EventFrame } from '../../packages/lectern/test/support/events-client.js';
import { LecternProcess } from '../../packages/lectern/test/support/lectern-process.js';
import { KeepAliveClient } from './keep-alive-client.js';
import { runAtFixedRate } from './open-loop.js';
import { productionEnv } from './production-env.js';
import { ServerLoopLag, type LoopLag } from './server-loop-lag.js';

export const appendsPerSecond = 200;
export const clientCount = 10;
/** How many appends warm up and how many are measured. */
export interface AppendCounts {
  readonly warmupAppends: number;
  readonly measuredAppends: number;
}

/**
 * Five seconds at the rate warm the JIT, the statement cache and the sockets; twenty seconds
 * are long enough to include whatever stalls "every few seconds".
 */
export const FULL_RUN: AppendCounts = { warmupAppends: 1000, measuredAppends: 4000 };
const entryText = 'The derivative of x squared is two x, which we will use again on Thursday.';

interface TranscriptData {
  source_id: string;
  created_at: string;
}

export interface AppendUnderFanoutRun {
  /** Each measured append, from its scheduled start to its 201 (open loop: no coordinated omission). */
  appendMs: number[];
  /** Each client's receipt of each measured transcript frame, from the server's stamp on the entry (1 ms resolution). */
  sinceCreatedMs: number[];
  /** Each receipt, from the moment the append was sent (includes the HTTP request and the commit). */
  appendSentToReceivedMs: number[];
  /** Per measured frame, the time between the first and the last client's receipt. */
  firstToLastClientMs: number[];
  /** The server's own event-loop delay over the measured part. */
  serverLoop: LoopLag;
  /** Extra environment the run was started with (for the report). */
  env: Record<string, string>;
}

/** Starts Lectern, connects the clients, runs warm-up then the measured appends, and stops it. */
export async function runAppendUnderFanout(extraEnv: Record<string, string> = {}, counts: AppendCounts = FULL_RUN): Promise<AppendUnderFanoutRun> {
  const { warmupAppends, measuredAppends } = counts;
  const loopLag = new ServerLoopLag();
  const env = { ...productionEnv, ...loopLag.env, ...extraEnv };
  if (extraEnv.NODE_OPTIONS !== undefined) env.NODE_OPTIONS = `${loopLag.env.NODE_OPTIONS} ${extraEnv.NODE_OPTIONS}`;
  const lectern = await LecternProcess.start({ env });
  try {
    const http = new KeepAliveClient(lectern.port, lectern.token);
    const session = JSON.parse((await http.post('/api/v2/sessions', { course_name: 'Append under fan-out' })).text) as { id: string };
    const total = warmupAppends + measuredAppends;
    const sentAtMs = new Array<number>(total);
    const receivedAtMs: number[][] = Array.from({ length: total }, () => []);
    const sinceCreatedMs: number[] = [];
    const clients = await Promise.all(Array.from({ length: clientCount }, () => EventsClient.authenticated(lectern.port, lectern.token)));
    const delivered = clients.map(({ client }) => new Promise<void>((resolve) => {
      let seen = 0;
      client.onFrame((frame: EventFrame) => {
        if (frame.type !== 'transcript') return;
        const data = frame.data as TranscriptData;
        const index = Number(data.source_id);
        receivedAtMs[index]!.push(performance.now());
        // Client and server share this machine's clock, so receipt minus created_at is the
        // server-side insert + fan-out, without the HTTP round trip of the append.
        if (index >= warmupAppends) sinceCreatedMs.push(Date.now() - Date.parse(data.created_at));
        if (++seen === total) resolve();
      });
    }));
    const append = (offset: number) => async (index: number) => {
      sentAtMs[offset + index] = performance.now();
      const response = await http.post(`/api/v2/sessions/${session.id}/entries`, { text: `${entryText} (${offset + index})`, source_id: String(offset + index) });
      if (response.status !== 201) throw new Error(`append answered ${response.status}: ${response.text}`);
    };
    await runAtFixedRate(warmupAppends, appendsPerSecond, append(0));
    await loopLag.since(lectern.pid);
    const appendMs = await runAtFixedRate(measuredAppends, appendsPerSecond, append(warmupAppends));
    const serverLoop = await loopLag.since(lectern.pid);
    await Promise.all(delivered);
    await Promise.all(clients.map(({ client }) => client.close()));
    http.close();
    const measured = receivedAtMs.slice(warmupAppends);
    return {
      appendMs,
      sinceCreatedMs,
      appendSentToReceivedMs: measured.flatMap((times, index) => times.map((at) => at - sentAtMs[warmupAppends + index]!)),
      firstToLastClientMs: measured.map((times) => Math.max(...times) - Math.min(...times)),
      serverLoop,
      env: extraEnv,
    };
  } finally {
    await lectern.dispose();
    loopLag.dispose();
  }
}
