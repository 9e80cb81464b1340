import { main } from '../../src/cli.js';
import type { CliIo } from '../../src/cli.js';

export interface CapturedRun {
  readonly status: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs `loom ARGV` in this process and captures what it writes. */
export async function runInProcess(argv: readonly string[], env: NodeJS.ProcessEnv = {}): Promise<CapturedRun> {
  let stdout = '';
  let stderr = '';
  const io: CliIo = {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    env,
  };
  const status = await main(argv, io);
  return { status, stdout, stderr };
}
