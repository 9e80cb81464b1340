import { fork, type ChildProcess } from 'node:child_process';

/** Where one of Lectern's own modules is, relative to the module that starts it. */
export interface OwnModule {
  /** The TypeScript source (Lectern running from source: tests, development), run through tsx. */
  source: string;
  /** Its bundle beside Lectern's (scripts/build.mjs names it). */
  bundled: string;
}

export interface OwnProcessOptions {
  /** Node and V8 options for the child, e.g. its heap limit. */
  execArgv?: readonly string[];
  /** A pipe to the child's stdin (for input too large to pass through IPC); ignored otherwise. */
  stdin?: 'pipe' | 'ignore';
}

/**
 * Starts one of Lectern's own modules as a child process that talks over IPC with structured
 * clones and whose stderr the caller reads (stdout ignored; stdin ignored unless asked for).
 * `callerUrl` is the caller's `import.meta.url`: from source it ends in `.ts`, in the bundle it
 * is the bundle's chunk.
 */
export function forkOwnModule(callerUrl: string, module: OwnModule, { execArgv = [], stdin = 'ignore' }: OwnProcessOptions = {}): ChildProcess {
  const options = { stdio: [stdin, 'ignore', 'pipe', 'ipc'] as ('ignore' | 'pipe' | 'ipc')[], serialization: 'advanced' as const };
  // The bundle's child keeps the server's own Node options (fork's default), then the caller's.
  if (!callerUrl.endsWith('.ts')) return fork(new URL(module.bundled, callerUrl), [], { ...options, execArgv: [...process.execArgv, ...execArgv] });
  return fork(new URL(module.source, callerUrl), [], { ...options, execArgv: ['--import', 'tsx', ...execArgv] });
}
