// Cold start: spawn `lectern serve` on an empty data dir and time until the ready line, which
// is printed only after connection.json has been renamed into place.
import { existsSync } from 'node:fs';
import { LecternProcess } from '../packages/lectern/test/support/lectern-process.js';
import { productionEnv } from './support/production-env.js';
import { elapsedMs, report, summarise } from './support/stats.js';

const runs = 10;
const targetMs = 250;

const samples: number[] = [];
for (let run = 0; run < runs; run++) {
  const startMs = performance.now();
  const lectern = await LecternProcess.start({ env: productionEnv });
  const readyMs = elapsedMs(startMs);
  if (!existsSync(lectern.ready.connection_file)) throw new Error('ready line printed before connection.json existed');
  samples.push(readyMs);
  await lectern.dispose();
}

const summary = summarise(samples);
report('lectern cold start (spawn -> connection.json + ready line)', `median < ${targetMs} ms`, summary.p50Ms < targetMs, {
  runs,
  ...summary,
  samplesMs: samples.map((ms) => Math.round(ms)),
});
