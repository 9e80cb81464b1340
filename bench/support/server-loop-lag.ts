import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The server's own event-loop delay, in milliseconds, as support/event-loop-lag.mjs writes it. */
export interface LoopLag {
  samples: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

const lagMonitor = fileURLToPath(new URL('./event-loop-lag.mjs', import.meta.url));
const pollMs = 5;

/**
 * Measures a server's event-loop delay from inside it: `env` preloads the monitor into the
 * server, `since(pid)` returns what its loop went through since the previous call (the first
 * call starts the count). A client's own probes can only estimate this through the noise of
 * their own scheduling.
 */
export class ServerLoopLag {
  private readonly dir = mkdtempSync(join(tmpdir(), 'lectern-loop-lag-'));
  private readonly file = join(this.dir, 'lag.json');
  readonly env: Record<string, string> = { NODE_OPTIONS: `--import=${lagMonitor}`, EVENT_LOOP_LAG_FILE: this.file };

  async since(pid: number): Promise<LoopLag> {
    rmSync(this.file, { force: true });
    process.kill(pid, 'SIGUSR2');
    while (!existsSync(this.file)) await new Promise((resolve) => setTimeout(resolve, pollMs));
    // The monitor writes the file in one call; give that call time to finish.
    await new Promise((resolve) => setTimeout(resolve, pollMs));
    return JSON.parse(readFileSync(this.file, 'utf8')) as LoopLag;
  }

  dispose(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }
}
