// Preloaded into a server under benchmark (NODE_OPTIONS=--import=<this file>): measures the
// main thread's own event-loop delay with Node's histogram, which a client's probes can only
// estimate through the noise of their own scheduling. On SIGUSR2 it writes what it saw since
// the previous signal to $EVENT_LOOP_LAG_FILE (JSON, milliseconds) and starts over.
// Plain JavaScript: the server runs from its bundle, without a TypeScript loader.
import { writeFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { isMainThread } from 'node:worker_threads';

const file = process.env.EVENT_LOOP_LAG_FILE;
if (isMainThread && file) {
  // Timer lateness is measured at this resolution, so it is also the figures' granularity.
  const histogram = monitorEventLoopDelay({ resolution: 2 });
  histogram.enable();
  process.on('SIGUSR2', () => {
    const ms = (ns) => Math.round((ns / 1e6) * 100) / 100;
    const figures = { samples: histogram.count, p50Ms: ms(histogram.percentile(50)), p99Ms: ms(histogram.percentile(99)), maxMs: ms(histogram.max) };
    writeFileSync(file, `${JSON.stringify(figures)}\n`);
    histogram.reset();
  });
}
