/** Bytes per second over a trailing window, for progress events (a whole-run average would hide a stall). */
export class TransferRate {
  private readonly samples: { atMs: number; bytes: number }[] = [];

  constructor(private readonly windowMs: number) {}

  record(bytes: number, atMs = Date.now()): void {
    this.samples.push({ atMs, bytes });
    while (this.samples.length > 2 && (this.samples[1]?.atMs ?? atMs) <= atMs - this.windowMs) this.samples.shift();
  }

  bytesPerSecond(atMs = Date.now()): number {
    const first = this.samples[0];
    const last = this.samples.at(-1);
    if (first === undefined || last === undefined || last.atMs <= first.atMs) return 0;
    // Silence since the last sample counts: a stalled download reports a falling rate.
    const spanMs = Math.max(atMs, last.atMs) - first.atMs;
    return Math.round(((last.bytes - first.bytes) * 1000) / spanMs);
  }
}
