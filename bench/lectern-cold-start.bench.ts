// Cold start: spawn `lectern serve` on an empty data dir and time until the ready line, which
// is printed only after connection.json has been renamed into place. Timed twice: through
// bin/lectern.js as users run it (the bundle from its code cache when it is fresh, else the
// TypeScript sources through tsx), and the bundle alone when one exists: Node's own CommonJS
// loader, which compiles it without the cache.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { LecternProcess, cliPath } from '../packages/lectern/test/support/lectern-process.js';
import { productionEnv } from './support/production-env.js';
import { elapsedMs, report, summarise } from './support/stats.js';

const runs = 10;
const targetMs = 250;
const bundlePath = fileURLToPath(new URL('../packages/lectern/dist/lectern.cjs', import.meta.url));

async function timeColdStarts(entryScript: string): Promise<number[]> {
  const samples: number[] = [];
  for (let run = 0; run < runs; run++) {
    const startMs = performance.now();
    const lectern = await LecternProcess.start({ env: productionEnv, entryScript });
    const readyMs = elapsedMs(startMs);
    if (!existsSync(lectern.ready.connection_file)) throw new Error('ready line printed before connection.json existed');
    samples.push(readyMs);
    await lectern.dispose();
  }
  return samples;
}

/** What spawning a bare Node costs on this machine right now: the floor under every cold start. */
function timeBareNode(): number[] {
  return Array.from({ length: runs }, () => {
    const startMs = performance.now();
    spawnSync(process.execPath, ['-e', '0']);
    return elapsedMs(startMs);
  });
}

const bareNode = summarise(timeBareNode());
const entries: [string, string][] = [['bin/lectern.js', cliPath]];
if (existsSync(bundlePath)) entries.push(['dist/lectern.cjs without its code cache', bundlePath]);
for (const [label, entryScript] of entries) {
  const samples = await timeColdStarts(entryScript);
  const summary = summarise(samples);
  report(`lectern cold start via ${label} (spawn -> connection.json + ready line)`, `median < ${targetMs} ms`, summary.p50Ms < targetMs, {
    runs,
    ...summary,
    samplesMs: samples.map((ms) => Math.round(ms)),
    bareNodeP50Ms: bareNode.p50Ms,
  });
}
