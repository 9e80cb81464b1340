import type { ChildProcess } from 'node:child_process';

/**
 * Ends a child started `detached` (so it leads a process group of its own) together with
 * everything it started, unless it has already exited.
 */
export function endProcessGroup(child: ChildProcess): void {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    // Already gone.
  }
}
