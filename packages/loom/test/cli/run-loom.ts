import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const LOOM_BIN = fileURLToPath(new URL('../../bin/loom.js', import.meta.url));
/** Fixture paths in these tests are relative to the package, as a user would type them there. */
export const PACKAGE_DIR = fileURLToPath(new URL('../../', import.meta.url));
export const FIXTURES = 'test/fixtures/cli';

export interface LoomRun {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs the real `loom` executable in a child process, as a shell would. */
export function runLoom(args: readonly string[], env: NodeJS.ProcessEnv = {}): Promise<LoomRun> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [LOOM_BIN, ...args],
      { cwd: PACKAGE_DIR, env: { PATH: process.env['PATH'], ...env } },
      (error, stdout, stderr) => {
        const status = error === null ? 0 : typeof error.code === 'number' ? error.code : null;
        resolve({ status, stdout, stderr });
      },
    );
  });
}
