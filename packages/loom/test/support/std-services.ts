/** What `createStd` needs from a program, for tests that build the std library on its own. */
import { ResourceTracker } from '../../src/runtime/core/resource-handle.js';
import { TaskScope } from '../../src/runtime/core/tasks.js';
import { NO_TERMINAL } from '../../src/runtime/infra/terminal.js';
import type { StdServices } from '../../src/runtime/std/namespace.js';

export function stdServices(overrides: Partial<StdServices> = {}): StdServices {
  return {
    projectRoot: process.cwd(),
    resources: new ResourceTracker(),
    tasks: new TaskScope(),
    call: () => null,
    terminal: NO_TERMINAL,
    // Output of std.ui goes nowhere unless a test passes a write of its own.
    write: () => undefined,
    ...overrides,
  };
}
