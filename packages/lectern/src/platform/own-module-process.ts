import { fork, type ChildProcess } from 'node:child_process';

/** Where one of Lectern's own modules is, relative to the module that starts it. */
export interface OwnModule {
  /** The TypeScript source (Lectern running from source: tests, development), run through tsx. */
  source: string;
  /** Its bundle beside Lectern's (scripts/build.mjs names it). */
  bundled: string;
}

/**
 * Starts one of Lectern's own modules as a child process that talks over IPC with structured
 * clones and whose stderr the caller reads (stdin and stdout ignored). `callerUrl` is the
 * caller's `import.meta.url`: from source it ends in `.ts`, in the bundle it is the bundle's chunk.
 */
export function forkOwnModule(callerUrl: string, module: OwnModule): ChildProcess {
  const options = { stdio: ['ignore', 'ignore', 'pipe', 'ipc'] as ('ignore' | 'pipe' | 'ipc')[], serialization: 'advanced' as const };
  if (!callerUrl.endsWith('.ts')) return fork(new URL(module.bundled, callerUrl), [], options);
  return fork(new URL(module.source, callerUrl), [], { ...options, execArgv: ['--import', 'tsx'] });
}
