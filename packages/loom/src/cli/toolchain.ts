/**
 * What the commands load when they run, behind one `import()`: the front end and the runtime's
 * host. One module on purpose: esbuild splits the bundle by the set of entry points that reach
 * each module, and every separate `import()` target is one more such point, so importing these
 * one by one made a command load some twenty small chunks, each a file to resolve and compile.
 * The HTTP server stack, the job queue backends and the database, kv and JWT drivers stay out:
 * the runtime loads them when a program first uses them.
 */
export { checkFile } from '../compile.js';
export { compileToModule, loadProgram, moduleFileName } from './generate.js';
export { withLoadPhaseHeap } from './load-phase-heap.js';
export { runProgram, testProgram, workJobs } from '../runtime/host/run-program.js';
export { serveProgram } from '../runtime/host/serve-program.js';
export { openJobStore } from '../runtime/host/open-job-store.js';
export { findProjectRoot, findProjectRootFrom } from '../runtime/infra/secrets.js';
export { ResponseCache } from '../runtime/infra/cache.js';
