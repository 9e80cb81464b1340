// Export of a 100,000-entry class: time to the last byte, and the server's RSS sampled from
// /proc while it streams. A second class ten times larger is exported after it: memory is
// flat when the larger export raises the peak by only a small fraction of its extra bytes.
// Seeding goes straight into the database while Lectern is stopped: through the API every
// append is fsynced, which would take minutes on this disk and measure nothing about export.
import Database from 'better-sqlite3';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LecternClient } from '../packages/lectern/test/support/http-client.js';
import { LecternProcess, createTempDataDir, removeTempDataDir } from '../packages/lectern/test/support/lectern-process.js';
import { productionEnv } from './support/production-env.js';
import { elapsedMs, report } from './support/stats.js';

const targetEntryCount = 100_000;
const scalingEntryCount = 1_000_000;
const targetMs = 1000;
/**
 * Share of the larger export's extra bytes that may show up as extra peak RSS and still be
 * "flat". A server that buffered the export would grow by at least all of them; garbage
 * collection timing alone moves the peak by up to ~20 MB between runs.
 */
const flatGrowthShareMax = 0.25;
const rssSampleIntervalMs = 5;
const bytesPerMb = 1024 * 1024;
const lineText = 'So the integral of a rate gives the total change, and that is the whole idea behind the fundamental theorem';

function rssMb(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : Number.NaN;
}

function seedEntries(dataDir: string, sessionId: string, count: number): void {
  const db = new Database(join(dataDir, 'lectern.db'));
  const insert = db.prepare('INSERT INTO entries (session_id, text, source_id, created_at) VALUES (?, ?, ?, ?)');
  const startedAt = Date.now();
  db.transaction(() => {
    for (let i = 0; i < count; i++) insert.run(sessionId, `${lineText} (${i})`, `seed-${i}`, new Date(startedAt + i * 1000).toISOString());
    db.prepare('UPDATE sessions SET entry_count = ? WHERE id = ?').run(count, sessionId);
  })();
  db.close();
}

async function createStoppedSession(client: LecternClient, courseName: string): Promise<string> {
  const session = (await client.post<{ id: string }>('/api/v2/sessions', { course_name: courseName })).body;
  await client.post(`/api/v2/sessions/${session.id}/stop`);
  return session.id;
}

interface ExportRun {
  bytes: number;
  lines: number;
  ms: number;
  peakRssMb: number;
}

/** Streams one export to the end without keeping it, sampling the server's RSS meanwhile. */
async function timedExport(lectern: LecternProcess, sessionId: string): Promise<ExportRun> {
  let peakRssMb = rssMb(lectern.pid);
  const sampler = setInterval(() => {
    peakRssMb = Math.max(peakRssMb, rssMb(lectern.pid));
  }, rssSampleIntervalMs);
  const startMs = performance.now();
  const response = await fetch(`${lectern.baseUrl}/api/v2/sessions/${sessionId}/export`, { headers: { authorization: `Bearer ${lectern.token}` } });
  let bytes = 0;
  let lines = 0;
  for await (const chunk of response.body ?? []) {
    const view = chunk as Uint8Array;
    bytes += view.length;
    for (const byte of view) if (byte === 0x0a) lines++;
  }
  const ms = elapsedMs(startMs);
  clearInterval(sampler);
  if (response.status !== 200) throw new Error(`export answered ${response.status}`);
  return { bytes, lines, ms, peakRssMb: Math.max(peakRssMb, rssMb(lectern.pid)) };
}

const round = (value: number) => Math.round(value * 10) / 10;
const dataDir = createTempDataDir();
try {
  const first = await LecternProcess.start({ dataDir });
  const firstClient = new LecternClient(first.baseUrl, first.token);
  const targetSession = await createStoppedSession(firstClient, 'Export benchmark');
  const scalingSession = await createStoppedSession(firstClient, 'Export scaling check');
  await first.stop();
  const seedStartMs = performance.now();
  seedEntries(dataDir, targetSession, targetEntryCount);
  seedEntries(dataDir, scalingSession, scalingEntryCount);
  const seedMs = elapsedMs(seedStartMs);

  const lectern = await LecternProcess.start({ dataDir, env: productionEnv });
  try {
    await new LecternClient(lectern.baseUrl, lectern.token).get('/api/v2/status');
    const baselineMb = rssMb(lectern.pid);
    const target = await timedExport(lectern, targetSession);
    const scaling = await timedExport(lectern, scalingSession);
    if (target.lines !== targetEntryCount || scaling.lines !== scalingEntryCount) throw new Error('an export lost lines');

    const extraPeakMb = scaling.peakRssMb - target.peakRssMb;
    const extraExportMb = (scaling.bytes - target.bytes) / bytesPerMb;
    const flat = extraPeakMb < flatGrowthShareMax * extraExportMb;
    report(
      `lectern export of ${targetEntryCount} entries (GET /sessions/{id}/export, streamed)`,
      `< ${targetMs} ms; flat memory (a ${scalingEntryCount / targetEntryCount}x larger export adds < ${flatGrowthShareMax * 100}% of its extra bytes to peak RSS)`,
      target.ms < targetMs && flat,
      {
        exportMs: Math.round(target.ms),
        exportMb: round(target.bytes / bytesPerMb),
        rssBaselineMb: round(baselineMb),
        rssPeakMb: round(target.peakRssMb),
        rssGrowthMb: round(target.peakRssMb - baselineMb),
        [`export${scalingEntryCount / 1000}kMs`]: Math.round(scaling.ms),
        [`export${scalingEntryCount / 1000}kMb`]: round(scaling.bytes / bytesPerMb),
        [`rssPeak${scalingEntryCount / 1000}kMb`]: round(scaling.peakRssMb),
        flatMemory: flat,
        seedingMs: Math.round(seedMs),
      },
    );
  } finally {
    await lectern.stop();
  }
} finally {
  removeTempDataDir(dataDir);
}
