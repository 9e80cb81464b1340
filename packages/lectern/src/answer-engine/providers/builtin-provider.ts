import { runBuiltin } from '../builtin/engine.js';
import type { TaskProvider } from './task-provider.js';

export const builtinModelName = 'lectern-builtin';

/** The embedded offline engine: no key, no network, nothing to download. */
export function createBuiltinProvider(): TaskProvider {
  return {
    name: 'builtin',
    model: builtinModelName,
    async *answer(request, hooks) {
      hooks.onProviderCall();
      yield* runBuiltin(request, { signal: hooks.signal, onProgress: hooks.onProgress });
    },
    async *probe(signal) {
      yield* runBuiltin({ kind: 'catchup', courseName: 'Connection test', entries: [] }, { signal });
    },
  };
}
