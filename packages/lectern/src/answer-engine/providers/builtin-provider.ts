import type { TaskProvider } from './task-provider.js';

export const builtinModelName = 'lectern-builtin';

/**
 * The engine and its text analysis are a fifth of Lectern's own code; loaded on the first task
 * so `lectern serve` does not compile them before its ready line.
 */
const loadEngine = () => import('../builtin/engine.js');

/** The embedded offline engine: no key, no network, nothing to download. */
export function createBuiltinProvider(): TaskProvider {
  return {
    name: 'builtin',
    model: builtinModelName,
    async *answer(request, hooks) {
      hooks.onProviderCall();
      const { runBuiltin } = await loadEngine();
      yield* runBuiltin(request, { signal: hooks.signal, onProgress: hooks.onProgress });
    },
    async *probe(signal) {
      const { runBuiltin } = await loadEngine();
      yield* runBuiltin({ kind: 'catchup', courseName: 'Connection test', entries: [] }, { signal });
    },
  };
}
