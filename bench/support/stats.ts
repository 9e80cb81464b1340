import { loadavg } from 'node:os';

/** Latency figures in milliseconds, rounded for printing. */
export interface LatencySummary {
  count: number;
  p50Ms: number;
  p90Ms: number;
  p99Ms: number;
  maxMs: number;
}

/** Nearest-rank percentile of sorted samples: the smallest value with at least p% at or below it. */
function percentile(sorted: readonly number[], p: number): number {
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1] ?? Number.NaN;
}

const round = (ms: number): number => Math.round(ms * 100) / 100;

export function summarise(samplesMs: readonly number[]): LatencySummary {
  const sorted = [...samplesMs].sort((a, b) => a - b);
  return {
    count: sorted.length,
    p50Ms: round(percentile(sorted, 50)),
    p90Ms: round(percentile(sorted, 90)),
    p99Ms: round(percentile(sorted, 99)),
    maxMs: round(sorted.at(-1) ?? Number.NaN),
  };
}

/** Milliseconds since an earlier `performance.now()`. */
export function elapsedMs(startMs: number): number {
  return performance.now() - startMs;
}

/**
 * Prints one benchmark's figures: a readable block for people and one `BENCH {json}` line
 * for scripts, with the target and whether it was met. The 1-minute load average goes with
 * them: on a shared machine it says how much the figures can be trusted.
 */
export function report(name: string, target: string, passed: boolean, measured: Record<string, unknown>): void {
  const figures = { ...measured, loadAverage1m: Math.round((loadavg()[0] ?? 0) * 100) / 100 };
  console.log(`\n== ${name}`);
  for (const [key, value] of Object.entries(figures)) console.log(`  ${key}: ${typeof value === 'object' ? JSON.stringify(value) : String(value)}`);
  console.log(`  target: ${target} -> ${passed ? 'PASS' : 'FAIL'}`);
  console.log(`BENCH ${JSON.stringify({ name, target, passed, ...figures })}`);
}
