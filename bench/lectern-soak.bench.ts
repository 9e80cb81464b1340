// A 3-hour class compressed into about two minutes, against the real CLI: ordinary speech
// (one entry per half second of class time, 21,600 entries) with a long entry now and then,
// the assistant asked for rescues, catch-ups and follow-ups as the class goes, a summary at the
// end, and WebSocket clients following the stream — one of them stalled. RSS is sampled from
// /proc throughout: every cache is bounded in bytes, so it must level off, not climb.
import { EventsClient } from '../packages/lectern/test/support/events-client.js';
import { LecternClient } from '../packages/lectern/test/support/http-client.js';
import { LecternProcess } from '../packages/lectern/test/support/lectern-process.js';
import { lectureText, residentBytes } from '../packages/lectern/test/support/process-memory.js';
import { KeepAliveClient } from './support/keep-alive-client.js';
import { productionEnv } from './support/production-env.js';
import { report } from './support/stats.js';

const MiB = 1024 * 1024;
/** Three hours at one entry every half second. */
const entries = 21_600;
const ordinaryEntryChars = { min: 60, max: 400 };
/** Every so many entries one runs to the 8,000-character limit (a pasted passage, an ASR run-on). */
const longEntryEvery = 50;
const longEntryChars = 8000;
const appendConcurrency = 4;
/** A task every so many entries: about every 9 minutes of class time, rotating kinds. */
const taskEvery = 1000;
const followingClients = 2;
const sampleEveryMs = 2000;
/** The bound, applied to the whole class. */
const rssGrowthMaxBytes = 150 * MiB;

interface Sample {
  seconds: number;
  entries: number;
  rssMiB: number;
}

function entryText(index: number): string {
  if (index % longEntryEvery === longEntryEvery - 1) return lectureText(index, longEntryChars);
  const span = ordinaryEntryChars.max - ordinaryEntryChars.min;
  return lectureText(index, ordinaryEntryChars.min + ((index * 7919) % span));
}

/**
 * Run twice: as a desktop host starts it (no heap flag: V8's default heap limit under the
 * collection policy the service sets itself in bin/lectern.js), and with the heap
 * ceiling a host may add (`NODE_OPTIONS=--max-old-space-size=160`), under which the service
 * must keep serving.
 */
const heapLimits: (number | null)[] = [null, 160];

for (const heapLimitMiB of heapLimits) {
  await soak(heapLimitMiB);
}

async function soak(heapLimitMiB: number | null): Promise<void> {
const env = heapLimitMiB === null ? productionEnv : { ...productionEnv, NODE_OPTIONS: `--max-old-space-size=${heapLimitMiB}` };
const lectern = await LecternProcess.start({ env });
try {
  const client = new LecternClient(lectern.baseUrl, lectern.token);
  const appender = new KeepAliveClient(lectern.port, lectern.token);
  const followers = await Promise.all(Array.from({ length: followingClients }, () => EventsClient.authenticated(lectern.port, lectern.token)));
  const stalled = await EventsClient.authenticated(lectern.port, lectern.token);
  stalled.client.pauseReading();
  let framesSeen = 0;
  for (const { client: follower } of followers) follower.onFrame(() => framesSeen++);

  const session = (await client.post<{ id: string }>('/api/v2/sessions', { course_name: 'Soak: a three-hour class' })).body;
  const baselineBytes = residentBytes(lectern.pid);
  const startedMs = performance.now();
  const samples: Sample[] = [];
  let appended = 0;
  const sample = () => samples.push({ seconds: Math.round((performance.now() - startedMs) / 1000), entries: appended, rssMiB: Math.round(residentBytes(lectern.pid) / MiB) });
  sample();
  const sampler = setInterval(sample, sampleEveryMs);

  const taskKinds = [{ kind: 'rescue' }, { kind: 'catchup' }, { kind: 'followup', question: 'What did the teacher say about the gradient?' }];
  const tasks: Promise<unknown>[] = [];
  let next = 0;
  let failures = 0;
  await Promise.all(Array.from({ length: appendConcurrency }, async () => {
    while (next < entries) {
      const index = next++;
      const response = await appender.post(`/api/v2/sessions/${session.id}/entries`, { text: entryText(index), source_id: `soak-${index}` });
      if (response.status !== 201) failures++;
      appended++;
      if (index > 0 && index % taskEvery === 0) {
        const body = taskKinds[(index / taskEvery) % taskKinds.length]!;
        tasks.push(client.post(`/api/v2/sessions/${session.id}/assistant`, body).then((r) => (r.status === 202 ? undefined : failures++)));
      }
    }
  }));
  await Promise.all(tasks);
  const stopped = (await client.post<{ summary_task_id: string | null }>(`/api/v2/sessions/${session.id}/stop`)).body;
  // The summary of all 21,600 entries: wait for it to finish (or fail) before the last samples.
  for (let waited = 0; stopped.summary_task_id !== null && waited < 120; waited++) {
    const task = (await client.get<{ status: string }>(`/api/v2/assistant/${stopped.summary_task_id}`)).body;
    if (task.status !== 'queued' && task.status !== 'running') {
      if (task.status !== 'completed') failures++;
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  sample();
  clearInterval(sampler);
  const health = await client.get('/api/v2/status');
  if (health.status !== 200) failures++;

  const peakMiB = Math.max(...samples.map((s) => s.rssMiB));
  const endMiB = samples.at(-1)!.rssMiB;
  const baselineMiB = Math.round(baselineBytes / MiB);
  const peakGrowthMiB = peakMiB - baselineMiB;
  const passed = failures === 0 && peakGrowthMiB * MiB < rssGrowthMaxBytes;
  const heap = heapLimitMiB === null ? 'default heap' : `--max-old-space-size=${heapLimitMiB}`;
  report(`lectern soak: a 3-hour class compressed (entries, tasks, WebSocket clients), ${heap}`, 'RSS growth < 150 MB at its peak, no failed request', passed, {
    heap,
    entries,
    transcriptMiB: Math.round((Array.from({ length: entries }, (_v, i) => entryText(i).length).reduce((a, b) => a + b, 0) / MiB) * 10) / 10,
    tasks: tasks.length + (stopped.summary_task_id === null ? 0 : 1),
    durationSeconds: Math.round((performance.now() - startedMs) / 1000),
    framesSeenPerFollower: Math.round(framesSeen / followingClients),
    failures,
    baselineRssMiB: baselineMiB,
    peakRssMiB: peakMiB,
    endRssMiB: endMiB,
    peakGrowthMiB,
    // RSS every ~10% of the run, for the table in docs/benchmarks.md.
    rssOverTime: samples.filter((_s, i) => i % Math.max(1, Math.floor(samples.length / 10)) === 0 || i === samples.length - 1),
  });
  appender.close();
  for (const { client: follower } of followers) await follower.close();
  await stalled.client.close();
} finally {
  await lectern.dispose();
}
}
