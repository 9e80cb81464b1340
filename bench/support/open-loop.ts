import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Starts `count` operations at a fixed rate whether or not earlier ones finished (an open
 * loop, like a real client's clock), and measures each from its *scheduled* start, so a
 * stall is charged to every request it delayed instead of hiding (no coordinated omission).
 */
export async function runAtFixedRate(count: number, perSecond: number, operation: (index: number) => Promise<void>): Promise<number[]> {
  const intervalMs = 1000 / perSecond;
  const originMs = performance.now();
  const latenciesMs: number[] = new Array<number>(count);
  const inFlight: Promise<void>[] = [];
  for (let index = 0; index < count; index++) {
    const scheduledMs = originMs + index * intervalMs;
    const waitMs = scheduledMs - performance.now();
    if (waitMs > 0) await sleep(waitMs);
    // libuv times timers from the loop's cached clock, so a sleep may end up to a millisecond
    // before the schedule: measuring from the schedule would then hide part of the request.
    // A request is charged from whichever came first, its schedule or its actual start.
    const startMs = Math.min(scheduledMs, performance.now());
    inFlight.push(operation(index).then(() => {
      latenciesMs[index] = performance.now() - startMs;
    }));
  }
  await Promise.all(inFlight);
  return latenciesMs;
}
