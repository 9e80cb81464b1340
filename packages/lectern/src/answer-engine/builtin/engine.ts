// The `builtin` provider: an offline engine that answers from the transcript and material
// alone — no key, no network, no model download — in the language the class is held in.
import { keptClass } from '../context/kept-classes.js';
import { languageModels, loadLanguageModels } from '../text/language-models.js';
import type { AssistantRequest, EngineProgress } from '../types.js';
import { composeCatchup } from './catchup.js';
import { composition } from './composition.js';
import { composeFollowup } from './followup.js';
import { languagesIn } from './request-languages.js';
import { composeRescue } from './rescue.js';
import { streamMarkdown } from './stream.js';
import { composeSummary } from './summary.js';

export interface BuiltinOptions {
  signal: AbortSignal;
  onProgress?: (progress: EngineProgress) => void;
}

/**
 * Markdown chunks that concatenate to the answer. The answer is composed first and then
 * streamed; a summary reports progress per part of the class while it is composed. An abort
 * rejects with the signal's reason at the next chunk or part boundary.
 */
export async function* runBuiltin(request: AssistantRequest, options: BuiltinOptions): AsyncGenerator<string> {
  const { signal } = options;
  signal.throwIfAborted();
  // The class's analysis kept from earlier requests (and grown as its entries arrived), extended to this request's entries.
  const kept = keptClass(request.entries, request.classKey);
  // Only the first answer in a language waits here; the models stay loaded.
  const needed = languagesIn(request, kept);
  const models = languageModels(needed) ?? (await loadLanguageModels(needed));
  signal.throwIfAborted();
  // Again after the wait: another request may have been matched meanwhile (a no-op otherwise).
  keptClass(request.entries, request.classKey);
  const c = composition(request, models);
  let markdown: string;
  switch (request.kind) {
    case 'rescue':
      markdown = composeRescue(c);
      break;
    case 'catchup':
      markdown = composeCatchup(c);
      break;
    case 'followup':
      markdown = composeFollowup(c);
      break;
    case 'summary':
      markdown = await composeSummary(c, signal, options.onProgress);
      break;
  }
  yield* streamMarkdown(markdown, signal);
}
