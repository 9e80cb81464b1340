// Course materials: how long a 100-slide PPTX and a 300-page PDF (made by LibreOffice, see
// packages/lectern/test/fixtures/materials/make-fixtures.py) take to upload and parse through
// the real CLI, whether the server keeps answering meanwhile, the peak memory of the server and
// its parse processes (for those files, a PDF stream bomb and four concurrent 24.9 MiB texts),
// and what grounding a task in the material adds to building its context.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { materials } from '../packages/lectern/src/config.js';
import { pdfStreamBomb } from '../packages/lectern/test/features/materials/hostile-files.js';
import { LecternProcess } from '../packages/lectern/test/support/lectern-process.js';
import { peakTreeResident, residentBytes } from '../packages/lectern/test/support/process-memory.js';
import type { BuiltContext } from '../packages/lectern/src/answer-engine/context/build.js';
import type { ContextInput } from '../packages/lectern/src/answer-engine/context/prompt-input.js';
import type { MaterialText, TranscriptLine } from '../packages/lectern/src/answer-engine/types.js';
import { importBundled } from './support/bundled.js';
import { productionEnv } from './support/production-env.js';
import { ServerLoopLag } from './support/server-loop-lag.js';
import { elapsedMs, report, summarise } from './support/stats.js';

const fixtures = [
  { name: 'slides-100.pptx', targetMs: 2000 },
  { name: 'reader-300.pdf', targetMs: 2000 },
] as const;
const runsPerFile = 5;
/** A health probe this late means the server's event loop was blocked for about that long. */
const targetLagMs = 50;
const probeIntervalMs = 5;
const targetContextMs = 20;
const contextRuns = 50;
const workerHeapLimitMb = materials.parseWorkerHeapMb;
const MiB = 1024 * 1024;
/** What all parses at once may take. */
const parseBudgetMiB = materials.parseMemoryBudgetMb;
const bombInflatedMiB = 1024;
const largeTextBytes = Math.floor(24.9 * MiB);
const largeTextUploads = 4;
/** For the parse processes to exit before the server's RSS is read as what it kept. */
const settleMs = 2000;

// The CLI runs from its bundle, as users run it; make sure the bundle is current.
spawnSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });

interface StoredMaterial {
  id: string;
  filename: string;
  text: string;
  page_label: 'page' | 'slide' | null;
  page_texts: { number: number; text: string }[];
  pages: number | null;
}

/** Probes the server's health one after another until `active()` turns false; each answer's delay is the longest it could not answer. */
async function probeHealth(baseUrl: string, active: () => boolean): Promise<number[]> {
  const delays: number[] = [];
  while (active()) {
    const started = performance.now();
    await fetch(`${baseUrl}/api/health`);
    delays.push(elapsedMs(started));
    await new Promise((resolve) => setTimeout(resolve, probeIntervalMs));
  }
  return delays;
}

// The server's own event-loop delay, measured inside it (support/event-loop-lag.mjs).
const loopLag = new ServerLoopLag();

const lectern = await LecternProcess.start({
  env: { ...productionEnv, ...loopLag.env },
});
const stored: StoredMaterial[] = [];
let fixturesPeakBytes = 0;
try {
  const auth = { authorization: `Bearer ${lectern.token}` };
  // The same probes on an idle server: on a shared machine, what scheduling alone costs.
  await loopLag.since(lectern.pid);
  const idleUntil = performance.now() + 5000;
  const idle = summarise(await probeHealth(lectern.baseUrl, () => performance.now() < idleUntil));
  const idleLoop = await loopLag.since(lectern.pid);
  report('lectern health probes, idle server (baseline for the lag figures below)', 'none (reference)', true, { healthProbesIdle: idle, serverLoopIdle: idleLoop });
  for (const { name, targetMs } of fixtures) {
    const bytes = readFileSync(new URL(`./fixtures/${name}`, import.meta.url));
    const uploadMs: number[] = [];
    const probeMs: number[] = [];
    await loopLag.since(lectern.pid);
    for (let run = 0; run < runsPerFile; run++) {
      const form = new FormData();
      form.append('file', new Blob([bytes]), name);
      let uploading = true;
      const probing = probeHealth(lectern.baseUrl, () => uploading).then((delays) => probeMs.push(...delays));
      const started = performance.now();
      const { result: response, peakBytes } = await peakTreeResident(lectern.pid, () => fetch(`${lectern.baseUrl}/api/v2/materials`, { method: 'POST', body: form, headers: auth }));
      fixturesPeakBytes = Math.max(fixturesPeakBytes, peakBytes);
      const material = (await response.json()) as StoredMaterial;
      uploadMs.push(elapsedMs(started));
      uploading = false;
      await probing;
      if (response.status !== 201) throw new Error(`upload of ${name} answered ${response.status}: ${JSON.stringify(material)}`);
      if (run === 0) stored.push(material);
    }
    const serverLoop = await loopLag.since(lectern.pid);
    const upload = summarise(uploadMs);
    const probes = summarise(probeMs);
    report(`lectern material upload + parse (${name}, ${bytes.length} bytes)`, `p50 < ${targetMs} ms; server event loop delay max < ${targetLagMs} ms`, upload.p50Ms < targetMs && serverLoop.maxMs < targetLagMs, {
      pages: stored.at(-1)?.pages,
      characters: stored.at(-1)?.text.length,
      upload,
      serverLoopWhileParsing: serverLoop,
      healthProbesWhileParsing: probes,
    });
  }
  report('lectern peak memory, server and parse processes (all parses above)', `< ${workerHeapLimitMb} MiB parse heap limit + the server's own`, fixturesPeakBytes < workerHeapLimitMb * 2 * MiB, {
    peakRssMb: Math.round(fixturesPeakBytes / MiB),
  });

  // Hostile and large uploads: the peak of the server and its parse processes together, and
  // what the server still holds once they have ended.
  const upload = async (name: string, content: Uint8Array): Promise<{ status: number; reason?: string }> => {
    const form = new FormData();
    form.append('file', new Blob([content]), name);
    const response = await fetch(`${lectern.baseUrl}/api/v2/materials`, { method: 'POST', body: form, headers: auth });
    const body = (await response.json()) as { detail?: { type: string }[] };
    return { status: response.status, reason: body.detail?.[0]?.type };
  };
  const settled = async (): Promise<number> => {
    await new Promise((resolve) => setTimeout(resolve, settleMs));
    return residentBytes(lectern.pid);
  };
  const hostileCases = [
    { name: `PDF stream bomb (${bombInflatedMiB} MiB of zeros in one FlateDecode stream)`, reason: 'streams_suspicious_ratio', run: (file: Uint8Array) => upload('bomb.pdf', file), file: () => pdfStreamBomb(bombInflatedMiB) },
    {
      name: `${largeTextUploads} concurrent ${(largeTextBytes / MiB).toFixed(1)} MiB texts`,
      reason: 'too_many_characters',
      run: async (file: Uint8Array) => (await Promise.all(Array.from({ length: largeTextUploads }, (_, index) => upload(`reader-${index}.txt`, file))))[0]!,
      file: () => Buffer.alloc(largeTextBytes, 'The quick brown fox jumps over the lazy dog.\n'),
    },
  ];
  for (const hostile of hostileCases) {
    const file = hostile.file();
    const before = await settled();
    const started = performance.now();
    const { result, peakBytes } = await peakTreeResident(lectern.pid, () => hostile.run(file));
    const answerMs = elapsedMs(started);
    const heldBytes = (await settled()) - before;
    const refused = result.status === 422 && result.reason === hostile.reason;
    report(`lectern refusal of a ${hostile.name}`, `422 ${hostile.reason}; peak < ${parseBudgetMiB} MiB parse budget + the server's own; < 64 MiB kept`, refused && peakBytes - before < parseBudgetMiB * MiB && heldBytes < 64 * MiB, {
      fileBytes: file.byteLength,
      answer: `${result.status} ${result.reason ?? ''}`,
      answerMs: Math.round(answerMs),
      serverRssBeforeMb: Math.round(before / MiB),
      peakRssMb: Math.round(peakBytes / MiB),
      keptAfterMb: Math.round(heldBytes / MiB),
    });
  }
} finally {
  await lectern.dispose();
  loopLag.dispose();
}

// Context building, in process from the bundled sources, with and without the material.
const { buildContext } = await importBundled<{ buildContext: (input: ContextInput) => BuiltContext }>({
  buildContext: ['packages/lectern/src/answer-engine/context/build.ts', 'buildContext'],
});
const startMs = Date.parse('2026-11-24T09:00:00Z');
const entries: TranscriptLine[] = Array.from({ length: 400 }, (_, i) => ({
  id: i + 1,
  text: `Sentence ${i} of the lecture about ${['limits', 'derivatives', 'integrals', 'series', 'vectors'][i % 5]} and its examples.`,
  createdAt: new Date(startMs + i * 6000).toISOString(),
}));
for (const material of stored) {
  const text: MaterialText = { filename: material.filename, text: material.text, pageLabel: material.page_label, pages: material.page_texts };
  const input = (withMaterial: boolean, kind: 'rescue' | 'followup'): ContextInput => ({
    kind,
    courseName: 'Calculus',
    entries,
    budgetChars: 16_000,
    question: 'How do derivatives relate to integrals?',
    material: withMaterial ? text : null,
  });
  const time = (build: () => void): number => {
    const started = performance.now();
    build();
    return elapsedMs(started);
  };
  // The transcript's own analysis is cached too; warm it, so the difference is the material's.
  for (let run = 0; run < 3; run++) buildContext(input(false, 'rescue'));
  // The first use indexes the material (cached afterwards): the cost a class's first task pays.
  const firstUseMs = time(() => buildContext(input(true, 'rescue'))) - time(() => buildContext(input(false, 'rescue')));
  const addedMs: number[] = [];
  for (let run = 0; run < contextRuns; run++) {
    for (const kind of ['rescue', 'followup'] as const) {
      addedMs.push(time(() => buildContext(input(true, kind))) - time(() => buildContext(input(false, kind))));
    }
  }
  const added = summarise(addedMs);
  report(`lectern context with material (${material.filename}, ${material.text.length} chars)`, `added < ${targetContextMs} ms (first use and p99)`, firstUseMs < targetContextMs && added.p99Ms < targetContextMs, {
    firstUseAddedMs: Math.round(firstUseMs * 100) / 100,
    added,
  });
}
